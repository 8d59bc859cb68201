import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextAreaField } from './TextAreaField';

describe('TextAreaField', () => {
  it('is a labelled text area whose hint and error are read with it', () => {
    render(<TextAreaField label="Value (JSON)" hint="Any JSON value." error="Not JSON" defaultValue="{" code />);
    const field = screen.getByRole('textbox', { name: 'Value (JSON)' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Any JSON value.', 'Not JSON']);
    expect(screen.getByRole('alert').textContent).toBe('Not JSON');
  });

  it('is valid and quiet without an error', () => {
    render(<TextAreaField label="Notes" />);
    expect(screen.getByRole('textbox', { name: 'Notes' }).getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

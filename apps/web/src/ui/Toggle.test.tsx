import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toggle } from './Toggle';

describe('Toggle', () => {
  it('is a labelled switch that reports the new state', () => {
    const onChange = vi.fn();
    render(<Toggle label="Visible in appointments" checked={false} onChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: 'Visible in appointments' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './Field';

describe('Field', () => {
  it('names its control by the label and describes it by the hint and error, announcing the error only when asked', () => {
    render(
      <>
        <Field label="Opens" hint="In the business's time zone" error="Pick a time">
          {(control) => <input type="time" {...control} />}
        </Field>
        <Field label="Closes" error="Pick a later time" alertError>
          {(control) => <input type="time" {...control} />}
        </Field>
      </>,
    );
    const opens = screen.getByLabelText('Opens');
    expect(opens.getAttribute('aria-invalid')).toBe('true');
    const described = (opens.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(["In the business's time zone", 'Pick a time']);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Pick a later time']);
  });

  it('leaves a control without hint or error undescribed and valid', () => {
    render(<Field label="Notes">{(control) => <input {...control} />}</Field>);
    const notes = screen.getByLabelText('Notes');
    expect(notes.hasAttribute('aria-invalid')).toBe(false);
    expect(notes.hasAttribute('aria-describedby')).toBe(false);
  });
});

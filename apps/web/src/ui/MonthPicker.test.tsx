import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MonthPicker } from './MonthPicker';

describe('MonthPicker', () => {
  it('is a labelled month field whose buttons and PageUp/PageDown step the month', () => {
    const onPrevious = vi.fn();
    const onNext = vi.fn();
    const onChange = vi.fn();
    render(<MonthPicker label="Month" value="2026-03" onChange={onChange} onPrevious={onPrevious} onNext={onNext} hint="March 2026" />);
    const field = screen.getByLabelText('Month');
    expect((field as HTMLInputElement).value).toBe('2026-03');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    fireEvent.keyDown(field, { key: 'PageUp' });
    fireEvent.keyDown(field, { key: 'PageDown' });
    expect(onPrevious).toHaveBeenCalledTimes(2);
    expect(onNext).toHaveBeenCalledTimes(2);
    fireEvent.change(field, { target: { value: '2025-11' } });
    expect(onChange).toHaveBeenCalledWith('2025-11');
  });

  it('does not step past its limits', () => {
    const onPrevious = vi.fn();
    const onNext = vi.fn();
    render(<MonthPicker label="Month" value="2000-01" min="2000-01" max="2000-01" onChange={() => undefined} onPrevious={onPrevious} onNext={onNext} />);
    expect((screen.getByRole('button', { name: 'Previous month' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next month' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByLabelText('Month'), { key: 'PageUp' });
    fireEvent.keyDown(screen.getByLabelText('Month'), { key: 'PageDown' });
    expect(onPrevious).not.toHaveBeenCalled();
    expect(onNext).not.toHaveBeenCalled();
  });
});

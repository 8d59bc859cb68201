import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DateRangePicker } from './DateRangePicker';

const presets = [
  { id: 'today', label: 'Today', start: '2025-03-12', end: '2025-03-12' },
  { id: 'last-month', label: 'Last month', start: '2025-02-01', end: '2025-02-28' },
];

describe('DateRangePicker', () => {
  it('names the preset that matches, and sets both days from a preset', () => {
    const onChange = vi.fn();
    render(<DateRangePicker start="2025-03-12" end="2025-03-12" presets={presets} max="2025-03-12" onChange={onChange} />);
    expect((screen.getByLabelText('Range') as HTMLSelectElement).value).toBe('today');
    fireEvent.change(screen.getByLabelText('Range'), { target: { value: 'last-month' } });
    expect(onChange).toHaveBeenCalledWith({ start: '2025-02-01', end: '2025-02-28' });
  });

  it('keeps the name of the preset chosen when another has the same days (This month on the first of a month is Today too)', () => {
    const firstOfMonth = [
      { id: 'today', label: 'Today', start: '2025-03-01', end: '2025-03-01' },
      { id: 'this-month', label: 'This month', start: '2025-03-01', end: '2025-03-01' },
      { id: 'last-month', label: 'Last month', start: '2025-02-01', end: '2025-02-28' },
    ];
    const onChange = vi.fn();
    const { rerender } = render(<DateRangePicker start="2025-02-01" end="2025-02-28" presets={firstOfMonth} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Range'), { target: { value: 'this-month' } });
    expect(onChange).toHaveBeenLastCalledWith({ start: '2025-03-01', end: '2025-03-01' });
    rerender(<DateRangePicker start="2025-03-01" end="2025-03-01" presets={firstOfMonth} onChange={onChange} />);
    expect((screen.getByLabelText('Range') as HTMLSelectElement).value).toBe('this-month');
    // Days typed that leave it: the list follows the days again.
    rerender(<DateRangePicker start="2025-02-01" end="2025-02-28" presets={firstOfMonth} onChange={onChange} />);
    expect((screen.getByLabelText('Range') as HTMLSelectElement).value).toBe('last-month');
  });

  it('says Custom for other days, and never hands back a backwards range', () => {
    const onChange = vi.fn();
    render(<DateRangePicker start="2025-01-02" end="2025-01-09" presets={presets} onChange={onChange} />);
    expect((screen.getByLabelText('Range') as HTMLSelectElement).value).toBe('custom');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-20' } });
    expect(onChange).toHaveBeenLastCalledWith({ start: '2025-01-20', end: '2025-01-20' });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2024-12-31' } });
    expect(onChange).toHaveBeenLastCalledWith({ start: '2024-12-31', end: '2024-12-31' });
  });

  it('shows why a range cannot be used', () => {
    render(<DateRangePicker start="2023-01-01" end="2025-03-12" presets={presets} error="A report covers at most 400 days." onChange={() => undefined} />);
    const to = screen.getByLabelText('To');
    const described = (to.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
    expect(described.join(' ')).toMatch(/at most 400 days/);
    expect(to.getAttribute('aria-invalid')).toBe('true');
  });
});

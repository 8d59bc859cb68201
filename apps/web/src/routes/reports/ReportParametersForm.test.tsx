import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReportParametersForm } from './ReportParametersForm';

const parameters = [
  { id: 'start', label: 'From', type: 'date' as const, required: true },
  { id: 'location', label: 'Location', type: 'choice' as const, required: true, choices: [{ value: 1, label: 'Luxe Los Angeles' }, { value: 2, label: 'Luxe New York' }] },
  { id: 'limit', label: 'How many', type: 'number' as const },
  { id: 'by_day', label: 'Each day', type: 'boolean' as const },
];

describe('ReportParametersForm', () => {
  it('gives each parameter its kind of field and passes values of their type', () => {
    const onChange = vi.fn();
    render(<ReportParametersForm parameters={parameters} values={{ start: '2026-05-01', location: 1, limit: 10, by_day: false }} onChange={onChange} onSubmit={() => undefined} />);
    expect((screen.getByLabelText(/From/) as HTMLInputElement).type).toBe('date');
    fireEvent.change(screen.getByLabelText(/Location/), { target: { value: 'number:2' } });
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-05-01', location: 2, limit: 10, by_day: false });
    fireEvent.change(screen.getByLabelText(/How many/), { target: { value: '25' } });
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-05-01', location: 1, limit: 25, by_day: false });
    fireEvent.click(screen.getByRole('switch', { name: /Each day/ }));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-05-01', location: 1, limit: 10, by_day: true });
  });

  it('runs on Enter and on the button, and shows each parameter’s message', () => {
    const onSubmit = vi.fn();
    render(<ReportParametersForm parameters={parameters} values={{}} onChange={() => undefined} onSubmit={onSubmit} problems={{ limit: 'Enter a number' }} />);
    expect(screen.getByLabelText(/How many/).getAttribute('aria-invalid')).toBe('true');
    fireEvent.submit(screen.getByRole('form', { name: 'Report parameters' }));
    fireEvent.click(screen.getByRole('button', { name: 'Run report' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });
});

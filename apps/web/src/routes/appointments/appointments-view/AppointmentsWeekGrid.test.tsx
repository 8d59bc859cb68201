import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppointmentsWeekGrid, type WeekGridCell, weekCellKey } from './AppointmentsWeekGrid';

const days = [
  { key: '2026-03-09', label: 'Mon', sublabel: 'Mar 9' },
  { key: '2026-03-10', label: 'Tue', sublabel: 'Mar 10', holiday: 'Founders Day' },
];
const rows = [
  { id: 1, name: 'Maya F.', color: '#60A5FA' },
  { id: 2, name: 'Noah D.', color: null },
];
const cells = new Map<string, WeekGridCell>([
  [weekCellKey(1, '2026-03-09'), { shifts: [{ start: 600, end: 1080 }], shiftLabel: '10–18', appointments: [{ id: 1, start: 540, end: 585, flagged: true }, { id: 2, start: 630, end: 720, flagged: false }], flagged: 1 }],
  [weekCellKey(2, '2026-03-10'), { shifts: [], shiftLabel: 'Off', appointments: [{ id: 3, start: 660, end: 720, flagged: true }], flagged: 1 }],
]);

describe('the appointments week grid', () => {
  it('says per staff member and day the shift, the appointments and how many are flagged, and opens the day', async () => {
    const onOpenDay = vi.fn();
    render(<AppointmentsWeekGrid label="Appointments, Mar 9 to Mar 10" days={days} rows={rows} cells={cells} span={{ open: 480, close: 1140, snap: 15 }} onOpenDay={onOpenDay} />);
    expect(screen.getByRole('table', { name: 'Appointments, Mar 9 to Mar 10' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Tue Mar 10\s*Holiday: Founders Day/ })).toBeTruthy();
    const maya = screen.getByRole('button', { name: 'Maya F., Mon Mar 9: shift 10–18, 2 appointments, 1 flagged. Open the day.' });
    expect(maya.textContent).toContain('1 flagged');
    expect(maya.querySelectorAll('[data-tick="flagged"]')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Noah D., Mon Mar 9: no shift, 0 appointments. Open the day.' }).textContent).toContain('Off');
    await userEvent.click(screen.getByRole('button', { name: /^Noah D\., Tue Mar 10: no shift, 1 appointment, 1 flagged/ }));
    expect(onOpenDay).toHaveBeenCalledWith('2026-03-10', 2);
  });
});

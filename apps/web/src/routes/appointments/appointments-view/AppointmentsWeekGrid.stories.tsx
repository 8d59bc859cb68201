import type { Story } from '@ladle/react';
import { AppointmentsWeekGrid, type WeekGridCell, weekCellKey } from './AppointmentsWeekGrid';

const days = [
  { key: '2026-03-09', label: 'Mon', sublabel: 'Mar 9', today: true },
  { key: '2026-03-10', label: 'Tue', sublabel: 'Mar 10' },
  { key: '2026-03-11', label: 'Wed', sublabel: 'Mar 11', holiday: 'Founders Day' },
];
const rows = [
  { id: 1, name: 'Maya F.', color: '#60A5FA' },
  { id: 2, name: 'Noah D.', color: '#F472B6' },
];
const cells = new Map<string, WeekGridCell>([
  [weekCellKey(1, '2026-03-09'), { shifts: [{ start: 600, end: 1080 }], shiftLabel: '10–18', appointments: [{ id: 1, start: 540, end: 585, flagged: true }, { id: 2, start: 630, end: 720, flagged: false }], flagged: 1 }],
  [weekCellKey(1, '2026-03-10'), { shifts: [{ start: 600, end: 1080 }], shiftLabel: '10–18', appointments: [{ id: 3, start: 700, end: 790, flagged: false }], flagged: 0 }],
  [weekCellKey(2, '2026-03-09'), { shifts: [{ start: 540, end: 1020 }], shiftLabel: '9–17', appointments: [], flagged: 0 }],
  [weekCellKey(2, '2026-03-11'), { shifts: [], shiftLabel: 'Off', appointments: [{ id: 4, start: 660, end: 720, flagged: true }], flagged: 1 }],
]);

export const Week: Story = () => (
  <AppointmentsWeekGrid label="Appointments, Mar 9 to Mar 11" days={days} rows={rows} cells={cells} span={{ open: 480, close: 1140, snap: 15 }} onOpenDay={() => undefined} />
);

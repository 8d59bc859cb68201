import type { DayGridColumn, DayGridItem } from './AppointmentsDayGrid';

/** Sample data of the appointments parts' stories and tests: three staff members on a Monday. */
export const SAMPLE_COLUMNS: DayGridColumn[] = [
  { id: 1, name: 'Maya F.', color: '#60A5FA', shifts: [{ start: 600, end: 1080 }], shiftLabel: '10:00–18:00' },
  { id: 2, name: 'Noah D.', color: '#F472B6', shifts: [{ start: 540, end: 780 }, { start: 840, end: 1020 }], shiftLabel: '09:00–13:00, 14:00–17:00' },
  { id: 3, name: 'Ivy K.', color: '#34D399', shifts: [], shiftLabel: 'No shift' },
];

export const SAMPLE_ITEMS: DayGridItem[] = [
  { id: 11, columnId: 1, start: 540, end: 585, time: '09:00–09:45', title: 'Alex Morgan', detail: "Women's Cut", status: 'Booked', cancelled: false, flag: { label: 'Outside the shift', message: 'Outside this staff member’s published shift.' } },
  { id: 12, columnId: 1, start: 630, end: 720, time: '10:30–12:00', title: 'Brooke Lee', detail: 'Full Color', status: 'Booked', cancelled: false, flag: null },
  { id: 13, columnId: 1, start: 660, end: 705, time: '11:00–11:45', title: 'Camila Torres', detail: 'Blow-out', status: 'Booked', cancelled: false, flag: null },
  { id: 21, columnId: 2, start: 600, end: 690, time: '10:00–11:30', title: 'Dana Whitfield', detail: 'Balayage', status: 'Completed', cancelled: false, flag: null },
  { id: 22, columnId: 2, start: 960, end: 1005, time: '16:00–16:45', title: 'Eli Brooks', detail: "Men's Cut", status: 'Cancelled', cancelled: true, flag: null },
  { id: 31, columnId: 3, start: 720, end: 765, time: '12:00–12:45', title: 'Farah Aziz', detail: 'Manicure', status: 'Booked', cancelled: false, flag: { label: 'No shift that day', message: 'No published shift for this staff member on this day.' } },
];

export const SAMPLE_SPAN = { open: 480, close: 1140, snap: 15 };

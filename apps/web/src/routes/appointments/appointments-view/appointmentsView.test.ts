import type { TaskResourceMap } from '@salondesk/core';
import { describe, expect, it } from 'vitest';
import { weekCellKey } from './AppointmentsWeekGrid';
import { dayView, flaggedAppointments, listGroups, readViewState, stepDay, viewRange, viewSummary, weekView } from './appointmentsView';

const hours = [0, 1, 2, 3, 4, 5, 6].map((dow) => ({ dow, start: '09:00', end: '19:00', source: 'business-hours' as const, closed: false }));
const outside = { kind: 'outside-shift', message: 'Outside this staff member’s published shift.' };
const appointment = (id: number, staff_id: number, day: string, start_time: string, end_time: string, extra: Partial<TaskResourceMap['appointments'][number]> = {}) => ({
  id,
  staff_id,
  service_id: 1,
  service: 'Women’s Cut',
  customer_name: `Customer ${id}`,
  starts_at: `${day}T17:00:00.000Z`,
  duration_minutes: 45,
  day,
  start_time,
  end_time,
  status: 'BOOKED',
  flag: null,
  ...extra,
});

const map: TaskResourceMap = {
  start: '2026-03-09',
  end: '2026-03-15',
  today: '2026-03-10',
  timezone: 'America/Los_Angeles',
  hours,
  holidays: [{ day: '2026-03-11', name: 'Founders Day' }],
  resources: [
    { id: 1, display_name: 'Maya F.', schedulerColor: '#60A5FA', shifts: [{ id: 5, day: '2026-03-09', start_time: '10:00', end_time: '18:00' }] },
    { id: 2, display_name: 'Noah D.', schedulerColor: null, shifts: [{ id: 6, day: '2026-03-09', start_time: '08:00', end_time: '12:00' }, { id: 7, day: '2026-03-10', start_time: '12:00', end_time: '20:30' }] },
  ],
  appointments: [
    appointment(11, 1, '2026-03-09', '09:15', '10:00', { flag: outside }),
    appointment(12, 1, '2026-03-09', '11:00', '11:45'),
    appointment(13, 2, '2026-03-10', '13:00', '13:45', { status: 'CANCELLED' }),
    appointment(14, 2, '2026-03-11', '10:00', '10:45', { flag: { kind: 'holiday', message: 'On a holiday: Founders Day.' } }),
  ],
  hidden: 0,
};

describe('the appointments view', () => {
  it('reads the view and day from the address, today’s day view by default', () => {
    expect(readViewState(new URLSearchParams(''), '2026-03-10')).toEqual({ view: 'day', day: '2026-03-10' });
    expect(readViewState(new URLSearchParams('view=week&day=2026-03-12'), '2026-03-10')).toEqual({ view: 'week', day: '2026-03-12' });
    expect(readViewState(new URLSearchParams('view=month&day=2026-02-30'), '2026-03-10')).toEqual({ view: 'day', day: '2026-03-10' });
  });

  it('asks for the day, or its week from the business’s first day, and steps by a day or a week', () => {
    expect(viewRange({ view: 'day', day: '2026-03-12' }, 1)).toEqual({ start: '2026-03-12', end: '2026-03-12' });
    expect(viewRange({ view: 'week', day: '2026-03-12' }, 1)).toEqual({ start: '2026-03-09', end: '2026-03-15' });
    expect(viewRange({ view: 'week', day: '2026-03-12' }, 0)).toEqual({ start: '2026-03-08', end: '2026-03-14' });
    expect(stepDay({ view: 'day', day: '2026-03-31' }, 1)).toBe('2026-04-01');
    expect(stepDay({ view: 'week', day: '2026-03-12' }, -1)).toBe('2026-03-05');
  });

  it('lays a day out by staff member, on an axis that shows the store hours and everything of the day', () => {
    const day = dayView(map, '2026-03-09');
    expect(day.columns.map((c) => [c.name, c.shiftLabel, c.shifts])).toEqual([
      ['Maya F.', '10:00–18:00', [{ start: 600, end: 1080 }]],
      ['Noah D.', '08:00–12:00', [{ start: 480, end: 720 }]],
    ]);
    expect(day.items.map((i) => [i.id, i.columnId, i.start, i.end, i.flag?.label ?? null])).toEqual([
      [11, 1, 555, 600, 'Outside the shift'],
      [12, 1, 660, 705, null],
    ]);
    expect(day.span).toMatchObject({ open: 480, close: 1140 });
    expect(day.holiday).toBeNull();
    expect(dayView(map, '2026-03-11').holiday).toBe('Founders Day');
    expect(dayView(map, '2026-03-12').columns.map((c) => c.shiftLabel)).toEqual(['No shift', 'No shift']);
  });

  it('gives each staff member and day of the week a cell: shift, appointments, flagged', () => {
    const week = weekView(map);
    expect(week.days.map((d) => [d.key, d.today ?? false, d.holiday ?? null])[2]).toEqual(['2026-03-11', false, 'Founders Day']);
    expect(week.days).toHaveLength(7);
    expect(week.cells.get(weekCellKey(1, '2026-03-09'))).toMatchObject({ shiftLabel: '10–18', flagged: 1 });
    expect(week.cells.get(weekCellKey(2, '2026-03-10'))).toMatchObject({ shiftLabel: '12–20:30', flagged: 0 });
    expect(week.cells.get(weekCellKey(2, '2026-03-12'))).toMatchObject({ shiftLabel: 'Off', appointments: [] });
    expect(week.span).toMatchObject({ open: 480, close: 1260 });
  });

  it('lists by staff member for a phone, lists the flagged ones, and counts what the view holds', () => {
    const [maya, noah] = listGroups(map, 'week');
    expect(maya?.shiftLabel).toBe('1 shift');
    expect(noah?.items.map((i) => [i.when, i.cancelled, i.flag?.label ?? null])).toEqual([
      ['Tue Mar 10 · 13:00–13:45', true, null],
      ['Wed Mar 11 · 10:00–10:45', false, 'On a holiday'],
    ]);
    expect(listGroups(map, 'day')[1]?.shiftLabel).toBe('08:00–12:00, 12:00–20:30');
    expect(flaggedAppointments(map).map((f) => [f.when, f.staff, f.label, f.message])).toEqual([
      ['Mon Mar 9, 09:15–10:00', 'Maya F.', 'Outside the shift', 'Outside this staff member’s published shift.'],
      ['Wed Mar 11, 10:00–10:45', 'Noah D.', 'On a holiday', 'On a holiday: Founders Day.'],
    ]);
    expect(viewSummary(map)).toBe('3 appointments, 2 flagged');
  });
});

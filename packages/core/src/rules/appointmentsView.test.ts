import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { APPOINTMENT_FLAG, appointmentFlag, appointmentWallTimes, flagAppointments, shiftStretches, type ShiftTimes } from './appointmentsView';
import { DEMO_ZONES, offsetChangeDays, shiftTimesArb, staffedStatusArb, zoneDayArb } from './appointmentsView.arb';
import { dayInZone } from './dashboard';
import { entryInstants, wallClockOf } from './scheduleTime';

const MINUTE = 60_000;
const NO_HOLIDAYS = new Map<string, string>();
const STAFF = 7;
const iso = (ms: number) => new Date(ms).toISOString();

/** A shift of the staff member on `day`, as instants too. */
function shiftOn(day: string, times: { start_time: string; end_time: string }, zone: string) {
  const shift: ShiftTimes = { employee_id: STAFF, day, ...times };
  const at = entryInstants(day, times.start_time, times.end_time, zone);
  return { shift, start: at.start.getTime(), end: at.end.getTime() };
}

describe('appointments against published shifts, across the DST changes of the demo time zones', () => {
  it('has offset changes to test for every demo zone but Kathmandu', () => {
    for (const zone of DEMO_ZONES) expect(offsetChangeDays(zone).length > 0).toBe(zone !== 'Asia/Kathmandu');
  });

  test.prop([zoneDayArb, shiftTimesArb, fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), staffedStatusArb])(
    'an appointment inside a shift is never flagged',
    ({ zone, day }, times, where, length, status) => {
      const s = shiftOn(day, times, zone);
      fc.pre(s.end > s.start);
      const start = s.start + Math.floor((where * (s.end - s.start)) / MINUTE) * MINUTE;
      const duration = Math.floor((length * (s.end - start)) / MINUTE);
      const appointment = { staff_id: STAFF, starts_at: iso(start), duration_minutes: duration, status };
      expect(appointmentFlag(appointment, [s.shift], NO_HOLIDAYS, zone)).toBeNull();
    },
  );

  test.prop([zoneDayArb, shiftTimesArb, fc.integer({ min: 1, max: 240 }), fc.integer({ min: 1, max: 600 }), fc.boolean(), staffedStatusArb])(
    'one partly outside its staff member’s shift is flagged, whoever else is on shift',
    ({ zone, day }, times, outside, inside, early, status) => {
      const s = shiftOn(day, times, zone);
      fc.pre(s.end > s.start);
      const within = Math.min(inside, Math.max(1, Math.floor((s.end - s.start) / MINUTE)));
      // Starting before the shift and running into it, or starting in it and running past its end.
      const start = early ? s.start - outside * MINUTE : s.end - within * MINUTE;
      const appointment = { staff_id: STAFF, starts_at: iso(start), duration_minutes: outside + within, status };
      // Someone else works the whole day around it: that does not cover this staff member.
      const other: ShiftTimes = { employee_id: STAFF + 1, day, start_time: '00:00', end_time: '23:59' };
      const flag = appointmentFlag(appointment, [s.shift, other], NO_HOLIDAYS, zone);
      expect(flag?.kind === APPOINTMENT_FLAG.OUTSIDE_SHIFT || flag?.kind === APPOINTMENT_FLAG.NO_SHIFT).toBe(true);
    },
  );

  test.prop([zoneDayArb, shiftTimesArb, fc.double({ min: 0, max: 1, noNaN: true }), staffedStatusArb])(
    'one on a holiday is flagged for the holiday, shift or not; a cancelled one never is',
    ({ zone, day }, times, where, status) => {
      const s = shiftOn(day, times, zone);
      fc.pre(s.end > s.start);
      const start = s.start + Math.floor((where * (s.end - s.start)) / MINUTE) * MINUTE;
      const appointment = { staff_id: STAFF, starts_at: iso(start), duration_minutes: 0, status };
      const holidays = new Map([[dayInZone(new Date(start), zone), 'Founders Day']]);
      expect(appointmentFlag(appointment, [s.shift], holidays, zone)).toEqual({ kind: APPOINTMENT_FLAG.HOLIDAY, message: 'On a holiday: Founders Day.' });
      expect(appointmentFlag({ ...appointment, status: 'CANCELLED', duration_minutes: 24 * 60 }, [], holidays, zone)).toBeNull();
    },
  );

  test.prop([zoneDayArb, fc.integer({ min: 0, max: 1437 }), fc.integer({ min: 1, max: 1438 }), fc.integer({ min: 1, max: 1439 })])(
    'shifts that touch cover an appointment across the join; a gap between them does not',
    ({ zone, day }, a, b, c) => {
      fc.pre(a < b && b < c);
      const fmt = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      const first = shiftOn(day, { start_time: fmt(a), end_time: fmt(b) }, zone);
      const second = shiftOn(day, { start_time: fmt(b), end_time: fmt(c) }, zone);
      fc.pre(first.end > first.start && second.end > second.start && first.end === second.start);
      const appointment = { staff_id: STAFF, starts_at: iso(first.start), duration_minutes: (second.end - first.start) / MINUTE, status: 'BOOKED' };
      expect(appointmentFlag(appointment, [first.shift, second.shift], NO_HOLIDAYS, zone)).toBeNull();
      if (c - b >= 2) {
        const shorter = shiftOn(day, { start_time: fmt(b + 1), end_time: fmt(c) }, zone);
        fc.pre(shorter.start > first.end);
        expect(appointmentFlag(appointment, [first.shift, shorter.shift], NO_HOLIDAYS, zone)?.kind).toBe(APPOINTMENT_FLAG.OUTSIDE_SHIFT);
      }
    },
  );

  test.prop([zoneDayArb, fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 0, max: 600 })])('places an appointment on its business day’s wall clock', ({ zone, day }, minute, duration) => {
    const start = entryInstants(day, `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`, '00:00', zone).start.getTime();
    const wall = appointmentWallTimes({ starts_at: iso(start), duration_minutes: duration }, zone);
    expect(wall.day).toBe(dayInZone(new Date(start), zone));
    expect(wall.start_time).toBe(wallClockOf(new Date(start), zone));
    expect(wall.end_time >= wall.start_time).toBe(true);
  });
});

describe('the flags, by example', () => {
  const LA = 'America/Los_Angeles';
  it('reads a shift on the night the clocks go back as the nine hours it lasts', () => {
    // 2025-11-02: 01:00–02:00 happens twice in Los Angeles; 00:00–08:00 lasts nine hours.
    const [stretch] = shiftStretches([{ employee_id: STAFF, day: '2025-11-02', start_time: '00:00', end_time: '08:00' }], LA);
    expect((stretch!.end - stretch!.start) / 3_600_000).toBe(9);
    const lateInShift = { staff_id: STAFF, starts_at: '2025-11-02T15:00:00.000Z', duration_minutes: 60, status: 'BOOKED' }; // 07:00–08:00 PST
    expect(appointmentFlag(lateInShift, [{ employee_id: STAFF, day: '2025-11-02', start_time: '00:00', end_time: '08:00' }], NO_HOLIDAYS, LA)).toBeNull();
  });

  it('tells a day off from a time outside the shift, and checks each staff member against their own shifts', () => {
    const shifts: ShiftTimes[] = [
      { employee_id: 1, day: '2026-03-10', start_time: '10:00', end_time: '18:00' },
      { employee_id: 2, day: '2026-03-10', start_time: '08:00', end_time: '12:00' },
    ];
    const at = (time: string) => entryInstants('2026-03-10', time, time, LA).start.toISOString();
    const flags = flagAppointments(
      [
        { staff_id: 1, starts_at: at('09:30'), duration_minutes: 60, status: 'BOOKED' },
        { staff_id: 2, starts_at: at('09:30'), duration_minutes: 60, status: 'BOOKED' },
        { staff_id: 3, starts_at: at('09:30'), duration_minutes: 60, status: 'COMPLETED' },
        { staff_id: 1, starts_at: at('17:00'), duration_minutes: 60, status: 'CANCELLED' },
      ],
      shifts,
      [{ day: '2026-03-11', name: 'Not this day' }],
      LA,
    );
    expect(flags.map((f) => f?.kind ?? null)).toEqual([APPOINTMENT_FLAG.OUTSIDE_SHIFT, null, APPOINTMENT_FLAG.NO_SHIFT, null]);
  });

  it('ends an appointment that runs past midnight at the end of its day', () => {
    expect(appointmentWallTimes({ starts_at: '2026-03-11T06:30:00.000Z', duration_minutes: 90 }, LA)).toEqual({ day: '2026-03-10', start_time: '23:30', end_time: '24:00' });
  });
});

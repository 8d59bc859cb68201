import { addDays, appointmentFlag, type ShiftTimes, todayIn, wallClockOf } from '@salondesk/core';
import { describe, expect, it } from 'vitest';
import { fitAppointmentsToShifts, type FitAppointment } from './seed-appointments';
import { SHIFTS } from './seed-schedule';
import { planAppointments } from './seed-staff';

const MEMBERS = [101, 102, 103, 104, 105];
const MENU = [
  { id: 11, price: 4000, minutes: 45 },
  { id: 12, price: 9500, minutes: 90 },
  { id: 14, price: 12000, minutes: 120 },
];

/** A published roster like the demo's: each member on one of its shift patterns, two days off a week, from last week to three weeks ahead; no shifts on holidays. */
function roster(today: string, holidays: readonly string[]): ShiftTimes[] {
  const shifts: ShiftTimes[] = [];
  for (let offset = -7; offset <= 27; offset++) {
    const day = addDays(today, offset);
    if (holidays.includes(day)) continue;
    MEMBERS.forEach((employee_id, i) => {
      if ((offset + 7 + i * 2) % 7 < 2) return;
      const [start_time, end_time] = SHIFTS[i % SHIFTS.length]!;
      shifts.push({ employee_id, day, start_time, end_time });
    });
  }
  return shifts;
}

describe('the demo’s appointments against its published schedule', () => {
  for (const [zone, now] of [
    ['America/Los_Angeles', new Date('2025-11-01T18:00:00Z')],
    ['Australia/Sydney', new Date('2026-04-03T01:00:00Z')],
    ['Asia/Kathmandu', new Date('2026-02-10T06:00:00Z')],
  ] as const) {
    it(`books within the shifts but for one booking outside them each published day (${zone}, across a DST change)`, () => {
      const today = todayIn(zone, now);
      const holidayDay = addDays(today, 9);
      const holidays = [{ day: holidayDay, name: 'Founders Day' }];
      const shifts = roster(today, [holidayDay]);
      let id = 0;
      const booked: FitAppointment[] = planAppointments({ businessId: 1, timezone: zone, now, staffIds: MEMBERS, menu: MENU }).map((p) => ({
        id: ++id,
        staff_id: p.staff_id,
        starts_at: p.starts_at,
        duration_minutes: p.duration_minutes,
        status: p.status,
      }));
      const moves = fitAppointmentsToShifts({ timezone: zone, members: MEMBERS, shifts, holidays, appointments: booked, today });
      const after = booked.map((a) => ({ ...a, ...moves.find((m) => m.id === a.id) }));

      const holidayMap = new Map(holidays.map((h) => [h.day, h.name]));
      const published = new Set(shifts.map((s) => s.day));
      const flagOf = (a: FitAppointment) => appointmentFlag({ ...a, starts_at: a.starts_at.toISOString() }, shifts, holidayMap, zone);
      const flaggedStaff = new Set<number>();
      for (const day of published) {
        const todays = after.filter((a) => todayIn(zone, a.starts_at) === day && a.status !== 'CANCELLED');
        const flagged = todays.filter((a) => flagOf(a) !== null);
        expect(flagged.length, day).toBe(1);
        flaggedStaff.add(flagged[0]!.staff_id);
      }
      // Not always the same person's.
      expect(flaggedStaff.size).toBeGreaterThan(2);
      // The holiday's bookings stay, flagged for it.
      const onHoliday = after.filter((a) => todayIn(zone, a.starts_at) === holidayDay && a.status !== 'CANCELLED');
      expect(onHoliday.length).toBeGreaterThan(0);
      expect(onHoliday.every((a) => flagOf(a)?.kind === 'holiday')).toBe(true);
      // Every booking keeps its day, its status and a start between 09:00 and 17:00.
      for (const [i, a] of after.entries()) {
        const before = booked[i]!;
        expect(todayIn(zone, a.starts_at)).toBe(todayIn(zone, before.starts_at));
        expect(a.status).toBe(before.status);
        const time = wallClockOf(a.starts_at, zone);
        expect(time >= '09:00' && time <= '17:00').toBe(true);
      }
      // Days before the published weeks are left as they were.
      expect(moves.every((m) => published.has(todayIn(zone, m.starts_at)))).toBe(true);
    });
  }
});

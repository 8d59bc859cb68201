import { addDays, todayIn, wallClockOf } from '@salondesk/core';
import { describe, expect, it } from 'vitest';
import { APPOINTMENT_DAYS_AHEAD, APPOINTMENT_DAYS_BACK, planAppointments, type PlanAppointmentsInput } from './seed-staff';

const menu = [
  { id: 11, price: 4000, minutes: 45 },
  { id: 12, price: 9500, minutes: 90 },
  { id: 13, price: 2500, minutes: 0 }, // an add-on without time is never booked on its own
  { id: 14, price: 12000, minutes: 120 },
];
const input = (timezone: string, now: Date): PlanAppointmentsInput => ({ businessId: 1, timezone, now, staffIds: [101, 102, 103], menu });
const structure = (rows: ReturnType<typeof planAppointments>) => rows.map(({ staff_id, service_id, customer_name, offset, time, status }) => ({ staff_id, service_id, customer_name, offset, time, status }));

// "Now"s across the year and across daylight-saving changes (US in March and November, Sydney in April and October).
const NOWS = [new Date('2024-06-08T12:00:00Z'), new Date('2025-03-09T09:30:00Z'), new Date('2025-11-02T07:00:00Z'), new Date('2026-04-05T15:00:00Z'), new Date('2026-12-31T23:59:00Z')];
const ZONES = ['America/Los_Angeles', 'America/New_York', 'Asia/Kathmandu', 'Australia/Sydney'];

describe('demo appointments', () => {
  it('keep the same structure whatever day the demo is created; only the days move', () => {
    const reference = structure(planAppointments(input('America/Los_Angeles', NOWS[0]!)));
    expect(reference.length).toBeGreaterThan(300);
    for (const zone of ZONES) for (const now of NOWS) expect(structure(planAppointments(input(zone, now)))).toEqual(reference);
  });

  it('run from four months back to 30 days ahead of the location’s today, on the wall clock of its time zone', () => {
    for (const zone of ZONES) {
      for (const now of NOWS) {
        const today = todayIn(zone, now);
        const rows = planAppointments(input(zone, now));
        for (const row of rows) {
          expect(row.day).toBe(addDays(today, row.offset));
          expect(todayIn(zone, row.starts_at)).toBe(row.day);
          expect(wallClockOf(row.starts_at, zone)).toBe(row.time);
          expect(row.time >= '09:00' && row.time <= '17:00').toBe(true);
          expect(row.duration_minutes).toBeGreaterThan(0);
          expect(row.service_id).not.toBe(13);
        }
        expect(Math.min(...rows.map((r) => r.offset))).toBe(-APPOINTMENT_DAYS_BACK);
        expect(Math.max(...rows.map((r) => r.offset))).toBe(APPOINTMENT_DAYS_AHEAD);
      }
    }
  });

  it('give every member bookings in the next 30 days and sales in each of the three previous months', () => {
    const now = NOWS[1]!;
    const rows = planAppointments(input('America/New_York', now));
    const today = todayIn('America/New_York', now);
    const months = [1, 2, 3].map((back) => {
      const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() - back);
      return d.toISOString().slice(0, 7);
    });
    for (const staffId of [101, 102, 103]) {
      const mine = rows.filter((r) => r.staff_id === staffId);
      expect(mine.filter((r) => r.offset >= 0 && r.offset <= 30).length).toBeGreaterThan(5);
      for (const month of months) expect(mine.some((r) => r.day.startsWith(month) && r.status === 'COMPLETED')).toBe(true);
    }
  });

  it('books today and later; the past is completed, cancelled or a no-show', () => {
    const rows = planAppointments(input('Australia/Sydney', NOWS[3]!));
    for (const row of rows) expect(row.status === 'BOOKED').toBe(row.offset >= 0);
    const past = rows.filter((r) => r.offset < 0);
    expect(new Set(past.map((r) => r.status))).toEqual(new Set(['COMPLETED', 'CANCELLED', 'NO_SHOW']));
    expect(past.filter((r) => r.status === 'COMPLETED').length / past.length).toBeGreaterThan(0.8);
  });

  it('books nothing for a location without a timed service', () => {
    expect(planAppointments({ ...input('America/Los_Angeles', NOWS[0]!), menu: [{ id: 1, price: 100, minutes: 0 }] })).toEqual([]);
  });
});

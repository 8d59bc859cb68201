import { fc } from '@fast-check/vitest';
import { fromZonedTime } from 'date-fns-tz';
import type { SlotDraft } from './timesheetSlots';
import { addDays } from './scheduleTime';

/** Domain arbitraries for the timesheet slot rules' property tests (also used by the API's). */

/** The four time zones of the demo locations. */
export const DEMO_TIME_ZONES = ['America/Los_Angeles', 'America/New_York', 'Asia/Kathmandu', 'Australia/Sydney'] as const;

/** A business-zone day from 2020 to 2030, DST days included. */
export const timesheetDayArb = fc.integer({ min: 0, max: 11 * 365 }).map((n) => addDays('2020-01-01', n));

const MINUTE = 60_000;

/**
 * A valid day of slots for up to `people` members: per person, slots in clock-in order with gaps
 * between them, each clocked in on `day` (its zone), at most 10 hours long, all clocked out; the
 * last one of a person may still be open when `open` allows. `now` is two days after the day.
 */
export function validDayArb(day: string, timeZone: string, options: { people?: number; open?: boolean } = {}) {
  const midnight = fromZonedTime(`${day}T00:00:00`, timeZone).getTime();
  const now = new Date(fromZonedTime(`${addDays(day, 2)}T00:00:00`, timeZone).getTime());
  const person = (employee: number) =>
    fc
      .array(fc.tuple(fc.integer({ min: 1, max: 240 }), fc.integer({ min: 1, max: 600 })), { maxLength: 3 })
      .chain((steps) => fc.tuple(fc.constant(steps), fc.boolean()))
      .map(([steps, lastOpen]) => {
        const slots: SlotDraft[] = [];
        // Clock-ins stay within the first 22 hours of the day, so every one is on `day` whatever its length.
        let at = 0;
        for (const [gap, length] of steps) {
          const start = at + gap;
          if (start > 22 * 60) break;
          slots.push({ employee_id: employee, clockin_at: new Date(midnight + start * MINUTE).toISOString(), clockout_at: new Date(midnight + (start + length) * MINUTE).toISOString() });
          at = start + length;
        }
        const last = slots[slots.length - 1];
        if (options.open && lastOpen && last) last.clockout_at = null;
        return slots;
      });
  return fc
    .tuple(...Array.from({ length: options.people ?? 3 }, (_, i) => person(i + 1)))
    .chain((perPerson) => fc.shuffledSubarray(perPerson.flat(), { minLength: perPerson.flat().length }))
    .map((slots) => ({ slots, now }));
}

/** The ways a slot can be wrong, each with how to make one from a valid slot of the day. */
export const BAD_SLOT_KINDS = ['clockout-before-clockin', 'future-clockin', 'future-clockout', 'other-day', 'too-long', 'overlap'] as const;
export type BadSlotKind = (typeof BAD_SLOT_KINDS)[number];

/**
 * A slot that the day's rules refuse, of the given kind, for `day` in `timeZone` at `now`
 * (`overlap` overlaps `victim`, a valid closed slot of the day).
 */
export function badSlot(kind: BadSlotKind, day: string, timeZone: string, now: Date, victim: SlotDraft | undefined): SlotDraft {
  const noon = fromZonedTime(`${day}T12:00:00`, timeZone).getTime();
  const iso = (t: number) => new Date(t).toISOString();
  switch (kind) {
    case 'clockout-before-clockin':
      return { employee_id: 9, clockin_at: iso(noon), clockout_at: iso(noon - 30 * MINUTE) };
    case 'future-clockin':
      return { employee_id: 9, clockin_at: iso(now.getTime() + 60 * MINUTE), clockout_at: null };
    case 'future-clockout':
      return { employee_id: 9, clockin_at: iso(noon), clockout_at: iso(now.getTime() + 60 * MINUTE) };
    case 'other-day':
      return { employee_id: 9, clockin_at: iso(noon - 36 * 60 * MINUTE), clockout_at: iso(noon - 35 * 60 * MINUTE) };
    case 'too-long':
      return { employee_id: 9, clockin_at: iso(noon - 11 * 60 * MINUTE), clockout_at: iso(noon + 14 * 60 * MINUTE) };
    case 'overlap': {
      if (!victim || victim.clockout_at === null) return { employee_id: 9, clockin_at: iso(noon), clockout_at: iso(noon - MINUTE) };
      const start = Date.parse(victim.clockin_at);
      return { employee_id: victim.employee_id, clockin_at: iso(start), clockout_at: iso(Math.max(start + MINUTE, Date.parse(victim.clockout_at))) };
    }
  }
}

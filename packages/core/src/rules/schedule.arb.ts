import { fc } from '@fast-check/vitest';
import type { Rotation, ScheduleEntry } from '../models/schedule';
import { addDays, formatTime } from './scheduleTime';

/** Domain arbitraries for the schedule rules' property tests. */

/** A calendar day between 2020 and 2035. */
export const dayArb = fc.integer({ min: 0, max: 16 * 366 }).map((n) => addDays('2020-01-01', n));

/** A time of day `HH:mm` on a 15-minute grid (or any minute). */
export const timeArb = (step = 15) => fc.integer({ min: 0, max: Math.floor(1439 / step) }).map((n) => formatTime(n * step));

/** Store hours with opening before closing. */
export const storeHoursArb = fc
  .tuple(fc.integer({ min: 0, max: 1438 }), fc.integer({ min: 1, max: 1439 }))
  .filter(([a, b]) => a < b)
  .map(([a, b]) => ({ start: formatTime(a), end: formatTime(b) }));

/** A start and end on the 15-minute grid with start < end. */
export const intervalArb = fc
  .tuple(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 1, max: 96 }))
  .filter(([a, b]) => a < b && b < 96)
  .map(([a, b]) => ({ start_time: formatTime(a * 15), end_time: formatTime(b * 15) }));

export const rotationArb: fc.Arbitrary<Rotation> = fc.record({
  alternate: fc.integer({ min: 1, max: 6 }),
  start: dayArb,
  except: fc.array(dayArb, { maxLength: 3 }),
});

let nextId = 1;

/** A template entry of one employee, template and day of week (so entries compete). */
export const templateEntryArb = (employee = 1): fc.Arbitrary<ScheduleEntry> =>
  fc.tuple(intervalArb, fc.option(rotationArb, { nil: null }), fc.integer({ min: 0, max: 1 })).map(([t, detail, dow]) => ({
    id: nextId++,
    business_id: 1,
    employee_id: employee,
    day: null,
    dow,
    ...t,
    published: true,
    auto: false,
    template_id: 'master',
    detail,
    archived_at: null,
  }));

/** A dated entry over a few employees and days, draft or published. */
export const datedEntryArb: fc.Arbitrary<ScheduleEntry> = fc
  .tuple(intervalArb, fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.boolean(), fc.boolean())
  .map(([t, employee, d, published, auto]) => ({
    id: nextId++,
    business_id: 1,
    employee_id: employee,
    day: addDays('2025-03-08', d),
    dow: null,
    ...t,
    published,
    auto,
    template_id: null,
    detail: null,
    archived_at: null,
  }));

/** Any entry, for symmetry checks. */
export const entryArb = fc.oneof(datedEntryArb, templateEntryArb(1));

/** The time zones the DST properties run in. */
export const DST_ZONES = ['America/Los_Angeles', 'America/New_York', 'Australia/Sydney', 'Asia/Kathmandu'] as const;

/** Days on and around the daylight-saving changes of those zones (2024–2026), plus any day. */
export const DST_DAYS = ['2024-03-10', '2024-11-03', '2025-03-09', '2025-11-02', '2026-03-08', '2026-11-01', '2024-04-07', '2024-10-06', '2025-04-06', '2025-10-05', '2026-04-05', '2026-10-04'];
export const dstDayArb = fc.oneof(fc.constantFrom(...DST_DAYS), fc.constantFrom(...DST_DAYS).chain((d) => fc.integer({ min: -1, max: 1 }).map((k) => addDays(d, k))), dayArb);

/** A first day of the week, 0 = Sunday. */
export const weekStartsOnArb = fc.integer({ min: 0, max: 6 });

/** A range of 1 to 62 days (what the scheduler's bulk actions cover). */
export const dayRangeArb = fc.tuple(dayArb, fc.integer({ min: 0, max: 61 })).map(([start, span]) => ({ start, end: addDays(start, span) }));

/** Dated entries, drafts and published, hand-made and template-made, over `days` days from `start` (ids unique). */
export const datedEntriesArb = (start: string, days: number): fc.Arbitrary<ScheduleEntry[]> =>
  fc
    .array(fc.tuple(intervalArb, fc.integer({ min: 1, max: 4 }), fc.integer({ min: -3, max: days + 2 }), fc.boolean(), fc.boolean(), fc.boolean()), { maxLength: 60 })
    .map((rows) =>
      rows.map(([t, employee, d, published, auto, archived]) => ({
        id: nextId++,
        business_id: 1,
        employee_id: employee,
        day: addDays(start, d),
        dow: null,
        ...t,
        published,
        auto,
        template_id: auto ? 'master' : null,
        detail: null,
        archived_at: archived ? '2025-01-01T00:00:00.000Z' : null,
      })),
    );

/** Business Hours a business saved: some days of the week (maybe none), each open or closed. */
export const savedBusinessHoursArb = fc
  .subarray([0, 1, 2, 3, 4, 5, 6])
  .chain((dows) =>
    fc.tuple(...dows.map((dow) => fc.tuple(fc.boolean(), storeHoursArb).map(([open, h]) => ({ dow, open, start: h.start, end: h.end })))),
  )
  .map((days) => [...days]);

import {
  addDays,
  MASTER_TEMPLATE_ID,
  materializeTemplate,
  normalizeEntryTimes,
  resolveScheduleSettings,
  type ScheduleEntry,
  type ScheduleSettings,
  storeHoursFor,
  todayIn,
  weekStartOf,
  weekStoreHours,
} from '@salondesk/core';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { Executor } from '../db/executor';
import { holidays, schedules, scheduleSettingsTable } from '../schedule/schema';
import { DEMO_BUSINESS_HOURS } from './seed-settings';

/** The schedule area's own fixed seed (with the location's id mixed in). */
export const SCHEDULE_SEED = 4_040_404;

/** Public holidays per country for the demo years. */
const HOLIDAYS: Record<string, { day: string; name: string }[]> = {
  US: ['2025', '2026', '2027'].flatMap((y) => [
    { day: `${y}-01-01`, name: "New Year's Day" },
    { day: `${y}-07-04`, name: 'Independence Day' },
    { day: `${y}-12-25`, name: 'Christmas Day' },
  ]).concat([
    { day: '2025-05-26', name: 'Memorial Day' },
    { day: '2025-09-01', name: 'Labor Day' },
    { day: '2025-11-27', name: 'Thanksgiving' },
    { day: '2026-05-25', name: 'Memorial Day' },
    { day: '2026-09-07', name: 'Labor Day' },
    { day: '2026-11-26', name: 'Thanksgiving' },
  ]),
  NP: [
    { day: '2025-10-02', name: 'Dashain (Vijaya Dashami)' },
    { day: '2025-10-21', name: 'Tihar (Laxmi Puja)' },
    { day: '2026-02-15', name: 'Maha Shivaratri' },
    { day: '2026-10-20', name: 'Dashain (Vijaya Dashami)' },
    { day: '2026-11-08', name: 'Tihar (Laxmi Puja)' },
  ],
  AU: ['2025', '2026', '2027'].flatMap((y) => [
    { day: `${y}-01-01`, name: "New Year's Day" },
    { day: `${y}-01-26`, name: 'Australia Day' },
    { day: `${y}-04-25`, name: 'Anzac Day' },
    { day: `${y}-12-25`, name: 'Christmas Day' },
    { day: `${y}-12-26`, name: 'Boxing Day' },
  ]),
};

const countryOf = (timezone: string) => (timezone.startsWith('America/') ? 'US' : timezone === 'Asia/Kathmandu' ? 'NP' : 'AU');

/**
 * Shift patterns a salon runs: openers, mid, closers (wall-clock). Each day's shift is cut to that
 * day's store hours (the demo's Business Hours; Sunday, closed there, the schedule's 07:00–22:00),
 * as the server does for a shift saved by hand.
 */
export const SHIFTS = [
  ['09:00', '17:00'],
  ['10:00', '18:00'],
  ['11:00', '19:00'],
  ['12:00', '20:00'],
  ['13:00', '21:00'],
] as const;

export interface SeedScheduleInput {
  businessId: number;
  timezone: string;
  /** Active staff ids, in scheduler order. */
  staffIds: readonly number[];
  /** When the demo is created: published weeks are laid out around it. */
  now: Date;
  /** Give this location a second, dated template (multipleTemplate). */
  summerTemplate?: boolean;
}

/**
 * A realistic roster for one location: a master template (each person five days a week on a
 * shift pattern, two days off), one person also working a day off every third week (A/B/C) and one
 * every other week, the country's public holidays, the template published from last week to
 * three weeks ahead (holidays left empty), and a few drafts for next week.
 */
export async function seedSchedule(tx: Executor, input: SeedScheduleInput): Promise<void> {
  const rng = xoroshiro128plus(SCHEDULE_SEED + input.businessId);
  const today = todayIn(input.timezone, input.now);
  const thisWeek = weekStartOf(today, 0);
  let settings: ScheduleSettings = resolveScheduleSettings(null);
  if (input.summerTemplate) {
    settings = resolveScheduleSettings({
      multipleTemplate: true,
      templates: [{ id: 'summer', name: 'Summer hours', start: `${thisWeek.slice(0, 4)}-06-01`, end: `${thisWeek.slice(0, 4)}-08-31` }],
    });
    await tx.insert(scheduleSettingsTable).values({ business_id: input.businessId, settings: { multipleTemplate: true, templates: settings.templates } });
  }
  const list = HOLIDAYS[countryOf(input.timezone)] ?? [];
  await tx.insert(holidays).values(list.map((h) => ({ business_id: input.businessId, ...h })));

  const storeHours = weekStoreHours(settings, DEMO_BUSINESS_HOURS);
  type Row = typeof schedules.$inferInsert;
  const template: Row[] = [];
  input.staffIds.forEach((employeeId, index) => {
    const shift = SHIFTS[uniformInt(rng, 0, SHIFTS.length - 1)] as readonly [string, string];
    // Two days off in a row, spread over the team so every day is covered.
    const off = (index * 2 + uniformInt(rng, 0, 1)) % 7;
    const offDays = new Set([off, (off + 1) % 7]);
    // The first person also works their first day off every third week (A/B/C), the second every other week.
    const rotation = index === 0 ? 3 : index === 1 ? 2 : null;
    for (let dow = 0; dow < 7; dow++) {
      const onRotation = rotation !== null && dow === off;
      if (offDays.has(dow) && !onRotation) continue;
      const detail = onRotation ? { alternate: rotation, start: rotation === 3 ? thisWeek : addDays(thisWeek, 7), except: [] } : null;
      const hours = storeHoursFor(storeHours, { dow });
      const times = normalizeEntryTimes({ start_time: shift[0], end_time: shift[1] }, hours);
      template.push({ business_id: input.businessId, employee_id: employeeId, dow, ...times, published: true, template_id: MASTER_TEMPLATE_ID, detail });
      if (input.summerTemplate) {
        // Summer: an hour later, to catch the evening crowd.
        const later = (t: string) => `${String(Number(t.slice(0, 2)) + 1).padStart(2, '0')}${t.slice(2)}`;
        const summer = normalizeEntryTimes({ start_time: later(shift[0]), end_time: later(shift[1]) }, hours);
        template.push({ business_id: input.businessId, employee_id: employeeId, dow, ...summer, published: true, template_id: 'summer', detail });
      }
    }
  });
  const inserted = await tx.insert(schedules).values(template).returning();
  const entries: ScheduleEntry[] = inserted.map((r) => ({ ...r, detail: r.detail ?? null, archived_at: null }));

  const from = addDays(thisWeek, -7);
  const to = addDays(thisWeek, 27);
  const published = materializeTemplate(entries, { from, to, settings, holidays: list });
  await tx.insert(schedules).values(published.map((g) => ({ business_id: input.businessId, ...g, published: true, auto: true })));

  // Next week, two people asked to swap a morning: drafts waiting to be published.
  const nextWeek = addDays(thisWeek, 7);
  const drafts = published.filter((g) => g.day >= nextWeek && g.day < addDays(nextWeek, 7)).slice(0, 2);
  if (drafts.length > 0) {
    await tx.insert(schedules).values(
      drafts.map((g) => ({
        business_id: input.businessId,
        employee_id: g.employee_id,
        day: g.day,
        ...normalizeEntryTimes({ start_time: '08:00', end_time: '14:00' }, storeHoursFor(storeHours, { day: g.day })),
        published: false,
      })),
    );
  }
}

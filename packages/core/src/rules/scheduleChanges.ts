import type { ScheduleEntry } from '../models/schedule';
import type { PublishPlan, RepublishPlan } from './scheduleDrafts';
import { addDays, weekStartOf } from './scheduleTime';

/**
 * What a bulk action ("Publish drafts", "Republish from templates") will change, week by week, so
 * the scheduler can say it before anything changes. Built from the very plan the server applies
 * (`planPublish`, `planRepublish`), so the summary and the action cannot disagree.
 */

/** The changes of one week (weeks start on the business's `weekStartsOn`). */
export interface WeekChanges {
  /** The week's first and last day. */
  weekStart: string;
  weekEnd: string;
  /** The days of the week inside the action's range (a range may start or end mid-week). */
  from: string;
  to: string;
  /** Shifts that become published: drafts published, or shifts made from the templates. */
  added: number;
  /** Published shifts that go: replaced by the drafts of their day, or template-made ones regenerated. */
  replaced: number;
  /** The days of the week where something changes, in order (a screen says which of them it does not show). */
  days: string[];
}

export interface ChangeSummary {
  start: string;
  end: string;
  /** Only the weeks where something changes, in order. */
  weeks: WeekChanges[];
  added: number;
  replaced: number;
}

/** Counts per week of the days in `added` and `replaced` (each a day per changed shift) within `start`…`end`. */
export function changesByWeek(range: { start: string; end: string }, added: readonly string[], replaced: readonly string[], weekStartsOn = 0): ChangeSummary {
  const weeks = new Map<string, WeekChanges>();
  const weekOf = (day: string) => {
    const weekStart = weekStartOf(day, weekStartsOn);
    let week = weeks.get(weekStart);
    if (!week) {
      const weekEnd = addDays(weekStart, 6);
      week = { weekStart, weekEnd, from: weekStart < range.start ? range.start : weekStart, to: weekEnd > range.end ? range.end : weekEnd, added: 0, replaced: 0, days: [] };
      weeks.set(weekStart, week);
    }
    if (!week.days.includes(day)) week.days.push(day);
    return week;
  };
  for (const day of added) weekOf(day).added += 1;
  for (const day of replaced) weekOf(day).replaced += 1;
  const list = [...weeks.values()].sort((a, b) => (a.weekStart < b.weekStart ? -1 : 1));
  for (const week of list) week.days.sort();
  return { start: range.start, end: range.end, weeks: list, added: added.length, replaced: replaced.length };
}

const daysOf = (entries: readonly ScheduleEntry[], ids: readonly number[]): string[] => {
  const byId = new Map(entries.map((e) => [e.id, e]));
  return ids.map((id) => byId.get(id)?.day).filter((d): d is string => typeof d === 'string');
};

/** What publishing `plan` (from `planPublish(entries, …)`) changes, per week. */
export function summarizePublish(entries: readonly ScheduleEntry[], plan: PublishPlan, range: { start: string; end: string }, weekStartsOn = 0): ChangeSummary {
  return changesByWeek(range, daysOf(entries, plan.publish), daysOf(entries, plan.archive), weekStartsOn);
}

/** What republishing `plan` (from `planRepublish(entries, …)`) changes, per week. */
export function summarizeRepublish(entries: readonly ScheduleEntry[], plan: RepublishPlan, range: { from: string; to: string }, weekStartsOn = 0): ChangeSummary {
  return changesByWeek(
    { start: range.from, end: range.to },
    plan.create.map((g) => g.day),
    daysOf(entries, plan.remove),
    weekStartsOn,
  );
}

/**
 * A short fingerprint of a plan: the same plan always gives the same text, and a plan that would
 * change anything else gives another (53-bit hash of the plan's canonical form). A summary carries
 * it; the action sends it back and is refused when the plan is no longer the one summarised.
 */
export function planFingerprint(plan: PublishPlan | RepublishPlan): string {
  const canonical =
    'publish' in plan
      ? `p|${[...plan.publish].sort((a, b) => a - b).join(',')}|${[...plan.archive].sort((a, b) => a - b).join(',')}`
      : `r|${[...plan.remove].sort((a, b) => a - b).join(',')}|${plan.create
          .map((g) => `${g.employee_id}/${g.day}/${g.start_time}/${g.end_time}/${g.template_id}`)
          .sort()
          .join(',')}`;
  return cyrb53(canonical).toString(36).padStart(11, '0');
}

/** cyrb53: a fast, well-spread 53-bit string hash (public domain, bryc). Not a security measure. */
function cyrb53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

import type { Holiday, Rotation, ScheduleEntry } from '../models/schedule';
import { scheduleOnceDraftsPublished } from './scheduleDrafts';
import { entriesOverlap, overlapGroup, type OverlapCandidate } from './scheduleOverlap';
import { addDays, daysBetween } from './scheduleTime';

/**
 * Building a week without a dialog per shift: copies of one shift to other days and staff, a
 * shift repeated weekly, the previous week copied forward. Copies of dated shifts are drafts (a
 * manager publishes them when the week is right); copies of template entries are template entries
 * of the same template, rotation included. A bulk copy skips what would overlap (the overlap rule,
 * `scheduleOverlap.ts`) and, for repeats and week copies, holidays, and says how many it skipped.
 */

/** A new entry a copy makes, as `schedule/addbatch` takes it: a draft on a day, or a template entry on a day of the week. */
export interface ShiftCopy extends OverlapCandidate {
  employee_id: number;
  day: string | null;
  dow: number | null;
  start_time: string;
  end_time: string;
  published: boolean;
  template_id: string | null;
  detail: Rotation | null;
}

/** The most weeks a shift is repeated at once (a year). */
export const MAX_REPEAT_WEEKS = 52;

type Source = Pick<ScheduleEntry, 'employee_id' | 'day' | 'dow' | 'start_time' | 'end_time' | 'template_id' | 'detail'>;

const copyAt = (source: Source, employeeId: number, column: string): ShiftCopy =>
  source.day !== null
    ? { employee_id: employeeId, day: column, dow: null, start_time: source.start_time, end_time: source.end_time, published: false, template_id: null, detail: null }
    : { employee_id: employeeId, day: null, dow: Number(column), start_time: source.start_time, end_time: source.end_time, published: true, template_id: source.template_id, detail: source.detail };

/**
 * Copies of a shift to every (column, staff member) of `columns` × `staff`, except the shift's own
 * place: columns are days for a dated shift, days of the week (`'0'`…`'6'`) for a template entry.
 * Times are kept; repeated columns or staff count once.
 */
export function copyShift(source: Source, to: { columns: readonly string[]; staff: readonly number[] }): ShiftCopy[] {
  const own = source.day ?? String(source.dow);
  const out: ShiftCopy[] = [];
  for (const column of new Set(to.columns)) {
    for (const employee of new Set(to.staff)) {
      if (column === own && employee === source.employee_id) continue;
      out.push(copyAt(source, employee, column));
    }
  }
  return out;
}

/** How far a weekly repeat runs: a number of weeks after the shift's, or up to a day (inclusive). */
export type RepeatUntil = { weeks: number } | { until: string };

/**
 * The days a shift on `day` repeats on, weekly: the same day of the week in each following week,
 * for `weeks` weeks or up to `until`, never more than `MAX_REPEAT_WEEKS`.
 */
export function repeatDays(day: string, repeat: RepeatUntil): string[] {
  const weeks = 'weeks' in repeat ? Math.floor(repeat.weeks) : Math.floor(daysBetween(day, repeat.until) / 7);
  return Array.from({ length: Math.max(0, Math.min(weeks, MAX_REPEAT_WEEKS)) }, (_, i) => addDays(day, 7 * (i + 1)));
}

/**
 * Drafts for the `days` days from `to` copied from the `days` days from `from`: each day gets the
 * shifts its counterpart has once its drafts are published (`scheduleOnceDraftsPublished`: a
 * day's drafts where it has some, else its published shifts), same staff and times.
 */
export function copyDays(entries: readonly ScheduleEntry[], from: string, to: string, days = 7): ShiftCopy[] {
  const last = addDays(from, days - 1);
  const offset = daysBetween(from, to);
  const source = scheduleOnceDraftsPublished(entries.filter((e) => e.day !== null && e.day >= from && e.day <= last));
  return source
    .sort((a, b) => ((a.day as string) < (b.day as string) ? -1 : (a.day as string) > (b.day as string) ? 1 : a.employee_id - b.employee_id || (a.start_time < b.start_time ? -1 : 1)))
    .map((e) => copyAt(e, e.employee_id, addDays(e.day as string, offset)));
}

/**
 * Splits candidates into those that can be added and those skipped because they overlap a live
 * entry of `existing` or a candidate kept before them (in order). Every skipped one does overlap,
 * and the kept ones with `existing` break the overlap rule nowhere new.
 */
export function skipOverlapping<T extends OverlapCandidate>(existing: readonly OverlapCandidate[], candidates: readonly T[], weekStartsOn = 0): { kept: T[]; skipped: T[] } {
  const groups = new Map<string, OverlapCandidate[]>();
  const add = (e: OverlapCandidate) => {
    const key = overlapGroup(e);
    const list = groups.get(key);
    if (list) list.push(e);
    else groups.set(key, [e]);
  };
  for (const e of existing) if (!('archived_at' in e) || e.archived_at === null) add(e);
  const kept: T[] = [];
  const skipped: T[] = [];
  for (const c of candidates) {
    if ((groups.get(overlapGroup(c)) ?? []).some((e) => entriesOverlap(e, c, weekStartsOn))) skipped.push(c);
    else {
      kept.push(c);
      add(c);
    }
  }
  return { kept, skipped };
}

/** What a bulk copy will do: the copies to create, and those skipped (overlapping, or on a holiday). */
export interface CopyPlan {
  create: ShiftCopy[];
  overlapping: number;
  holidays: number;
}

/**
 * A bulk copy's plan: copies dated on a holiday are left out (when `holidays` is given: a copy the
 * manager aimed at one day by hand is not), then those that would overlap `existing` or each other.
 */
export function planCopies(candidates: readonly ShiftCopy[], existing: readonly OverlapCandidate[], options: { weekStartsOn?: number; holidays?: readonly Holiday[] } = {}): CopyPlan {
  const closed = new Set((options.holidays ?? []).map((h) => h.day));
  const open = candidates.filter((c) => c.day === null || !closed.has(c.day));
  const { kept, skipped } = skipOverlapping(existing, open, options.weekStartsOn ?? 0);
  return { create: kept, overlapping: skipped.length, holidays: candidates.length - open.length };
}

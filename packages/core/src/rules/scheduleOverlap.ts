import type { Rotation } from '../models/schedule';
import { rotationsShareAWeek } from './scheduleRotation';
import { parseTime } from './scheduleTime';

/**
 * The overlap rule (spec 000 §5): entries of the same employee on the same day (or, for template
 * entries, the same template and day of the week) must not overlap; message `Cannot Set Overlapping
 * Schedules`. Drafts are checked against drafts and published entries against published ones
 * (publishing a day's drafts replaces that day's published entries). Rotation entries overlap only
 * when their rotations ever fall in the same week. Touching entries (one ends as the next starts)
 * do not overlap.
 */
export interface OverlapCandidate {
  id?: number | string | null;
  employee_id: number;
  day: string | null;
  dow: number | null;
  template_id?: string | null;
  published?: boolean;
  detail?: Rotation | null;
  start_time: string;
  end_time: string;
}

/** The group an entry competes in; entries of different groups never overlap. */
export function overlapGroup(e: OverlapCandidate): string {
  return e.day !== null
    ? `d|${e.employee_id}|${e.day}|${e.published ? 1 : 0}`
    : `s|${e.employee_id}|${e.template_id ?? ''}|${e.dow}`;
}

const minutes = (t: string): number => {
  const m = parseTime(t);
  if (m === null) throw new RangeError(`Not a time: ${t}`);
  return m;
};

/** Whether two entries overlap. Symmetric. */
export function entriesOverlap(a: OverlapCandidate, b: OverlapCandidate, weekStartsOn = 0): boolean {
  if (overlapGroup(a) !== overlapGroup(b)) return false;
  const overlapInTime = minutes(a.start_time) < minutes(b.end_time) && minutes(b.start_time) < minutes(a.end_time);
  return overlapInTime && (a.day !== null || rotationsShareAWeek(a.detail, b.detail, weekStartsOn));
}

interface Prepared<T> {
  entry: T;
  group: string;
  start: number;
  end: number;
}

/**
 * The first overlapping pair in a batch, or null: sort by group and start (O(n log n)), then sweep
 * each group keeping the entries still open. Without rotations a new entry is compared with one
 * open entry at most before a conflict is found; with rotations only with the open entries whose
 * rotations never meet it.
 */
export function findOverlap<T extends OverlapCandidate>(entries: readonly T[], weekStartsOn = 0): [T, T] | null {
  const prepared: Prepared<T>[] = entries.map((entry) => ({ entry, group: overlapGroup(entry), start: minutes(entry.start_time), end: minutes(entry.end_time) }));
  prepared.sort((a, b) => (a.group < b.group ? -1 : a.group > b.group ? 1 : a.start - b.start));
  let group = '';
  let open: Prepared<T>[] = [];
  for (const p of prepared) {
    if (p.group !== group) {
      group = p.group;
      open = [];
    }
    open = open.filter((o) => o.end > p.start);
    for (const o of open) {
      if (p.entry.day !== null || rotationsShareAWeek(o.entry.detail, p.entry.detail, weekStartsOn)) return [o.entry, p.entry];
    }
    open.push(p);
  }
  return null;
}

/** The same answer by comparing every pair (O(n²)); the benchmark's baseline and the tests' oracle. */
export function findOverlapPairwise<T extends OverlapCandidate>(entries: readonly T[], weekStartsOn = 0): [T, T] | null {
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) {
      if (entriesOverlap(entries[i] as T, entries[j] as T, weekStartsOn)) return [entries[i] as T, entries[j] as T];
    }
  }
  return null;
}

import type { Rotation } from '../models/schedule';
import { addDays, dayNumber, weekStartOf } from './scheduleTime';

/**
 * Week rotations (`detail` of a template entry): every `alternate` weeks from the week containing
 * `start`, except the weeks whose first day is listed in `except`. Weeks are counted from the
 * business's week start (`weekStartsOn`, 0 = Sunday).
 */

/** The index of the week containing `day` (consecutive weeks differ by one). */
export function weekIndex(day: string, weekStartsOn = 0): number {
  const n = dayNumber(weekStartOf(day, weekStartsOn));
  if (n === null) throw new RangeError(`Not a day: ${day}`);
  return Math.floor(n / 7);
}

/** Whether an entry with this rotation (none = every week) applies in the week containing `day`. */
export function rotationAppliesOn(detail: Rotation | null | undefined, day: string, weekStartsOn = 0): boolean {
  if (!detail) return true;
  const week = weekIndex(day, weekStartsOn);
  const anchor = weekIndex(detail.start, weekStartsOn);
  if (week < anchor) return false;
  if ((week - anchor) % detail.alternate !== 0) return false;
  const first = weekStartOf(day, weekStartsOn);
  return !detail.except.some((e) => weekStartOf(e, weekStartsOn) === first);
}

/** The first days of the weeks in `from`…`to` (inclusive) where the rotation applies. */
export function rotationWeeks(detail: Rotation | null | undefined, from: string, to: string, weekStartsOn = 0): string[] {
  const weeks: string[] = [];
  for (let w = weekStartOf(from, weekStartsOn); w <= to; w = addDays(w, 7)) {
    if (rotationAppliesOn(detail, w, weekStartsOn)) weeks.push(w);
  }
  return weeks;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Whether two rotations ever apply in the same week. Rotations run forever from their anchors,
 * so finitely many `except` weeks never keep two of them apart: they meet exactly when their
 * anchors agree modulo the greatest common divisor of their periods (Chinese remainder theorem).
 * No rotation means every week.
 */
export function rotationsShareAWeek(a: Rotation | null | undefined, b: Rotation | null | undefined, weekStartsOn = 0): boolean {
  if (!a || !b) return true;
  const g = gcd(a.alternate, b.alternate);
  const diff = weekIndex(a.start, weekStartsOn) - weekIndex(b.start, weekStartsOn);
  return ((diff % g) + g) % g === 0;
}

/** "Every 3 weeks from 2025-06-01" — how a rotation reads in the scheduler. */
export function describeRotation(detail: Rotation | null | undefined): string {
  if (!detail || detail.alternate === 1) return 'Every week';
  const every = detail.alternate === 2 ? 'Every other week' : `Every ${detail.alternate} weeks`;
  const except = detail.except.length > 0 ? `, except ${detail.except.length} week${detail.except.length === 1 ? '' : 's'}` : '';
  return `${every} from ${detail.start}${except}`;
}

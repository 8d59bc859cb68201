import { SEGMENT_COUNT_FRESH_MINUTES, type SegmentCount } from '../models/segments';
import { dayInZone, dayLabel } from './dashboard';

/**
 * How a segment's count reaches a person: the live count of a tree being built, and the count a
 * saved segment was last counted at, with its age. A count older than
 * `SEGMENT_COUNT_FRESH_MINUTES` (or none) is stale: the list says so and waits for the server's
 * background count. Pure: `now` is an argument.
 */

const MINUTE_MS = 60_000;

/** A number of clients as people read it: `1,517`. */
export const formatClientCount = (count: number): string => count.toLocaleString('en-US', { maximumFractionDigits: 0 });

/** The live count's sentence: `1,517 clients match`, `1 client matches`. */
export const clientsMatchLabel = (count: number): string => `${formatClientCount(count)} ${count === 1 ? 'client matches' : 'clients match'}`;

/** Is a stored count missing, or older than `SEGMENT_COUNT_FRESH_MINUTES` at `now`? */
export const segmentCountIsStale = (counted: SegmentCount | null, now: Date): boolean =>
  counted === null || now.getTime() - Date.parse(counted.at) >= SEGMENT_COUNT_FRESH_MINUTES * MINUTE_MS;

/**
 * How old a count is: `counted just now` (under a minute), `counted 5 min ago`, `counted 3 h ago`
 * (under a day), else the day it was counted in the business's zone (`counted on Mon, Nov 2, 2026`).
 * A count dated after `now` (another machine's clock) is `just now`.
 */
export function countedAgo(at: string, now: Date, timeZone: string): string {
  const minutes = Math.floor((now.getTime() - Date.parse(at)) / MINUTE_MS);
  if (minutes < 1) return 'counted just now';
  if (minutes < 60) return `counted ${minutes} min ago`;
  if (minutes < 24 * 60) return `counted ${Math.floor(minutes / 60)} h ago`;
  return `counted on ${dayLabel(dayInZone(new Date(at), timeZone))}`;
}

/** A segment's count in the list: `204 · counted 5 min ago`, or `Counting…` before its first count. */
export const segmentCountCell = (counted: SegmentCount | null, now: Date, timeZone: string): string =>
  counted === null ? 'Counting…' : `${formatClientCount(counted.count)} · ${countedAgo(counted.at, now, timeZone)}`;

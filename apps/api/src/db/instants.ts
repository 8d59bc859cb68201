import { addDays, entryInstants } from '@salondesk/core';

/** An instant from the driver (Date or string) as ISO-8601 UTC. */
export const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

/** The instants a range of business days covers in a time zone: from the first day's midnight to just before the day after the last. */
export function instantsOf(range: { start: string; end: string }, timezone: string): { from: Date; to: Date } {
  const from = entryInstants(range.start, '00:00', '00:00', timezone).start;
  const after = entryInstants(addDays(range.end, 1), '00:00', '00:00', timezone).start;
  return { from, to: new Date(after.getTime() - 1) };
}

import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { INT32_MAX } from './inputProblems';
import { wholeNumber } from './input';

/**
 * A database id as it travels in a path, a query or a body: a positive integer that fits the
 * `integer` column, as a number or, in a URL, written in canonical decimal (`3`; never `03`,
 * `3.0`, `3e0`, `+3`, `0x3` or ` 3`).
 */
export const id = wholeNumber(1, INT32_MAX, { tooSmall: MESSAGES.idNotPositive });
export type Id = z.infer<typeof id>;

/**
 * The first and last day a request may name. PostgreSQL's `date` has no year 0, and a range
 * computed from a day (a week, a republished horizon of up to a year) must still be a date
 * `YYYY-MM-DD` in every time zone: inside this window all of that holds.
 */
export const DAY_MIN = '2000-01-01';
export const DAY_MAX = '2099-12-31';

/** A calendar day in the business's time zone, `YYYY-MM-DD`, from `DAY_MIN` to `DAY_MAX`. */
export const day = z.iso.date({ error: MESSAGES.invalidDay }).check(z.refine((d) => d >= DAY_MIN && d <= DAY_MAX, { error: MESSAGES.invalidDay }));

/**
 * A day the server reports that may be computed from a `day` (the end of a range, a shift
 * republished up to a year ahead), so it may fall a little outside the window a request is held to.
 */
export const reportedDay = z.iso.date();

/** A time of day, `HH:mm`. */
export const timeOfDay = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Must be a time as HH:mm' }));

/** An instant, ISO-8601 in UTC. */
export const instant = z.iso.datetime({ offset: true });

/**
 * An instant a request names (a clock-in, a correction): ISO-8601 with its offset, on a day from
 * `DAY_MIN` to `DAY_MAX` in UTC, so every time zone reads it as a date PostgreSQL and the day
 * rules take.
 */
export const instantInput = z.iso.datetime({ offset: true, error: MESSAGES.invalidInstant }).check(
  z.refine((at) => {
    const ms = Date.parse(at);
    return Number.isFinite(ms) && ms >= Date.parse(`${DAY_MIN}T12:00:00Z`) && ms <= Date.parse(`${DAY_MAX}T12:00:00Z`);
  }, { error: MESSAGES.invalidInstant }),
);

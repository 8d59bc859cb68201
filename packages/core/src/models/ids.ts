import { z } from 'zod/mini';

/** A database id as it travels in a path or a body: a positive integer. */
export const id = z.coerce
  .number({ error: 'Must be a number' })
  .check(
    z.refine(Number.isInteger, { error: 'Must be a whole number' }),
    z.positive({ error: 'Must be a positive number' }),
    z.maximum(2 ** 31 - 1, { error: 'Is too large' }),
  );
export type Id = z.infer<typeof id>;

/** The first and last day a request may name. */
export const DAY_MIN = '2000-01-01';
export const DAY_MAX = '2099-12-31';

/** A calendar day in the business's time zone, `YYYY-MM-DD`. */
export const day = z.iso.date({ error: 'Must be a date as YYYY-MM-DD' });

/** A time of day, `HH:mm`. */
export const timeOfDay = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Must be a time as HH:mm' }));

/** An instant, ISO-8601 in UTC. */
export const instant = z.iso.datetime({ offset: true });

import { z } from 'zod/mini';
import { day, reportedDay } from './ids';
import { text } from './input';

/**
 * A business's suspension as the spec names it (spec 001 §3 Business `suspension`): no date, not
 * suspended; a date still to come, will be suspended (its users see a banner with the date); a
 * date that has come, suspended (its users reach only billing, to pay). `suspended_after` is a day
 * in the business's time zone: the suspension takes effect at the start of that day there.
 */
export const suspension = z.object({
  isSuspended: z.boolean(),
  willBeSuspended: z.boolean(),
  suspended_after: z.nullable(reportedDay),
  /** Why, as the admin who suspended it wrote it for the business's users; null when none was given (or there is no suspension). */
  reason: z.nullable(z.string()),
});
export type Suspension = z.infer<typeof suspension>;

/** The longest reason a suspension may give. */
export const SUSPENSION_REASON_MAX = 500;

/**
 * `POST /protected/admin/{id}/suspension/update` (spec 001 §7): the day the business is suspended
 * from, in its time zone (today or earlier suspends it at once), or `null` to lift it at once; and
 * (Salondesk's) the reason its users read, kept with the day (lifting clears it).
 */
export const suspensionUpdate = z.object({ date: z.nullable(day), reason: z.optional(z.nullable(text(SUSPENSION_REASON_MAX, { trim: true }))) });
export type SuspensionUpdate = z.infer<typeof suspensionUpdate>;

import { z } from 'zod/mini';
import { id, instant } from '../models/ids';
import { buildStep, siteKind } from '../models/publishing';

/**
 * One step of a website or app build, sent live to the business's room as it is written to the
 * version's build log (spec 000 §4: the publishing screen shows the build as it goes). Not kept
 * in the notification list: the build log is its record.
 */
export const publishStep = z.object({
  businessId: id,
  versionId: id,
  kind: siteKind,
  step: buildStep,
  /** When the step was written to the build log. */
  at: instant,
  /** The build log entry's text (the step's label, or what failed). */
  message: z.string().check(z.maxLength(2000)),
  /** Where the version is served, once it has an address (ready, live, rolled back). */
  url: z.nullable(z.string().check(z.maxLength(2000))),
});
export type PublishStep = z.infer<typeof publishStep>;

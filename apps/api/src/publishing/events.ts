import { BUILD_STEP_LABEL, type BuildLogEntry, type BuildStep, deployNotice, type SiteKind } from '@salondesk/core';
import { eq } from 'drizzle-orm';
import type { JobContext } from '../jobs/defineJob';
import { siteBuildLog, siteVersions } from './schema';

/** What `publishEvent` needs: the job's (or an HTTP handler's) database, clock and notifier. */
export type PublishEventContext = Pick<JobContext, 'db' | 'now' | 'notifier'>;

export interface PublishEventInput {
  businessId: number;
  versionId: number;
  kind: SiteKind;
  step: BuildStep;
  /** Where the version is served, once it has an address (`live`, `rolledBack`). */
  url?: string | null;
  /** The log line; default one made from the step (a failure passes what failed). */
  message?: string;
  /**
   * Whether a version going live is announced (default yes). The demo's own versions, built at
   * the first start before anyone asked for them, are not: forty "Website published" toasts and
   * notifications about nothing anyone did. Their steps still reach the publishing screen.
   */
  announce?: boolean;
}

/** The log line of a step when the caller gives none. */
export function stepMessage(event: Pick<PublishEventInput, 'kind' | 'step' | 'url'>): string {
  const what = event.kind === 'app' ? 'App' : 'Website';
  switch (event.step) {
    case 'queued':
      return `${what} publish queued`;
    case 'building':
      return `Building the ${what.toLowerCase()}`;
    case 'ready':
      return `${what} built`;
    case 'live':
      return event.url ? `${what} is live at ${event.url}` : `${what} is live`;
    case 'failed':
      return `${what} build failed`;
    case 'rolledBack':
      return event.url ? `${what} rolled back; live at ${event.url}` : `${what} rolled back`;
    default:
      return BUILD_STEP_LABEL[event.step as BuildStep];
  }
}

/**
 * The one way a build step is told (spec 000 §1, §4): writes the version's build log entry, sends
 * it live to the business's room (`publishStep`, for the publishing screen), and when the version
 * goes live (`live`, or `rolledBack` to it) announces it — `websitePublished` / `mobileAppDeployed`
 * with the version's number and address — to the business's room and to the admins, kept in the
 * notification list. The publish job calls it for each step, the calls that make a version live
 * for theirs. Answers the entry written.
 */
export async function publishEvent(ctx: PublishEventContext, input: PublishEventInput): Promise<BuildLogEntry> {
  const url = input.url ?? null;
  const [row] = await ctx.db
    .insert(siteBuildLog)
    .values({ version_id: input.versionId, business_id: input.businessId, step: input.step, message: input.message ?? stepMessage({ ...input, url }), at: ctx.now() })
    .returning();
  if (!row) throw new Error(`The build log of version ${input.versionId} was not written`);
  const entry: BuildLogEntry = { step: input.step, at: row.at.toISOString(), message: row.message };
  ctx.notifier.publishStep({ businessId: input.businessId, versionId: input.versionId, kind: input.kind, ...entry, url });

  if ((input.step === 'live' || input.step === 'rolledBack') && input.announce !== false) {
    const [version] = await ctx.db.select({ number: siteVersions.number }).from(siteVersions).where(eq(siteVersions.id, input.versionId));
    if (version) {
      await ctx.notifier.notify({
        ...deployNotice({ kind: input.kind, version: version.number, url, rolledBack: input.step === 'rolledBack' }),
        businessId: input.businessId,
        versionId: input.versionId,
        version: version.number,
        url,
      });
    }
  }
  return entry;
}

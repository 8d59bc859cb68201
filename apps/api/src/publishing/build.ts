import { MESSAGES, type SiteKind, shouldGoLive, siteUrl } from '@salondesk/core';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod/mini';
import { id } from '@salondesk/core';
import type { Database } from '../db/client';
import { defineJob, type JobContext } from '../jobs/defineJob';
import type { ObjectStore } from '../storage';
import { type SiteFiles, type SiteRenderer, siteFilesProblem } from './files';
import { publishEvent } from './events';
import { siteVersions } from './schema';
import { loadSiteInput } from './siteInput';
import { lockSites, pruneVersions, type SiteAddresses, switchLive, type VersionRow, versionPrefix, webcodeOf } from './versions';

export const SITE_BUILD_JOB = 'site.build';

/** How a file is cached: hashed names for a year; everything else revalidated by its ETag. */
export const cacheControlOf = (immutable: boolean | undefined): string => (immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');

export interface SiteBuildOptions {
  /** The `sites` store. */
  store: () => ObjectStore;
  /** The media library's store, whose staff photos and service images are copied into each version. */
  media: () => ObjectStore;
  addresses: SiteAddresses;
  /** The API's address (short links, the booking page). */
  publicUrl: string;
  renderers: Record<SiteKind, SiteRenderer>;
}

/** Writes a version's files under its prefix; resolves with their count and size. */
async function upload(store: ObjectStore, prefix: string, files: SiteFiles): Promise<{ count: number; bytes: number }> {
  let bytes = 0;
  const entries = Object.entries(files);
  // A few at a time: quick on one machine, kind to a remote bucket.
  for (let i = 0; i < entries.length; i += 8) {
    await Promise.all(
      entries.slice(i, i + 8).map(([path, file]) => {
        const body = typeof file.body === 'string' ? Buffer.from(file.body, 'utf8') : file.body;
        bytes += body.length;
        return store.put(`${prefix}${path}`, body, { contentType: file.contentType, cacheControl: cacheControlOf(file.immutable) });
      }),
    );
  }
  return { count: entries.length, bytes };
}

const setStatus = (db: Database, versionId: number, from: readonly string[], values: Partial<typeof siteVersions.$inferInsert>) =>
  db
    .update(siteVersions)
    .set(values)
    .where(and(eq(siteVersions.id, versionId), inArray(siteVersions.status, [...from])))
    .returning();

/**
 * Builds one version: `building` → render from the business's data → store its files → `ready`,
 * then live if it was asked to and no newer version is live by then; the versions beyond 20 are
 * pruned. A failed build (a renderer that throws, files that cannot be published, a store that
 * refuses) ends `failed` with its reason, its files removed and the live version untouched.
 * Each step goes through `publishEvent`; `announce: false` (the demo's own versions) tells no one
 * when it goes live. Run again after a crash, it starts the build over.
 */
export async function buildVersion(
  versionId: number,
  ctx: Pick<JobContext, 'db' | 'now' | 'notifier' | 'log'>,
  options: SiteBuildOptions,
  { announce = true }: { announce?: boolean } = {},
): Promise<VersionRow | undefined> {
  const [started] = await setStatus(ctx.db, versionId, ['queued', 'building'], { status: 'building', error: null });
  if (!started) return undefined; // Deleted, or already built.
  const kind = started.kind as SiteKind;
  const event = { businessId: started.business_id, versionId, kind };
  await publishEvent(ctx, { ...event, step: 'building' });
  const store = options.store();
  const prefix = versionPrefix(started);
  try {
    // A run after a crash starts from an empty folder.
    await store.deletePrefix(prefix);
    const input = await loadSiteInput(ctx.db, started, { addresses: options.addresses, publicUrl: options.publicUrl, now: ctx.now(), media: options.media() });
    const files = await options.renderers[kind](input);
    const problem = siteFilesProblem(files);
    if (problem) throw new Error(problem);
    const { count, bytes } = await upload(store, prefix, files);
    // Built, and live at the same moment when it goes live (under the business's lock): nobody
    // sees a version that is about to go live as a draft.
    const done = await ctx.db.transaction(async (tx) => {
      await lockSites(tx, started.business_id);
      const [ready] = await tx
        .update(siteVersions)
        .set({ status: 'ready', built_at: ctx.now(), file_count: count, byte_size: bytes })
        .where(and(eq(siteVersions.id, versionId), eq(siteVersions.status, 'building')))
        .returning();
      if (!ready) return undefined;
      if (!ready.make_live) return { ready, live: undefined, newerLive: false };
      const [current] = await tx
        .select({ number: siteVersions.number })
        .from(siteVersions)
        .where(and(eq(siteVersions.business_id, ready.business_id), eq(siteVersions.kind, kind), eq(siteVersions.status, 'live')));
      if (!shouldGoLive(ready.number, current?.number ?? null)) return { ready, live: undefined, newerLive: true };
      return { ready, live: (await switchLive(tx, ready, ctx.now())).live, newerLive: false };
    });
    if (!done) {
      // Deleted while building: its files go too.
      await store.deletePrefix(prefix);
      return undefined;
    }
    const { ready } = done;
    const images = Object.keys(files).filter((path) => path in input.images).length;
    const leftOut = input.imagesLeftOut.length === 0 ? '' : `; ${input.imagesLeftOut.length === 1 ? '1 image' : `${input.imagesLeftOut.length} images`} of the media library could not be read and ${input.imagesLeftOut.length === 1 ? 'is' : 'are'} left out`;
    await publishEvent(ctx, {
      ...event,
      step: 'ready',
      message: `${kind === 'app' ? 'App' : 'Website'} built: ${count} files${images > 0 ? ` (${images} ${images === 1 ? 'image' : 'images'})` : ''}, ${Math.ceil(bytes / 1024)} KB${leftOut}`,
    });
    if (input.imagesLeftOut.length > 0) ctx.log.warn({ versionId, media: input.imagesLeftOut }, 'Site build: images of the media library left out');
    if (done.newerLive) await publishEvent(ctx, { ...event, step: 'ready', message: 'A newer version is already live; this one is kept as a draft.' });
    if (done.live) {
      const webcode = await webcodeOf(ctx.db, ready.business_id);
      await publishEvent(ctx, { ...event, step: 'live', url: webcode ? siteUrl(options.addresses.siteBase, webcode, kind) : undefined, announce });
    }
    const final: VersionRow = done.live ?? ready;
    await pruneVersions(ctx.db, store, ready.business_id, kind);
    return final;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    ctx.log.warn({ err: error, versionId }, 'Site build failed');
    const [failed] = await setStatus(ctx.db, versionId, ['building', 'ready'], { status: 'failed', error: reason.slice(0, 500) });
    await store.deletePrefix(prefix).catch((cleanup: unknown) => ctx.log.warn({ err: cleanup, versionId }, 'Could not remove the files of a failed build'));
    if (failed) await publishEvent(ctx, { ...event, step: 'failed', message: `${kind === 'app' ? MESSAGES.appDeployFailed : MESSAGES.websitePublishFailed} ${reason.slice(0, 300)}` });
    return failed;
  }
}

/** The job that builds a version (`site.build`, `{ versionId }`). */
export function siteBuildJob(options: SiteBuildOptions) {
  return defineJob({
    name: SITE_BUILD_JOB,
    payload: z.object({ versionId: id }),
    // A build failure is recorded on the version and not retried (the same data fails the same
    // way); a retry is for a crash, and starts the build over.
    retry: { limit: 2, delaySeconds: 5, backoff: false },
    timeoutSeconds: 10 * 60,
    logFields: (payload) => ({ versionId: payload.versionId }),
    handler: async ({ versionId }, ctx) => {
      await buildVersion(versionId, ctx, options);
    },
  });
}

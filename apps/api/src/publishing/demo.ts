import { SITE_KIND, type SiteKind } from '@salondesk/core';
import { asc, sql } from 'drizzle-orm';
import { businesses } from '../db/schema';
import type { JobContext } from '../jobs/defineJob';
import { buildVersion, type SiteBuildOptions } from './build';
import { publishEvent } from './events';
import { siteVersions } from './schema';
import { createVersion, ensureWebcode } from './versions';

/** Versions the demo publishes of each kind per business: three earlier ones and the live one. */
export const DEMO_VERSIONS = 4;

/**
 * The demo's sites (demo mode, after start, in the background): every business without a version
 * of a kind gets `DEMO_VERSIONS` of it, built one after the other, so each has a live website and
 * app and three earlier versions to roll back to. The files are rendered from the business's data,
 * which SQL cannot do, so this is not part of the SQL seed; a business that has versions is left
 * alone, so a restart does nothing. The app comes first, so the website links to it. Nobody is
 * told when these go live (no toast, no notification: nobody asked for them).
 */
export async function publishDemoSites(ctx: Pick<JobContext, 'db' | 'now' | 'notifier' | 'log'>, options: SiteBuildOptions, stopped: () => boolean = () => false): Promise<number> {
  let built = 0;
  // A start stopped mid-way (kill -9) left versions unbuilt: they are built first, in order.
  const unfinished = await ctx.db
    .select({ id: siteVersions.id })
    .from(siteVersions)
    .where(sql`${siteVersions.status} in ('queued', 'building') and ${siteVersions.created_by} is null`)
    .orderBy(asc(siteVersions.business_id), asc(siteVersions.kind), asc(siteVersions.number));
  for (const { id } of unfinished) {
    if (stopped()) return built;
    await buildVersion(id, ctx, options, { announce: false });
    built++;
  }
  const rows = await ctx.db.select({ id: businesses.id }).from(businesses).orderBy(asc(businesses.id));
  for (const kind of [SITE_KIND.app, SITE_KIND.website] as SiteKind[]) {
    for (const { id } of rows) {
      if (stopped()) return built;
      const [existing] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(siteVersions)
        .where(sql`${siteVersions.business_id} = ${id} and ${siteVersions.kind} = ${kind}`);
      if ((existing?.n ?? 0) > 0) continue;
      await ensureWebcode(ctx.db, id);
      for (let n = 0; n < DEMO_VERSIONS && !stopped(); n++) {
        const version = await createVersion(ctx.db, { businessId: id, kind, makeLive: true, userId: null, now: ctx.now() });
        await publishEvent(ctx, { businessId: id, versionId: version.id, kind, step: 'queued', message: 'Demo data: published at start' });
        await buildVersion(version.id, ctx, options, { announce: false });
        built++;
      }
    }
  }
  return built;
}

/** Whether any business still lacks a version of some kind, or a demo version was left unbuilt (the demo has work to do). */
export async function demoSitesMissing(ctx: Pick<JobContext, 'db'>): Promise<boolean> {
  const [row] = await ctx.db.execute<{ missing: boolean }>(sql`
    select exists (
      select 1 from ${businesses} b cross join (values ('website'), ('app')) k(kind)
      where not exists (select 1 from ${siteVersions} v where v.business_id = b.id and v.kind = k.kind)
    ) or exists (select 1 from ${siteVersions} v where v.status in ('queued', 'building') and v.created_by is null) as missing`).then((r) => r.rows);
  return row?.missing ?? false;
}

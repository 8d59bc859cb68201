import { APP_SUBPATH, endpoints, liveAddressCheck, MESSAGES, PREVIEW_PATH_WORD, SITES_PATH, type SiteKind, type SiteVersionStatus, siteVersionCan } from '@salondesk/core';
import { and, eq, gt } from 'drizzle-orm';
import { HttpError } from '../http/errors';
import { type HandlerContext, implement, businessOf } from '../http/registry';
import { SITE_BUILD_JOB } from './build';
import { publishEvent } from './events';
import { sitePreviews, siteVersions } from './schema';
import {
  createPreview,
  createVersion,
  ensureWebcode,
  findVersion,
  lockSites,
  type SiteAddresses,
  switchLive,
  versionAnswer,
  versionList,
  versionPrefix,
  webcodeOf,
} from './versions';
import { previewUrl, siteUrl } from '@salondesk/core';

export interface PublishingOptions {
  addresses: SiteAddresses;
}


const versionNotFound = () => new HttpError(404, MESSAGES.siteVersionNotFound);

/**
 * Website and app publishing (core's `publishingEndpoints`): a publish makes a version and queues
 * its build (`publishing/build.ts`); making a version live switches the live pointer in one
 * transaction (a rollback when it is an earlier one); a draft or failed version can be deleted with
 * its files; `checkwebsitepreview` answers from the versions and previews, never by fetching (the
 * live address: whether it serves the version it should, `liveAddressCheck`).
 */
export function publishingHandlers(options: PublishingOptions) {
  const e = endpoints.publishing;
  const { addresses } = options;

  const publish = async (kind: SiteKind, makeLive: boolean | undefined, ctx: HandlerContext) => {
    const business = businessOf(ctx);
    await ensureWebcode(ctx.db, business.id);
    const now = ctx.now();
    const version = await createVersion(ctx.db, { businessId: business.id, kind, makeLive: makeLive ?? true, userId: ctx.auth?.user.id ?? null, now });
    await publishEvent({ db: ctx.db, now: ctx.now, notifier: ctx.request.server.notifier }, { businessId: business.id, versionId: version.id, kind, step: 'queued' });
    await ctx.request.server.jobs.send(SITE_BUILD_JOB, { versionId: version.id });
    return versionAnswer(ctx.db, version, addresses, now);
  };

  return [
    implement(e.publishWebsite, async ({ body }, ctx) => publish('website', body.makeLive, ctx)),
    implement(e.publishApp, async ({ body }, ctx) => publish('app', body.makeLive, ctx)),

    implement(e.versions, async ({ query }, ctx) => versionList(ctx.db, businessOf(ctx).id, query.kind, addresses, ctx.now())),

    implement(e.version, async ({ params }, ctx) => {
      const version = await findVersion(ctx.db, businessOf(ctx).id, params.versionId);
      if (!version) throw versionNotFound();
      return versionAnswer(ctx.db, version, addresses, ctx.now());
    }),

    implement(e.makeLive, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      const now = ctx.now();
      const result = await ctx.db.transaction(async (tx) => {
        await lockSites(tx, business.id);
        const version = await findVersion(tx, business.id, params.versionId);
        if (!version) throw versionNotFound();
        if (version.status === 'live') throw new HttpError(409, MESSAGES.siteVersionAlreadyLive);
        if (!siteVersionCan.makeLive({ status: version.status as never })) throw new HttpError(409, MESSAGES.siteVersionCannotGoLive);
        return switchLive(tx, version, now);
      });
      const kind = result.live.kind as SiteKind;
      const webcode = await webcodeOf(ctx.db, business.id);
      // An earlier version than the one it replaces: a rollback.
      const rolledBack = result.replaced !== undefined && result.replaced.number > result.live.number;
      await publishEvent(
        { db: ctx.db, now: ctx.now, notifier: ctx.request.server.notifier },
        { businessId: business.id, versionId: result.live.id, kind, step: rolledBack ? 'rolledBack' : 'live', url: webcode ? siteUrl(addresses.siteBase, webcode, kind) : undefined },
      );
      return versionAnswer(ctx.db, result.live, addresses, ctx.now());
    }),

    implement(e.remove, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      const deleted = await ctx.db.transaction(async (tx) => {
        await lockSites(tx, business.id);
        const version = await findVersion(tx, business.id, params.versionId);
        if (!version) throw versionNotFound();
        if (!siteVersionCan.remove({ status: version.status as never })) throw new HttpError(409, MESSAGES.siteVersionCannotBeDeleted);
        await tx.delete(siteVersions).where(eq(siteVersions.id, version.id));
        return version;
      });
      await ctx.request.server.storage.store('sites').deletePrefix(versionPrefix(deleted));
      return { deleted: deleted.id };
    }),

    implement(e.createPreview, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      const version = await findVersion(ctx.db, business.id, params.versionId);
      if (!version) throw versionNotFound();
      if (version.status === 'failed') throw new HttpError(409, MESSAGES.siteVersionNoPreview);
      const { token, expiresAt } = await createPreview(ctx.db, version, ctx.auth?.user.id ?? null, ctx.now());
      return { versionId: version.id, url: previewUrl(addresses.previewBase, token), expiresAt: expiresAt.toISOString() };
    }),

    implement(e.checkPreview, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const target = siteTarget(query.url, addresses);
      if (!target) throw new HttpError(400, MESSAGES.previewUrlNotOurs, { issues: [{ path: ['url'], message: MESSAGES.previewUrlNotOurs }] });
      if (target.kind === 'preview') {
        const [row] = await ctx.db
          .select({ id: siteVersions.id, status: siteVersions.status })
          .from(sitePreviews)
          .innerJoin(siteVersions, eq(siteVersions.id, sitePreviews.version_id))
          .where(and(eq(sitePreviews.token, target.token), eq(sitePreviews.business_id, business.id), gt(sitePreviews.expires_at, ctx.now())));
        if (!row) throw new HttpError(400, MESSAGES.previewUrlNotOurs, { issues: [{ path: ['url'], message: MESSAGES.previewUrlNotOurs }] });
        const status = row.status as 'queued';
        return { ready: siteVersionCan.preview({ status }), versionId: row.id, status };
      }
      const webcode = await webcodeOf(ctx.db, business.id);
      if (!webcode || webcode !== target.webcode) throw new HttpError(400, MESSAGES.previewUrlNotOurs, { issues: [{ path: ['url'], message: MESSAGES.previewUrlNotOurs }] });
      // The live address: ready when it serves the version it should (core's `liveAddressCheck`:
      // a publish under way or failed since is awaited or reported; else the live one, also after a rollback).
      const versions = await ctx.db
        .select({ id: siteVersions.id, number: siteVersions.number, status: siteVersions.status, makeLive: siteVersions.make_live, createdAt: siteVersions.created_at, liveAt: siteVersions.live_at })
        .from(siteVersions)
        .where(and(eq(siteVersions.business_id, business.id), eq(siteVersions.kind, target.siteKind)));
      return liveAddressCheck(versions.map((v) => ({ ...v, status: v.status as SiteVersionStatus })));
    }),
  ];
}

type SiteTarget = { kind: 'preview'; token: string } | { kind: 'site'; webcode: string; siteKind: SiteKind };

/** What a site address names: a preview token, or a business's site (by its code and kind); undefined when it is not one of ours. */
export function siteTarget(url: string, addresses: SiteAddresses): SiteTarget | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const origins = new Set([new URL(addresses.siteBase).origin, new URL(addresses.previewBase).origin]);
  if (!origins.has(parsed.origin)) return undefined;
  const basePath = (base: string) => new URL(base).pathname.replace(/\/+$/, '');
  const under = (base: string) => {
    const prefix = `${basePath(base)}${SITES_PATH}/`;
    return parsed.pathname.startsWith(prefix) ? parsed.pathname.slice(prefix.length).split('/') : undefined;
  };
  const preview = under(addresses.previewBase);
  if (preview && preview[0] === PREVIEW_PATH_WORD && preview[1] && /^[A-Za-z0-9_-]{43}$/.test(preview[1])) return { kind: 'preview', token: preview[1] };
  const site = under(addresses.siteBase);
  if (site && site[0] && site[0] !== PREVIEW_PATH_WORD) return { kind: 'site', webcode: site[0], siteKind: site[1] === APP_SUBPATH ? 'app' : 'website' };
  return undefined;
}

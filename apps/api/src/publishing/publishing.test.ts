import { ApiError, MESSAGES, PREVIEW_LINK_HOURS, type SiteVersion, VERSIONS_KEPT } from '@salondesk/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../db/schema';
import { rawRequest, refusal, signedIn, startTestServer, type TestClient, type TestServer } from '../test/harness';
import { buildVersion } from './build';
import type { SiteFiles, SiteInput } from './files';
import { renderWebsite } from './site/renderWebsite';
import { siteVersions } from './schema';
import type { SiteAddresses } from './versions';

/**
 * Publishing over real HTTP: the calls, their refusals, builds run by the job queue's workers
 * against the local S3 stand-in, the sites served from the store.
 */

const LA = 1;
const NY = 2;
let server: TestServer;
let owner: TestClient;
let manager: TestClient;
let lotus: TestClient;
/** When true, the website renderer throws after a page is rendered (a broken template). */
let breakTemplate = false;

beforeAll(async () => {
  server = await startTestServer({
    jobs: { workers: true, pollingIntervalSeconds: 0.5 },
    publishing: {
      renderers: {
        website: (input: SiteInput): SiteFiles => {
          const files = renderWebsite(input);
          if (breakTemplate) throw new Error('Template error: services.html refers to {{ business.nmae }}');
          return files;
        },
      },
    },
  });
  owner = await signedIn(server, 'owner');
  manager = await signedIn(server, 'manager');
  lotus = await signedIn(server, 'lotus');
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const path = (url: string) => new URL(url).pathname;

/** Waits until the version's build has finished (the job runs on the server's workers). */
async function settled(businessId: number, versionId: number): Promise<SiteVersion> {
  for (let i = 0; i < 600; i++) {
    const version = await owner.client.publishing.version(businessId, versionId);
    // Finished, and its last step logged (the log follows the status).
    const last = version.buildLog.at(-1)?.step;
    const logged = version.status === 'live' ? last === 'live' : version.status === 'superseded' ? true : last === version.status;
    if (!['queued', 'building'].includes(version.status) && logged) return version;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Version ${versionId} did not finish building`);
}

describe('publishing a website', () => {
  let first: SiteVersion;

  it('publishes: queued, then built and live, served at /sites/{webcode}/ with the build log', { timeout: 120_000 }, async () => {
    const queued = await owner.client.publishing.publishWebsite(LA);
    expect(queued).toMatchObject({ businessId: LA, kind: 'website', number: 1, status: 'queued', error: null, createdBy: expect.any(String) });
    expect(queued.previewUrl).toMatch(/\/sites\/adminpreview\/[A-Za-z0-9_-]{43}\/$/);
    expect(queued.buildLog.map((l) => l.step)).toEqual(['queued']);
    expect(queued.url).toMatch(/\/sites\/luxe-los-angeles\/$/);

    first = await settled(LA, queued.id);
    expect(first.status).toBe('live');
    expect(first.buildLog.map((l) => l.step)).toEqual(['queued', 'building', 'ready', 'live']);
    expect(first.liveAt).not.toBeNull();

    const list = await owner.client.publishing.versions(LA, 'website');
    expect(list).toMatchObject({ kind: 'website', webcode: 'luxe-los-angeles', liveVersionId: first.id });
    expect(list.versions.map((v) => v.id)).toEqual([first.id]);

    const home = await rawRequest(server, path(list.url!));
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(home.text).toContain('<h1 id="title">Luxe Los Angeles</h1>');
    expect(home.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(home.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(home.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const etag = home.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}(-gzip)?"$/);
    expect(home.headers.get('vary')).toBe('Accept-Encoding');
    const again = await fetch(`${server.baseUrl}${path(list.url!)}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    const css = home.text.match(/href="(assets\/site\.[0-9a-f]{8}\.css)"/)?.[1];
    const style = await rawRequest(server, `${path(list.url!)}${css}`);
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(style.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await rawRequest(server, `${path(list.url!)}no-such-page.html`);
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Page not found');
    const sitemap = await rawRequest(server, `${path(list.url!)}sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  });

  it('a draft is built but not live; its preview is served under adminpreview, not cached by shared caches, until made live', { timeout: 120_000 }, async () => {
    const draft = await settled(LA, (await owner.client.publishing.publishWebsite(LA, { makeLive: false })).id);
    expect(draft).toMatchObject({ status: 'ready', number: 2 });
    const live = await owner.client.publishing.versions(LA, 'website');
    expect(live.liveVersionId).toBe(first.id);
    const preview = await rawRequest(server, path(draft.previewUrl!));
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('Salondesk site v2');
    expect(preview.headers.get('cache-control')).toBe('private, max-age=0, must-revalidate');
    expect(preview.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    // The framing policy: only the dashboard's own origin may frame a preview (the modal's frame).
    expect(preview.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self'$/);
    expect(preview.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(preview.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // The dashboard itself may frame only its own origin (and nobody may frame the dashboard).
    const dashboardPolicy = (await rawRequest(server, '/healthz')).headers.get('content-security-policy')!;
    expect(dashboardPolicy).toContain("frame-src 'self'");
    expect(dashboardPolicy).toContain("frame-ancestors 'none'");
    expect((await rawRequest(server, path(live.url!))).text).toContain('Salondesk site v1');
    await expect(owner.client.publishing.checkPreview(LA, draft.previewUrl!)).resolves.toEqual({ ready: true, versionId: draft.id, status: 'ready' });

    const made = await owner.client.publishing.makeLive(LA, draft.id);
    expect(made.status).toBe('live');
    expect((await rawRequest(server, path(live.url!))).text).toContain('Salondesk site v2');
    expect((await owner.client.publishing.version(LA, first.id)).status).toBe('superseded');
    // A draft made live by hand is what the live address serves, and is expected to.
    await expect(owner.client.publishing.checkPreview(LA, live.url!)).resolves.toEqual({ ready: true, versionId: draft.id, status: 'live' });
  });

  it('rolls back to an earlier version in one call, logged as a rollback; checkwebsitepreview then reports the version served', { timeout: 120_000 }, async () => {
    const third = await settled(LA, (await owner.client.publishing.publishWebsite(LA)).id);
    expect(third).toMatchObject({ status: 'live', number: 3 });
    await expect(owner.client.publishing.checkPreview(LA, third.url!)).resolves.toEqual({ ready: true, versionId: third.id, status: 'live' });
    const back = await owner.client.publishing.makeLive(LA, first.id);
    expect(back.status).toBe('live');
    expect(back.buildLog.at(-1)?.step).toBe('rolledBack');
    const list = await owner.client.publishing.versions(LA, 'website');
    expect(list.liveVersionId).toBe(first.id);
    expect((await rawRequest(server, path(list.url!))).text).toContain('Salondesk site v1');
    // The live address serves version 1 again, and that is the version it should serve: ready, not "the newest".
    await expect(owner.client.publishing.checkPreview(LA, list.url!)).resolves.toEqual({ ready: true, versionId: first.id, status: 'live' });
    expect((await refusal(owner.client.publishing.makeLive(LA, first.id))).message).toBe(MESSAGES.siteVersionAlreadyLive);
  });

  it('a failed build (a broken template) is failed with its reason, and the live version stays as it was', { timeout: 120_000 }, async () => {
    const before = await owner.client.publishing.versions(LA, 'website');
    breakTemplate = true;
    try {
      const failed = await settled(LA, (await owner.client.publishing.publishWebsite(LA)).id);
      expect(failed.status).toBe('failed');
      expect(failed.error).toContain('Template error');
      expect(failed.buildLog.map((l) => l.step)).toEqual(['queued', 'building', 'failed']);
      expect(failed.previewUrl).toBeNull();
      await expect(owner.client.publishing.checkPreview(LA, before.url!)).resolves.toMatchObject({ ready: false, status: 'failed', versionId: failed.id });
      expect((await refusal(owner.client.publishing.makeLive(LA, failed.id))).message).toBe(MESSAGES.siteVersionCannotGoLive);
      // Its files are gone; the failed version can be deleted.
      expect(await server.app.storage.store('sites').list(`${LA}/website/${failed.id}/`)).toEqual([]);
      await expect(owner.client.publishing.remove(LA, failed.id)).resolves.toEqual({ deleted: failed.id });
    } finally {
      breakTemplate = false;
    }
    const after = await owner.client.publishing.versions(LA, 'website');
    expect(after.liveVersionId).toBe(before.liveVersionId);
    expect((await rawRequest(server, path(after.url!))).status).toBe(200);
  });

  it('two publishes at once give two versions in order, and the newer ends live', { timeout: 120_000 }, async () => {
    const [a, b] = await Promise.all([owner.client.publishing.publishWebsite(NY), owner.client.publishing.publishWebsite(NY)]);
    expect([a.number, b.number].sort()).toEqual([1, 2]);
    await settled(NY, a.id);
    await settled(NY, b.id);
    const [doneA, doneB] = [await owner.client.publishing.version(NY, a.id), await owner.client.publishing.version(NY, b.id)];
    const newer = doneA.number > doneB.number ? doneA : doneB;
    const older = newer === doneA ? doneB : doneA;
    expect(newer.status).toBe('live');
    expect(['superseded', 'ready']).toContain(older.status);
    expect((await owner.client.publishing.versions(NY, 'website')).liveVersionId).toBe(newer.id);
  });

  it('a finished build of an older version never replaces a newer live one', async () => {
    // Version 3 of NY asked to go live, but a newer one (4) went live first: 3 stays a draft.
    const three = await owner.client.publishing.publishWebsite(NY, { makeLive: true });
    const four = await owner.client.publishing.publishWebsite(NY, { makeLive: true });
    await settled(NY, four.id);
    await settled(NY, three.id);
    const list = await owner.client.publishing.versions(NY, 'website');
    expect(list.liveVersionId).toBe(list.versions.find((v) => v.status === 'live')!.id);
    expect(list.versions.find((v) => v.status === 'live')!.number).toBe(Math.max(...list.versions.filter((v) => v.status !== 'failed').map((v) => v.number)));
  });
});

describe('refusals', () => {
  it('answers bad input with 400 and changes nothing', async () => {
    const count = async () => (await server.database.db.select().from(siteVersions).where(eq(siteVersions.business_id, LA))).length;
    const before = await count();
    for (const body of [{ makeLive: 'yes' }, { makeLive: 1 }, []]) {
      const answer = await rawRequest(server, `/protected/business/${LA}/website/publish`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-salondesk-csrf': '1', cookie: [...owner.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        body: JSON.stringify(body),
      });
      expect(answer.status).toBe(400);
    }
    expect(await count()).toBe(before);
    expect((await refusal(owner.client.publishing.versions(LA, 'blog' as never))).status).toBe(400);
    expect((await refusal(owner.client.publishing.version(LA, 999_999))).message).toBe(MESSAGES.siteVersionNotFound);
    expect((await refusal(owner.client.publishing.checkPreview(LA, 'https://example.com/sites/luxe-los-angeles/'))).message).toBe(MESSAGES.previewUrlNotOurs);
    expect((await refusal(owner.client.publishing.checkPreview(LA, 'not a url'))).status).toBe(400);
  });

  it('a live or earlier version cannot be deleted; a version of another business is not found', async () => {
    const list = await owner.client.publishing.versions(LA, 'website');
    const err = await refusal(owner.client.publishing.remove(LA, list.liveVersionId!));
    expect(err.status).toBe(409);
    expect(err.message).toBe(MESSAGES.siteVersionCannotBeDeleted);
    // LA's version through NY's path: not NY's.
    expect((await refusal(owner.client.publishing.version(NY, list.liveVersionId!))).status).toBe(404);
    expect((await refusal(owner.client.publishing.makeLive(NY, list.liveVersionId!))).status).toBe(404);
  });

  it('refuses a user of another business (403) and a user without the settings permission', async () => {
    const err = await refusal(lotus.client.publishing.publishWebsite(LA));
    expect(err.status).toBe(403);
    expect((await refusal(lotus.client.publishing.versions(LA, 'website'))).status).toBe(403);
    const noEdit = await refusal(manager.client.publishing.publishWebsite(LA));
    expect(noEdit.status).toBe(403);
    expect(noEdit).toBeInstanceOf(ApiError);
  });

  it('a preview link expires, and a wrong token is not found', async () => {
    const list = await owner.client.publishing.versions(LA, 'website');
    const link = await owner.client.publishing.createPreview(LA, list.liveVersionId!);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan((PREVIEW_LINK_HOURS - 1) * 3_600_000);
    expect((await rawRequest(server, path(link.url))).status).toBe(200);
    const { sitePreviews } = await import('./schema');
    const token = path(link.url).split('/')[3]!;
    await server.database.db.update(sitePreviews).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(sitePreviews.token, token));
    expect((await rawRequest(server, path(link.url))).status).toBe(404);
    expect((await rawRequest(server, `/sites/adminpreview/${'A'.repeat(43)}/`)).status).toBe(404);
    expect((await rawRequest(server, '/sites/no-such-business/')).status).toBe(404);
  });
});

describe('versions kept', () => {
  it(`keeps the newest ${VERSIONS_KEPT} of a kind (never the live one), removing the others' files`, { timeout: 180_000 }, async () => {
    const db = server.database.db;
    const store = server.app.storage.store('sites');
    const addresses: SiteAddresses = { siteBase: server.baseUrl, previewBase: server.baseUrl };
    const ctx = { db, now: () => new Date(), notifier: server.app.notifier, log: server.app.log as never };
    const [lotusBusiness] = await db.select().from(businesses).where(and(eq(businesses.name, 'Harbour Sydney')));
    const id = lotusBusiness!.id;
    await db.update(businesses).set({ webcode: 'harbour-sydney' }).where(eq(businesses.id, id));
    const built: number[] = [];
    for (let n = 1; n <= VERSIONS_KEPT + 3; n++) {
      const [row] = await db.insert(siteVersions).values({ business_id: id, kind: 'website', number: n, status: 'queued', make_live: n === 1 }).returning();
      await buildVersion(row!.id, ctx, { store: () => store, media: () => server.app.storage.store('media'), addresses, publicUrl: server.baseUrl, renderers: { website: renderWebsite, app: renderWebsite } });
      built.push(row!.id);
    }
    const rows = await db.select().from(siteVersions).where(eq(siteVersions.business_id, id));
    expect(rows.length).toBe(VERSIONS_KEPT);
    expect(rows.some((r) => r.number === 1 && r.status === 'live')).toBe(true);
    expect(rows.map((r) => r.number).sort((a, b) => a - b)).toEqual([1, ...Array.from({ length: VERSIONS_KEPT - 1 }, (_, i) => i + 5)]);
    for (const gone of built.slice(1, 4)) expect(await store.list(`${id}/website/${gone}/`)).toEqual([]);
    expect((await store.list(`${id}/website/${built[0]}/`)).length).toBeGreaterThan(3);
  });
});

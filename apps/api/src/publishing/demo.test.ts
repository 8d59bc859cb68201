import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { businesses } from '../db/schema';
import { notifications } from '../realtime/schema';
import { startTestServer, type TestServer } from '../test/harness';
import { DEMO_VERSIONS, demoSitesMissing, publishDemoSites } from './demo';
import { SITE_RENDERERS } from './renderers';
import { siteVersions } from './schema';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

it('the demo gives every business a live website and app with three earlier versions, once, and finishes a start that was cut short', { timeout: 300_000 }, async () => {
  const db = server.database.db;
  const ctx = { db, now: () => new Date(), notifier: server.app.notifier, log: server.app.log as never };
  const options = { store: () => server.app.storage.store('sites'), media: () => server.app.storage.store('media'), addresses: { siteBase: server.baseUrl, previewBase: server.baseUrl }, publicUrl: server.baseUrl, renderers: SITE_RENDERERS };
  expect(await demoSitesMissing(ctx)).toBe(true);
  // A start stopped after the first version of the first business's app was queued.
  const [first] = await db.select({ id: businesses.id }).from(businesses).orderBy(businesses.id).limit(1);
  await publishDemoSites(ctx, options, () => true);
  await db.insert(siteVersions).values({ business_id: first!.id, kind: 'app', number: 1, status: 'queued', make_live: true });
  await db.update(businesses).set({ webcode: 'luxe-los-angeles' }).where(eq(businesses.id, first!.id));

  const built = await publishDemoSites(ctx, options);
  const all = await db.select({ id: businesses.id, webcode: businesses.webcode }).from(businesses);
  expect(built).toBe(all.length * 2 * DEMO_VERSIONS - (DEMO_VERSIONS - 1));
  for (const business of all) {
    for (const kind of ['website', 'app'] as const) {
      const versions = await db.select().from(siteVersions).where(and(eq(siteVersions.business_id, business.id), eq(siteVersions.kind, kind)));
      const statuses = versions.map((v) => v.status).sort();
      expect({ business: business.id, kind, statuses }).toEqual({ business: business.id, kind, statuses: kind === 'app' && business.id === first!.id ? ['live'] : ['live', 'superseded', 'superseded', 'superseded'] });
    }
    const page = await fetch(`${server.baseUrl}/sites/${business.webcode}/`);
    expect(page.status).toBe(200);
    // The demo library's staff photos are on the site, copied into the version (drawn on first use).
    const photos = [...(await page.text()).matchAll(/<img class="avatar" src="(images\/staff-\d+\.[0-9a-f]{8}\.webp)" alt="Photo of [^"]+"/g)].map((m) => m[1]!);
    expect(photos.length).toBeGreaterThan(0);
    const photo = await fetch(`${server.baseUrl}/sites/${business.webcode}/${photos[0]}`);
    expect({ status: photo.status, type: photo.headers.get('content-type') }).toEqual({ status: 200, type: 'image/webp' });
    expect((await fetch(`${server.baseUrl}/sites/${business.webcode}/app/`)).status).toBe(200);
  }
  expect(await demoSitesMissing(ctx)).toBe(false);
  expect(await publishDemoSites(ctx, options)).toBe(0);
  // Nobody asked for these: no "Website published" or "Mobile app deployed" toast or notification.
  const told = await db.select({ kind: notifications.kind }).from(notifications);
  expect(told.filter((n) => n.kind === 'websitePublished' || n.kind === 'mobileAppDeployed')).toEqual([]);
});

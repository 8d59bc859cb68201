import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNotificationStream, type Notification, type NotificationStream, type PublishStep, type SiteVersion } from '@salondesk/core';
import { chromium, type BrowserContext } from 'playwright-core';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/sessions';
import { signedIn, startTestServer, type TestClient, type TestServer } from '../test/harness';

/**
 * The live side of publishing, over real HTTP and the real socket: an owner publishes the app
 * (rendered by `renderApp`, built by the job queue's workers); the build's steps reach the
 * business's room, the deploy reaches it and the admins, and never anyone of another business.
 * Then the live app is opened in Chromium from the API's `/sites/…/app/`.
 */

const NY = 2; // Luxe New York: the owner's; not the manager's (Los Angeles only), not lotus's (another network)
let server: TestServer;
let owner: TestClient;
const streams: NotificationStream[] = [];

beforeAll(async () => {
  server = await startTestServer({ jobs: { workers: true, pollingIntervalSeconds: 0.5 } });
  owner = await signedIn(server, 'owner');
}, 120_000);
afterAll(async () => {
  for (const s of streams) s.close();
  await server?.close();
});

/** core's stream in Node, as a signed-in user's browser would open it; everything it hears. */
async function listening(username: string, businessId: number | null) {
  const { jar } = await signedIn(server, username);
  const stream = createNotificationStream({
    url: server.baseUrl,
    socket: (url, options) => io(url, { ...options, extraHeaders: { cookie: `${SESSION_COOKIE}=${jar.get(SESSION_COOKIE) ?? ''}`, origin: server.baseUrl } }),
  });
  streams.push(stream);
  const notes: Notification[] = [];
  const steps: PublishStep[] = [];
  stream.onAny((n) => notes.push(n));
  stream.on('publishStep', (s) => steps.push(s));
  stream.connect();
  const joined = businessId === null ? null : await stream.subscribeBusiness(businessId);
  return { notes, steps, joined };
}

async function settled(versionId: number): Promise<SiteVersion> {
  for (let i = 0; i < 600; i++) {
    const version = await owner.client.publishing.version(NY, versionId);
    if (version.status === 'live' && version.buildLog.at(-1)?.step === 'live') return version;
    if (version.status === 'failed') throw new Error(`The app build failed: ${version.error}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Version ${versionId} did not go live`);
}

describe('publishing the app, live', () => {
  let live: SiteVersion;

  it("sends each build step to the business's room and the deploy to it and to the admins; nobody else hears anything", { timeout: 120_000 }, async () => {
    const ownerHears = await listening('owner', NY);
    const adminHears = await listening('admin', null); // in the admins' room only
    const managerHears = await listening('manager', NY); // refused: not their business
    const lotusHears = await listening('lotus', NY); // refused: another network
    expect(ownerHears.joined).toBe(true);
    expect(managerHears.joined).toBe(false);
    expect(lotusHears.joined).toBe(false);

    const queued = await owner.client.publishing.publishApp(NY);
    live = await settled(queued.id);
    expect(live.url).toMatch(/\/sites\/[a-z0-9-]+\/app\/$/);

    await expect.poll(() => ownerHears.steps.map((s) => s.step)).toEqual(['queued', 'building', 'ready', 'live']);
    // Each step is the build log's entry, as written.
    expect(ownerHears.steps.map(({ step, at, message }) => ({ step, at, message }))).toEqual(live.buildLog);
    expect(ownerHears.steps.every((s) => s.businessId === NY && s.versionId === live.id && s.kind === 'app')).toBe(true);
    expect(ownerHears.steps.at(-1)?.url).toBe(live.url);

    const deployed = { kind: 'mobileAppDeployed', businessId: NY, versionId: live.id, version: live.number, url: live.url, title: 'Mobile app deployed' };
    await expect.poll(() => ownerHears.notes).toEqual([expect.objectContaining(deployed)]);
    await expect.poll(() => adminHears.notes.filter((n) => n.kind === 'mobileAppDeployed')).toEqual([expect.objectContaining(deployed)]);
    expect(adminHears.steps).toEqual([]); // build steps are for the business's room

    // Kept in the admins' list.
    const list = await (await signedIn(server, 'admin')).client.notifications.list({ limit: 5 });
    expect(list.items.find((n) => n.kind === 'mobileAppDeployed' && n.versionId === live.id)).toMatchObject({ ...deployed, read: false });

    await new Promise((r) => setTimeout(r, 500));
    expect(managerHears.notes).toEqual([]);
    expect(managerHears.steps).toEqual([]);
    expect(lotusHears.notes).toEqual([]);
    expect(lotusHears.steps).toEqual([]);
  });

  it('rolling back announces the version made live again, as a rollback', { timeout: 120_000 }, async () => {
    const ownerHears = await listening('owner', NY);
    const second = await settled((await owner.client.publishing.publishApp(NY)).id);
    await expect.poll(() => ownerHears.notes.filter((n) => n.kind === 'mobileAppDeployed').length).toBe(1);
    await owner.client.publishing.makeLive(NY, live.id);
    await expect.poll(() => ownerHears.steps.at(-1)?.step).toBe('rolledBack');
    await expect.poll(() => ownerHears.notes.filter((n) => n.kind === 'mobileAppDeployed').map((n) => (n.kind === 'mobileAppDeployed' ? [n.version, n.body.startsWith('Rolled back.')] : null))).toEqual([
      [second.number, false],
      [live.number, true],
    ]);
  });
});

describe('the published app in Chromium', () => {
  let context: BrowserContext;
  let profile: string;
  afterAll(async () => {
    await context?.close();
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  it('is installable from the API (the manifest parsed, no installability error), registers its worker, and shows its info offline', { timeout: 120_000 }, async () => {
    const { url } = await owner.client.publishing.versions(NY, 'app');
    if (!url) throw new Error('No app is live');
    const appUrl = new URL(new URL(url).pathname, server.baseUrl).href;
    // A profile on disk: Chromium never offers to install from an incognito window.
    profile = await mkdtemp(join(tmpdir(), 'salondesk-pwa-'));
    context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
    const page = await context.newPage();
    await page.goto(appUrl);
    // (Evaluated in the browser: the API's TypeScript has no DOM types.)
    await expect.poll(() => page.evaluate<string | null>('navigator.serviceWorker.ready.then((r) => r.active && r.active.state)'), { timeout: 20_000 }).toBe('activated');
    expect(await page.evaluate<string>('navigator.serviceWorker.ready.then((r) => r.scope)')).toBe(appUrl);

    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    expect(manifest.url).toBe(`${appUrl}manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'Luxe New York', display: 'standalone', start_url: './' });
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installability.installabilityErrors).toEqual([]);
    const heading = await page.locator('h1').textContent();
    const firstPrice = await page.locator('.price').first().textContent();
    expect(firstPrice).toMatch(/^\$\d/);

    // Offline (the network is cut: only the worker's kept copies can answer), the app still shows the business's info.
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.locator('h1').textContent()).toBe(heading);
    expect(await page.locator('.price').first().textContent()).toBe(firstPrice);
    expect(await page.locator('#hours').count()).toBe(1);
    await page.goto(`${appUrl}install.html`);
    expect(await page.locator('h1').textContent()).toBe('Install the Luxe New York app');
    await page.goto(`${appUrl}not-kept.html`);
    expect(await page.locator('h1').textContent()).toBe('You are offline');
    await context.setOffline(false);
  });
});

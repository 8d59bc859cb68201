import type { MediaImage, SiteVersion, StaffMember } from '@salondesk/core';
import { HtmlValidate } from 'html-validate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleImage } from '../../media/samples';
import { signedIn, startTestServer, type TestClient, type TestServer } from '../../test/harness';

/**
 * The generated website, validated as a browser and a crawler meet it: every page is valid HTML
 * (html-validate's recommended rules), every link and asset of the site resolves, short links
 * redirect, and the sitemap lists pages that exist. Staff photos and service images are copied
 * from the media library into the version: an image uploaded through the media API shows on the
 * site, and deleting it from the library afterwards breaks no published version. (Accessibility
 * in Chromium with axe is the journey `apps/web/e2e/published-site.spec.ts`.)
 */

let server: TestServer;
let owner: TestClient;
let siteUrl: string;
/** An image uploaded through the media API, used as a staff member's photo and a service's image. */
let upload: MediaImage;
let member: StaffMember;
let service: { id: number; name: string };

/** Publishes and waits until the version is live. */
async function published(publish: () => Promise<SiteVersion>): Promise<SiteVersion> {
  const version = await publish();
  for (let i = 0; i < 600; i++) {
    const now = await owner.client.publishing.version(1, version.id);
    if (now.status === 'live' && now.buildLog.at(-1)?.step === 'live') return now;
    if (now.status === 'failed') throw new Error(now.error ?? 'build failed');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`version ${version.id} did not go live`);
}

beforeAll(async () => {
  server = await startTestServer({ jobs: { workers: true, pollingIntervalSeconds: 0.5 } });
  owner = await signedIn(server, 'owner');
  // A photo uploaded as a person would, made a visible staff member's photo and a service's image.
  upload = await owner.client.media.upload(1, new Blob([await sampleImage('jpeg', { width: 900, height: 600, hue: 20, subject: 'portrait' })]), {}, { filename: 'Team portrait.jpg' });
  member = (await owner.client.staff.list(1)).find((m) => m.visible_in_appointment && m.status === 'ACTIVE')!;
  await owner.client.staff.updateProperty(1, member.id, 'photo_media_id', upload.id);
  service = (await owner.client.catalogue.list(1)).flatMap((c) => c.services).find((s) => s.servicestatus === 0)!;
  await owner.client.catalogue.updateService(1, service.id, { image_media_id: upload.id });
  // The app first, so the website links to it.
  await published(() => owner.client.publishing.publishApp(1));
  await published(() => owner.client.publishing.publishWebsite(1));
  siteUrl = (await owner.client.publishing.versions(1, 'website')).url!;
}, 180_000);

afterAll(async () => {
  await server?.close();
});

const local = (url: string) => `${server.baseUrl}${new URL(url).pathname}`;

async function crawl(): Promise<Map<string, { status: number; type: string; body: string }>> {
  const pages = new Map<string, { status: number; type: string; body: string }>();
  const queue = [siteUrl];
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (pages.has(url)) continue;
    const response = await fetch(local(url), { redirect: 'manual' });
    const body = await response.text();
    const type = response.headers.get('content-type') ?? '';
    pages.set(url, { status: response.status, type, body });
    if (!type.startsWith('text/html')) continue;
    for (const [, ref] of body.matchAll(/(?:href|src)="([^"]+)"/g)) {
      const target = new URL(ref!.replace(/&amp;/g, '&'), url);
      target.hash = '';
      if (target.href.startsWith(siteUrl)) queue.push(target.href);
    }
  }
  return pages;
}

describe('the generated website', () => {
  it('is valid HTML on every page', async () => {
    const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });
    const pages = await crawl();
    const html = [...pages].filter(([, p]) => p.type.startsWith('text/html'));
    expect(html.length).toBeGreaterThanOrEqual(2);
    for (const [url, page] of html) {
      const report = await validator.validateString(page.body, url);
      const problems = report.results.flatMap((r) => r.messages.map((m) => `${url}:${m.line}:${m.column} ${m.ruleId} ${m.message}`));
      expect(problems).toEqual([]);
    }
  });

  it('every link and asset of the site resolves; short links redirect; the sitemap lists real pages', async () => {
    const pages = await crawl();
    for (const [url, page] of pages) expect({ url, status: page.status }).toEqual({ url, status: 200 });
    const home = pages.get(siteUrl)!.body;
    const outside = [...home.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!).filter((h) => /^https?:/.test(h) && !h.startsWith(siteUrl));
    for (const href of outside) {
      const response = await fetch(local(href), { redirect: 'manual' });
      if (new URL(href).pathname.startsWith('/s/')) expect(response.status).toBe(302);
      else expect({ href, status: response.status }).toEqual({ href, status: 200 });
    }
    const sitemap = await (await fetch(local(`${siteUrl}sitemap.xml`))).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toContain(siteUrl);
    for (const loc of locs) expect(pages.get(loc)?.status).toBe(200);
    expect(await (await fetch(local(`${siteUrl}robots.txt`))).text()).toContain(`Sitemap: ${siteUrl}sitemap.xml`);
  });

  it('describes the business for search engines: JSON-LD BeautySalon with its hours and prices', async () => {
    const home = await (await fetch(local(siteUrl))).text();
    const json = JSON.parse(home.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!) as Record<string, unknown>;
    expect(json).toMatchObject({ '@context': 'https://schema.org', '@type': 'BeautySalon', name: 'Luxe Los Angeles', url: siteUrl });
    expect((json.openingHoursSpecification as unknown[]).length).toBeGreaterThan(0);
    expect(JSON.stringify(json.hasOfferCatalog)).toContain('"priceCurrency":"USD"');
    expect(home).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(home).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
  });
});

describe('staff photos and service images', () => {
  const imageTags = (html: string) => [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
  /** An attribute's value as the browser reads it (the five entities the renderers write decoded). */
  const attribute = (tag: string, name: string) =>
    tag
      .match(new RegExp(`\\s${name}="([^"]*)"`))?.[1]
      ?.replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]!);

  it('shows each visible staff member with a photo and each service image, sized, described, copied into the version and lazy below the fold', async () => {
    const home = await (await fetch(local(siteUrl))).text();
    const services = await (await fetch(local(`${siteUrl}services.html`))).text();
    // The uploaded photo, under the member's display name.
    const photo = imageTags(home).find((tag) => attribute(tag, 'src')?.startsWith(`images/staff-${upload.id}.`));
    expect(photo).toBeDefined();
    expect({ alt: attribute(photo!, 'alt'), width: attribute(photo!, 'width'), height: attribute(photo!, 'height'), loading: attribute(photo!, 'loading') }).toEqual({
      alt: `Photo of ${member.display_name}`,
      width: '96',
      height: '96',
      loading: 'lazy',
    });
    // The demo's other members have their photos too (the demo library, drawn on first use).
    expect(imageTags(home).filter((tag) => tag.includes('class="avatar"')).length).toBe(home.match(/<li class="person">/g)!.length);

    const serviceImage = imageTags(services).find((tag) => attribute(tag, 'src')?.startsWith(`images/service-${upload.id}.`));
    expect(serviceImage).toBeDefined();
    expect({ alt: attribute(serviceImage!, 'alt'), width: attribute(serviceImage!, 'width'), height: attribute(serviceImage!, 'height') }).toEqual({ alt: service.name, width: '72', height: '72' });
    // The first few images of the price list load at once (the top of the page); the rest lazily.
    const loading = imageTags(services).map((tag) => attribute(tag, 'loading') ?? 'eager');
    expect(loading.slice(0, 3)).toEqual(['eager', 'eager', 'eager']);
    expect(loading.length).toBeGreaterThan(3);
    expect(new Set(loading.slice(3))).toEqual(new Set(['lazy']));
    // Every image has its size and a text alternative; none is the library's signed, expiring address.
    for (const tag of [...imageTags(home), ...imageTags(services)]) {
      expect(attribute(tag, 'alt')?.trim()).not.toBe('');
      expect(attribute(tag, 'width')).toMatch(/^\d+$/);
      expect(attribute(tag, 'height')).toMatch(/^\d+$/);
    }
    expect(`${home}${services}`).not.toContain('/media/file/');

    // The files: WebP at twice their size on the page, cached for a year.
    for (const [tag, side] of [[photo!, 192], [serviceImage!, 144]] as const) {
      const response = await fetch(local(new URL(attribute(tag, 'src')!, siteUrl).href));
      expect({ status: response.status, type: response.headers.get('content-type'), cache: response.headers.get('cache-control') }).toEqual({
        status: 200,
        type: 'image/webp',
        cache: 'public, max-age=31536000, immutable',
      });
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width: side, height: side });
    }
    // The structured data names the service's image by its address.
    expect(home).toContain(`"image":"${new URL(attribute(serviceImage!, 'src')!, siteUrl).href}"`);
  });

  it('the installable app shows them too, and keeps them for offline use', async () => {
    const appUrl = (await owner.client.publishing.versions(1, 'app')).url!;
    const app = await (await fetch(local(appUrl))).text();
    const photo = imageTags(app).find((tag) => attribute(tag, 'src')?.startsWith(`images/staff-${upload.id}.`));
    const serviceImage = imageTags(app).find((tag) => attribute(tag, 'src')?.startsWith(`images/service-${upload.id}.`));
    expect(attribute(photo!, 'alt')).toBe(`Photo of ${member.display_name}`);
    expect(attribute(serviceImage!, 'alt')).toBe(service.name);
    const worker = await (await fetch(local(`${appUrl}sw.js`))).text();
    for (const tag of [photo!, serviceImage!]) {
      expect(worker).toContain(attribute(tag, 'src'));
      expect((await fetch(local(new URL(attribute(tag, 'src')!, appUrl).href))).status).toBe(200);
    }
  });

  it('deleting the image from the library breaks no published version; a new version leaves it out, a rollback shows it again', { timeout: 120_000 }, async () => {
    const before = await owner.client.publishing.versions(1, 'website');
    const home = await (await fetch(local(siteUrl))).text();
    const src = home.match(new RegExp(`src="(images/staff-${upload.id}\\.[0-9a-f]{8}\\.webp)"`))![1]!;
    // In use by the member and the service, the library refuses to delete it, naming where; once they let it go, it goes.
    await expect(owner.client.media.remove(1, upload.id)).rejects.toMatchObject({ status: 409 });
    await owner.client.staff.updateProperty(1, member.id, 'photo_media_id', null);
    await owner.client.catalogue.updateService(1, service.id, { image_media_id: null });
    await expect(owner.client.media.remove(1, upload.id)).resolves.toEqual({ id: upload.id });
    // The live version still shows it: its own copy.
    expect((await fetch(local(`${siteUrl}${src}`))).status).toBe(200);

    const next = await published(() => owner.client.publishing.publishWebsite(1));
    const without = await (await fetch(local(siteUrl))).text();
    expect(without).toContain('Salondesk site v' + next.number);
    expect(without).not.toContain(`images/staff-${upload.id}.`);
    expect(without).toMatch(new RegExp(`<span class="avatar" aria-hidden="true">[^<]+</span><p class="person-name">${member.display_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</p>`));

    await owner.client.publishing.makeLive(1, before.liveVersionId!);
    const rolledBack = await (await fetch(local(siteUrl))).text();
    expect(rolledBack).toContain(`src="${src}"`);
    expect((await fetch(local(`${siteUrl}${src}`))).status).toBe(200);
  });
});

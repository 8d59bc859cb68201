import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support';

/**
 * The published website of a demo business, as the public meets it in Chromium: the demo publishes
 * every business's site in the background at start (api `publishing/demo.ts`), so the page is
 * awaited first. No serious accessibility violation (axe), every page of the site reachable from the
 * navigation, one column on a phone without sideways scrolling, no script on the page.
 */

const SITE = '/sites/luxe-los-angeles/';

async function openSite(page: Page, path = SITE) {
  // Built in the background after the server starts: the journey waits for it as a visitor would retry.
  await expect(async () => {
    const response = await page.request.get(SITE);
    expect(response.status()).toBe(200);
  }).toPass({ timeout: 45_000, intervals: [500, 1000, 2000] });
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
}

test('the published website is accessible, navigable and has no script', async ({ page }) => {
  await openSite(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Luxe Los Angeles' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Opening hours' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services and prices' }).click();
  await expect(page).toHaveURL(/\/sites\/luxe-los-angeles\/services\.html$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Services and prices' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Keyboard: the skip link is first and moves to the content.
  await page.goto(SITE);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();

  await page.goto(`${SITE}no-such-page`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the published website fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openSite(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await openSite(page, `${SITE}services.html`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
});

test('the published website shows the staff photos and service images, loaded as they near the screen', async ({ page }) => {
  await openSite(page);
  // The demo's media library: every member of the team has a photo.
  const team = page.getByRole('region', { name: 'Our team' });
  const photos = team.getByRole('img', { name: /^Photo of / });
  expect(await photos.count()).toBeGreaterThan(0);
  expect(await photos.count()).toBe(await team.getByRole('listitem').count());
  const first = photos.first();
  await first.scrollIntoViewIfNeeded();
  await expect(first).toBeVisible();
  // A real image the browser decoded, twice its size on the page (for sharp screens).
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(192);
  expect(await first.evaluate((img: HTMLImageElement) => [img.width, img.height, img.loading])).toEqual([96, 96, 'lazy']);

  await openSite(page, `${SITE}services.html`);
  const image = page.getByRole('main').getByRole('img').first();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(144);
  expect(await image.getAttribute('alt')).not.toBe('');
  await expectNoSeriousA11yViolations(page);
});

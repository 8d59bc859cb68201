import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, openAsAdmin, signIn } from './support';

/** Error states tell the truth (issue 9). Only reads. */

const nav = (page: Page) => page.getByRole('navigation', { name: 'Sections' });

test('the manager opening Settings by its address sees the not-authorized state, not "Try again"', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await signIn(page, 'manager');
  await expect(page).toHaveURL(/\/1\/home$/);
  await page.goto('/1/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Not authorized' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  // The frame stays: the navigation (without Settings) and the way home.
  await expect(nav(page).getByRole('link', { name: 'Staff', exact: true })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Settings', exact: true })).toHaveCount(0);
  expect(asked.filter((p) => p.includes('bizsettings'))).toEqual([]);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/1\/home$/);
});

test('a refused load (4xx) shows its error at once: asked once, no "Try again"', async ({ page }) => {
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/protected/business/1/sales') asked.push(r.url());
  });
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/protected/business/1/sales');
  await page.goto('/1/reports/daily/sales?start=2020-01-01&end=2026-01-01');
  expect((await answer).status()).toBe(400);
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  // Still one request once the error shows: a 4xx is not asked again.
  expect(asked).toHaveLength(1);
});

test('offline keeps the frame and shows a banner; back online the session is checked and a screen that could not load opens', async ({ page, context }) => {
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/1\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: 'You are offline.' });
  await expect(banner).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Back online: the session is checked with the server (spec 000 §7), on the same page.
  const check = page.waitForRequest((r) => /^\/protected\/user\/\d+\/checkstatus$/.test(new URL(r.url()).pathname));
  await context.setOffline(false);
  await check;
  await expect(banner).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // Offline again, a screen whose code is not loaded yet: the frame stays and says why.
  await context.setOffline(true);
  await nav(page).getByRole('link', { name: 'Catalogue', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline.' })).toBeVisible();
  await expect(nav(page)).toBeVisible();
  await expect(page.getByText('Ooops Something went wrong')).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
});

test("a server that cannot be reached is named in the spec's words", async ({ page }) => {
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/1\/home$/);
  await page.route('**/protected/business/1/getemployees**', (route) => route.abort('connectionrefused'));
  await nav(page).getByRole('link', { name: 'Staff', exact: true }).click();
  // Asked again twice first (a network failure may pass): wait for the answer on screen.
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert.getByRole('heading')).toHaveText('Dam server is currently offline !');
  await page.unroute('**/protected/business/1/getemployees**');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('main').getByRole('table').getByRole('link').first()).toBeVisible();
});

test('exactly one navigation entry is current, on nested screens too', async ({ browser }) => {
  const page = await openAsAdmin(browser);
  const current = nav(page).locator('[aria-current="page"]');
  for (const [path, label] of [
    ['/1/transactions/history', 'Transaction history'],
    ['/1/transactions', 'Transactions'],
    ['/1/staff/report', 'Staff'],
    ['/1/reports/daily/aggregate-sales', 'Aggregate sales'],
    ['/1/reports/daily/sales', 'Sales'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText(label);
  }
  await page.context().close();
});

import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

const WAITING = 'Please wait... Your website will be ready in few minutes.';

interface Version {
  id: number;
  number: number;
  status: string;
  previewUrl: string | null;
}

/** The version a publish answered with. */
async function publishedBy(page: Page, click: () => Promise<void>): Promise<Version> {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/website/publish') && r.request().method() === 'POST');
  await click();
  return ((await (await answer).json()) as { data: Version }).data;
}

/** Waits, by asking the API as the signed-in page, until the version's build is over; its status then. */
async function builtStatus(page: Page, businessId: number, versionId: number): Promise<string> {
  let status = '';
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/protected/business/${businessId}/site/versions/${versionId}`);
        status = ((await answer.json()) as { data: Version }).data.status;
        return ['live', 'failed', 'ready', 'superseded'].includes(status);
      },
      { message: `version ${versionId} built` },
    )
    .toBe(true);
  return status;
}

/** Publishes the website through the API (what the Publish button sends) and waits until it is live. */
async function publishLive(page: Page, businessId: number): Promise<Version> {
  const answer = await page.request.post(`/protected/business/${businessId}/website/publish`, { data: {}, headers: { 'x-salondesk-csrf': '1' } });
  expect(answer.ok()).toBe(true);
  const version = ((await answer.json()) as { data: Version }).data;
  expect(await builtStatus(page, businessId, version.id)).toBe('live');
  return version;
}

test('an owner publishes the website: the preview waits only while it builds, and shows the site in a sandboxed frame as soon as its build log says it is built', async ({ page }) => {
  // Lotus Kathmandu is published by this journey only; its repeats may run at once, so each follows its own version.
  // The page's clock is Playwright's: the preview's 10 seconds between checks pass when the journey says.
  await page.clock.install();
  await signIn(page, 'lotus');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto('/4/home');
  await page.getByRole('link', { name: 'Website and app' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Website and app' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Website versions' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const version = await publishedBy(page, () => page.getByRole('button', { name: 'Publish website' }).click());
  expect(version.previewUrl).toContain('/adminpreview/');
  const previewUrl = version.previewUrl as string;
  // The modal opens on the new version's preview address.
  const modal = page.getByRole('dialog', { name: 'Preview Website' });
  await expect(modal.getByText(previewUrl, { exact: true })).toBeVisible();
  // While the build is under way it waits ("Please wait...", "Try 1 of 6"); as soon as the
  // version's own build log says it is built, it shows the site — without the page's clock moving
  // on to the next check ten seconds later, and never the waiting text beside a log that says
  // Live. Each look reads the modal and the log behind it in one go, as the screen shows them.
  const label = `Build log of website version ${version.number}`;
  const looks: { waiting: boolean; tries: boolean; live: boolean; frame: boolean }[] = [];
  await expect
    .poll(
      async () => {
        const look = await page.evaluate(
          ([logLabel, waitingText]) => {
            const dialog = document.querySelector('[role="dialog"]');
            const text = dialog?.textContent ?? '';
            const log = document.querySelector(`[role="log"][aria-label="${logLabel}"]`);
            const lines = [...(log?.querySelectorAll('*') ?? [])].filter((e) => e.children.length === 0).map((e) => e.textContent?.trim());
            return { waiting: text.includes(waitingText), tries: /Try \d of 6/.test(text), live: lines.includes('Live'), frame: dialog?.querySelector('iframe') !== null && dialog !== null };
          },
          [label, WAITING] as const,
        );
        looks.push(look);
        return look.frame;
      },
      { intervals: [100], timeout: 30_000, message: 'the preview shows the site once it is built' },
    )
    .toBe(true);
  expect(looks.filter((l) => (l.waiting || l.tries) && l.live)).toEqual([]);
  // Whenever it waited, it said so with the spec's words.
  for (const look of looks.filter((l) => !l.frame)) expect(look.waiting).toBe(true);
  expect(await builtStatus(page, 4, version.id)).toBe('live');
  // The build's steps arrived live in its log, behind the modal.
  const log = page.getByRole('log', { name: label, includeHidden: true });
  for (const step of ['Queued', 'Building', 'Ready', 'Live']) await expect(log.getByText(step, { exact: true })).toBeVisible();
  await expect(modal.getByRole('status')).toHaveCount(0);
  await expect(modal.getByText(/^Try \d of 6$/)).toHaveCount(0);
  const frame = modal.locator('iframe');
  await expect(frame).toHaveAttribute('src', previewUrl);
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(modal.getByText(previewUrl, { exact: true })).toBeVisible();
  const site = page.frameLocator('[role="dialog"] iframe');
  await expect(site.getByRole('heading', { level: 1, name: 'Lotus Kathmandu' })).toBeVisible();
  await expect(modal.getByRole('status')).toHaveCount(0);
  // The dialog around the site (the generated site itself is checked with axe by its own tests).
  await expectNoSeriousA11yViolations(page, '[role="dialog"]', { exclude: '[role="dialog"] iframe' });

  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByRole('log', { name: `Build log of website version ${version.number}` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Website versions' }).getByRole('button', { name: `Build log of website version ${version.number}` })).toBeVisible();
});

test('rolling back asks first, then the earlier version is live again, and the newer one can be made live again', async ({ page }, testInfo) => {
  // Each repeat of this journey has a location of its own (Luxe Los Angeles, New York, Santa Monica).
  const businessId = 1 + (testInfo.repeatEachIndex % 3);
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  const earlier = await publishLive(page, businessId);
  const newer = await publishLive(page, businessId);
  await page.goto(`/${businessId}/publishing`);
  await expect(page.getByRole('heading', { level: 1, name: 'Website and app' })).toBeVisible();
  const live = page.getByRole('region', { name: 'Live website' });
  await expect(live.getByText(`Version ${newer.number}`, { exact: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Website versions' });
  const rollBack = table.getByRole('button', { name: `Roll back to website version ${earlier.number}` });

  // Keeping it changes nothing.
  await rollBack.click();
  let confirm = page.getByRole('alertdialog', { name: `Make website version ${earlier.number} live?` });
  await expect(confirm).toContainText(`Visitors will see version ${earlier.number} instead of version ${newer.number}.`);
  await expectNoSeriousA11yViolations(page, '[role="alertdialog"]');
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(live.getByText(`Version ${newer.number}`, { exact: true })).toBeVisible();

  // Rolling back: the earlier version is live; the newer one is kept and offered again.
  await rollBack.click();
  confirm = page.getByRole('alertdialog', { name: `Make website version ${earlier.number} live?` });
  await confirm.getByRole('button', { name: `Roll back to version ${earlier.number}` }).click();
  await expect(confirm).toHaveCount(0);
  await expect(live.getByText(`Version ${earlier.number}`, { exact: true })).toBeVisible();
  await expect(table.getByRole('button', { name: `Roll back to website version ${newer.number}` })).toBeVisible();
  await expect(table.getByRole('button', { name: `Roll back to website version ${earlier.number}` })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The live address serves the earlier version again.
  const served = await page.request.get((await live.getByRole('link').getAttribute('href')) as string);
  expect(await served.text()).toContain(`<meta name="generator" content="Salondesk site v${earlier.number}">`);
});

test('publishing the app: its install instructions, and the install page that offers to install it', async ({ page }) => {
  // Harbour Sydney's app is published by this journey only.
  await signIn(page, 'lotus');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto('/5/publishing');
  await expect(page.getByRole('heading', { level: 1, name: 'Website and app' })).toBeVisible();
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/app/publish') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Publish app' }).click();
  const version = ((await (await answer).json()) as { data: Version }).data;
  expect(await builtStatus(page, 5, version.id)).toBe('live');

  const install = page.getByRole('region', { name: 'Install the app' });
  await expect(install.getByRole('heading', { name: 'iPhone and iPad' })).toBeVisible();
  await expect(install.getByRole('heading', { name: 'Android' })).toBeVisible();
  await expect(install.getByRole('img', { name: /^QR code of / })).toBeVisible();
  const href = (await install.getByRole('link', { name: /install\.html$/ }).getAttribute('href')) as string;
  await expect(page.getByRole('region', { name: 'Live app' }).getByText(`Version ${version.number}`, { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The install page itself: the app's manifest, and the install button the browser's prompt shows.
  await page.goto(href);
  await expect(page.getByRole('heading', { level: 1, name: 'Install the Harbour Sydney app' })).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  await expect(page.locator('#install')).toHaveCount(1);
});

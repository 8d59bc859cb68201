import { expect, test } from '@playwright/test';
import { codeIn, DEMO_PASSWORD, expectNoSeriousA11yViolations, lastOutboxId, openAsAdmin, outboxMessage, signIn } from './support';

/**
 * Sign-in paths, reset, business permission (issue #3). Each journey uses data no other spec
 * changes: the owner's phone (sign-ins only), the front-desk account (its password), the manager
 * and the admin (sign-ins only).
 */

test('signs in with a phone code read from the developer outbox', async ({ page, context }) => {
  const before = await lastOutboxId(page, '+13105550101');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a phone code' }).click();
  await page.getByLabel('Country code').fill('+1');
  await page.getByLabel('Phone number').fill('(310) 555-0101');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('If this phone number belongs to an account, a 6-digit code is on its way.', { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Read the text message as a newcomer would: the outbox page, linked from the login screen.
  const [outbox] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: /developer outbox/i }).click()]);
  await expect(outbox.getByRole('heading', { level: 1, name: 'Developer outbox' })).toBeVisible();
  await outbox.getByLabel('Recipient').fill('+13105550101');
  await outbox.getByRole('button', { name: 'Refresh' }).click();
  const newest = outbox.getByRole('table', { name: 'Messages' }).locator('tbody tr').first();
  await expect(newest).toContainText('Your Salondesk sign-in code is');
  const message = await outboxMessage(page, { to: '+13105550101' }, before);
  await expect(newest).toContainText(codeIn(message));
  const code = /\b(\d{6})\b/.exec((await newest.textContent()) ?? '')?.[1] as string;
  await outbox.close();

  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Sucessfully Logged In')).toBeVisible();
  await expect(page).toHaveURL(/\/1\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Luxe Los Angeles' })).toBeVisible();
});

test('a wrong phone code is refused and changes nothing', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a phone code' }).click();
  await page.getByLabel('Phone number').fill('323 555 0102');
  await page.getByRole('button', { name: 'Send code' }).click();
  const message = await outboxMessage(page, { to: '+13235550102' });
  const wrong = String((Number(codeIn(message)) + 1) % 1_000_000).padStart(6, '0');
  await page.getByLabel('6-digit code').fill(wrong);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The code is wrong or has expired.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('forgot and reset password: the link from the outbox sets a new one', async ({ page, context }) => {
  const email = 'frontdesk@salondesk.demo';
  const before = await lastOutboxId(page, email);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/login\/forgot$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If this email belongs to an account, a link to reset the password is on its way.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const mail = await outboxMessage(page, { to: email }, before);
  const outbox = await context.newPage();
  await outbox.goto('/dev/outbox');
  const item = outbox.getByRole('table', { name: 'Messages' }).getByRole('row').filter({ hasText: email }).first();
  const link = item.getByRole('link', { name: /\/login\/reset\// });
  await expect(link).toHaveAttribute('href', /\/login\/reset\/[A-Za-z0-9_-]{43}$/);
  const href = (await link.getAttribute('href')) as string;
  expect(mail.body).toContain(href);
  await link.click();

  await expect(outbox).toHaveURL(/\/login\/reset\//);
  await expect(outbox.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await outbox.getByLabel('Email').fill(email);
  await outbox.getByLabel('New password').fill('fresh-pass-42');
  await outbox.getByLabel('Confirm password').fill('fresh-pass-42');
  await outbox.getByRole('button', { name: 'Change password' }).click();
  await expect(outbox.getByText('Password Changed Successfully')).toBeVisible();
  await expect(outbox).toHaveURL(/\/login$/);

  await signIn(outbox, email, DEMO_PASSWORD);
  await expect(outbox.getByRole('alert').filter({ hasText: 'Incorrect username or password.' }).first()).toBeVisible();
  await signIn(outbox, email, 'fresh-pass-42');
  await expect(outbox).toHaveURL(/\/4\/home$/);

  // The link works once.
  await outbox.goto(new URL(href).pathname);
  await outbox.getByLabel('Email').fill(email);
  await outbox.getByLabel('New password').fill('another-pass-42');
  await outbox.getByLabel('Confirm password').fill('another-pass-42');
  await outbox.getByRole('button', { name: 'Change password' }).click();
  await expect(outbox.getByRole('alert').filter({ hasText: 'This reset link is wrong, already used or expired.' })).toBeVisible();
});

test('No Business Permission: "Stay in current business" goes back, "Switch Account" logs out', async ({ page }) => {
  await signIn(page, 'manager@salondesk.demo');
  await expect(page).toHaveURL(/\/1\/home$/);
  await page.goto('/2/home');
  const dialog = page.getByRole('alertdialog', { name: 'No Business Permission' });
  await expect(dialog.getByRole('button', { name: 'Stay in current business' })).toBeVisible();
  await expect(dialog).toContainText('You do not have permission to access this busines information.');
  await expect(page.getByText('Luxe New York')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Stay in current business' }).click();
  await expect(page).toHaveURL(/\/1\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Luxe Los Angeles' })).toBeVisible();

  await page.goto('/2/home');
  await page.getByRole('alertdialog', { name: 'No Business Permission' }).getByRole('button', { name: 'Switch Account' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2F2%2Fhome$/);
  expect(await page.evaluate(() => [localStorage.getItem('salondesk.user'), localStorage.getItem('salondesk.business')])).toEqual([null, null]);
  // Signing in here as someone who may see it opens the path that was asked for.
  await page.getByLabel(/username or email/i).fill('owner@salondesk.demo');
  await page.getByLabel(/^password$/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/2\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Luxe New York' })).toBeVisible();
});

test('the restricted manager never sees another location, not even through the API', async ({ page }) => {
  await signIn(page, 'manager@salondesk.demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Luxe Los Angeles' })).toBeVisible();
  // One business: no switcher, no other location anywhere on the page.
  await expect(page.getByRole('button', { name: /^Business/ })).toHaveCount(0);
  for (const other of ['Luxe New York', 'Luxe Santa Monica', 'Lotus Kathmandu', 'Harbour Sydney']) {
    await expect(page.getByText(other)).toHaveCount(0);
  }
  const answers = await page.evaluate(async () => {
    const get = async (path: string) => {
      const response = await fetch(path, { credentials: 'include' });
      return { status: response.status, text: await response.text() };
    };
    return Promise.all([get('/protected/user/3/business/2/detail'), get('/protected/admin/businesses'), get('/protected/business/5/io-request?dest=x')]);
  });
  expect(answers.map((a) => a.status)).toEqual([403, 403, 403]);
  for (const answer of answers) expect(answer.text).not.toMatch(/Luxe New York|Harbour Sydney|Mercer/);
});

test('the admin sees and opens every business of every network', async ({ browser }) => {
  const page = await openAsAdmin(browser);
  await page.getByRole('button', { name: /^Business/ }).click();
  const options = page.getByRole('option');
  // The demo's five (a journey may add a business of its own for a while: the suspension journey does).
  await expect(options.filter({ hasText: /^(Luxe|Lotus|Harbour) / })).toHaveCount(5);
  for (const name of ['Luxe Los Angeles', 'Luxe New York', 'Luxe Santa Monica', 'Lotus Kathmandu', 'Harbour Sydney']) {
    await expect(options.filter({ hasText: name })).toHaveCount(1);
  }
  await page.keyboard.press('Escape');
  await page.goto('/5/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour Sydney' })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

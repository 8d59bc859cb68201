import { expect, test } from '@playwright/test';
import { createHash } from 'node:crypto';
import { codeIn, DEMO_PASSWORD, expectNoSeriousA11yViolations, outboxMessage, signIn } from './support';

const demoUsers = [
  { username: 'owner@salondesk.demo', name: /owner/i },
  { username: 'manager@salondesk.demo', name: /manager/i },
];

for (const user of demoUsers) {
  test(`${user.username} signs in and lands on the home of a business`, async ({ page }) => {
    await signIn(page, user.username);
    await expect(page.getByText('Sucessfully Logged In')).toBeVisible();
    await expect(page).toHaveURL(/\/\d+\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

test('the admin signs in with the password, then the code emailed to them (read from the outbox)', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(/username or email/i).fill('admin@salondesk.demo');
  await page.getByLabel(/^password$/i).fill(DEMO_PASSWORD);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/login');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const { data } = (await (await answer).json()) as { data: { otpRequired: boolean; uid: number; key: string } };
  expect(data).toMatchObject({ otpRequired: true, uid: 1 });
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your sign-in code' })).toBeVisible();
  await expect(page.getByText('We sent a 6-digit sign-in code to your email.')).toBeVisible();
  // No session yet: the dashboard still sends to /login.
  expect(await page.evaluate(() => localStorage.getItem('salondesk.user'))).toBeNull();

  const message = await outboxMessage(page, { ref: createHash('sha256').update(data.key).digest('hex') });
  expect(message).toMatchObject({ channel: 'email', to: 'admin@salondesk.demo' });
  const code = codeIn(message);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await page.getByLabel('6-digit code').fill(wrong);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The code is wrong or has expired.' })).toBeVisible();
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('Sucessfully Logged In')).toBeVisible();
  await expect(page).toHaveURL(/\/\d+\/home$/);
});

test('a wrong password shows the error and stays on the login screen', async ({ page }) => {
  await signIn(page, 'owner@salondesk.demo', 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect username or password.' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('logout returns to the login screen and the session is gone', async ({ page }) => {
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  const home = page.url();
  await page.getByRole('button', { name: /account|user menu|olivia|owner/i }).first().click();
  await page.getByRole('menuitem', { name: /log ?out/i }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto(home);
  await expect(page).toHaveURL(/\/login/);
});

test('the login and home screens have no serious accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

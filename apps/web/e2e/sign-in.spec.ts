import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

const demoUsers = [
  { username: 'admin@salondesk.demo', name: /admin/i },
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
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

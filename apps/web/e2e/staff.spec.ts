import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

test('an owner adds a staff member, then changes their colour and visibility', async ({ page }) => {
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.getByRole('link', { name: 'Staff' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff member' });
  await dialog.getByLabel('Name', { exact: true }).fill('Journey');
  await dialog.getByLabel('Full name').fill(`Journey ${unique}`);
  await dialog.getByLabel('Username').fill(`journey.${unique}`);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Employee updated successfully.')).toBeVisible();

  await page.getByRole('link', { name: new RegExp(`Journey ${unique}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Journey ${unique}` })).toBeVisible();

  await page.getByLabel('Scheduler colour').fill('#c084fc');
  await page.getByRole('button', { name: 'Assign colour' }).click();
  await expect(page.getByText('Staff Color assigned')).toBeVisible();
  await expect(page.getByTestId('scheduler-colour')).toHaveText('#C084FC');

  const visible = page.getByRole('switch', { name: 'Visible in appointments' });
  await expect(visible).toHaveAttribute('aria-checked', 'true');
  await visible.click();
  await expect(visible).toHaveAttribute('aria-checked', 'false');

  // The username changes with its own toast.
  await page.getByRole('textbox', { name: 'Username' }).fill(`journey.renamed.${unique}`);
  await page.getByRole('button', { name: 'Save username' }).click();
  await expect(page.getByText('Username updated successfully.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // After a reload the changes are still there.
  await page.reload();
  await expect(page.getByTestId('scheduler-colour')).toHaveText('#C084FC');
  await expect(page.getByRole('switch', { name: 'Visible in appointments' })).toHaveAttribute('aria-checked', 'false');
});

import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, openAsAdmin, signIn } from './support';

test('the home compares today, yesterday and last month end; a KPI card is added and removed', async ({ page }) => {
  // Luxe Santa Monica's dashboard is used by no other journey.
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto('/3/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Luxe Santa Monica' })).toBeVisible();
  const net = page.getByRole('region', { name: 'Net sales', exact: true });
  await expect(net.getByText('Yesterday')).toBeVisible();
  await expect(net.getByText(/Last month end/)).toBeVisible();
  await expect(page.getByRole('img', { name: /Net sales, last 30 days: total/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add KPI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a KPI' });
  await dialog.getByLabel('KPI').selectOption({ label: 'Tip rate' });
  await dialog.getByRole('button', { name: 'Add KPI' }).click();
  await expect(page.getByText('Added successfully')).toBeVisible();
  const kpi = page.getByRole('region', { name: 'Tip rate' });
  await expect(kpi.getByText('Previous period')).toBeVisible();
  await expect(kpi.getByText(/\d+\.\d%/).first()).toBeVisible();

  // It stays after a reload, and goes when removed.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Tip rate' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove Tip rate' }).click();
  await expect(page.getByText('Deleted successfully')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tip rate' })).toHaveCount(0);

  // A card too.
  await page.getByRole('button', { name: 'Add card' }).click();
  const cards = page.getByRole('dialog', { name: 'Add a card' });
  await cards.getByLabel('Figure').selectOption({ label: 'Refunds' });
  await cards.getByRole('button', { name: 'Add card' }).click();
  await expect(page.getByRole('region', { name: 'Refunds' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove Refunds' }).click();
  await expect(page.getByRole('region', { name: 'Refunds' })).toHaveCount(0);
});

test('admins read the transaction history', async ({ browser }) => {
  const page = await openAsAdmin(browser);
  await page.goto('/5/transactions/history');
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction history' })).toBeVisible();
  await page.getByLabel('Action').selectOption('REFUND');
  await expect(page.getByRole('table', { name: 'Transaction history' }).getByRole('cell', { name: 'Refunded' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

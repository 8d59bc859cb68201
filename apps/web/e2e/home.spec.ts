import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, openAsAdmin, signIn } from './support';

const NET_SALES_MEANING = 'Gross sales less the refunds made in the same period.';

test('the home compares today with yesterday up to the same time; every figure says what it counts on hover and on focus', async ({ page }) => {
  // Luxe Santa Monica's dashboard is used by no other journey.
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto('/3/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Luxe Santa Monica' })).toBeVisible();
  const net = page.getByRole('region', { name: 'Net sales', exact: true });
  await expect(net.getByText(/^Yesterday to \d\d:\d\d [AP]M$/)).toBeVisible();
  await expect(net.getByText('All of yesterday')).toBeVisible();
  await expect(net.getByText(/Last month end/)).toBeVisible();
  await expect(page.getByRole('group', { name: /^Net sales · Tickets, last 30 days: 30 days from .* Net sales total / })).toBeVisible();

  // The figure's name carries its meaning: read with it, shown on keyboard focus and on hover.
  const label = net.getByRole('button', { name: 'Net sales', exact: true });
  await expect(label).toHaveAccessibleDescription(NET_SALES_MEANING);
  await label.focus();
  await expect(page.getByRole('tooltip')).toHaveText(NET_SALES_MEANING);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.getByRole('heading', { level: 1 }).click();
  await page.getByRole('region', { name: 'Tickets', exact: true }).getByRole('button', { name: 'Tickets', exact: true }).hover();
  await expect(page.getByRole('tooltip')).toHaveText(/^Completed tickets, counted on their checkout day/);
  await expectNoSeriousA11yViolations(page);
});

test('removing a KPI or a card asks first and can be undone; hiding one is for me only', async ({ page }) => {
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto('/3/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Luxe Santa Monica' })).toBeVisible();

  await page.getByRole('button', { name: 'Add KPI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a KPI' });
  await dialog.getByLabel('KPI').selectOption({ label: 'Tip rate' });
  await expect(dialog.getByText('Tips as a share of gross sales.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add KPI' }).click();
  await expect(page.getByText('Added successfully')).toBeVisible();
  const kpi = page.getByRole('region', { name: 'Tip rate' });
  await expect(kpi.getByText('Previous period')).toBeVisible();
  await expect(kpi.getByText(/\d+\.\d%/).first()).toBeVisible();

  // It stays after a reload. Removing it asks first; Cancel keeps it.
  await page.reload();
  await page.getByRole('button', { name: 'Remove Tip rate' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove Tip rate for everyone?' });
  await expect(confirm).toContainText('hide it instead');
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(kpi).toBeVisible();
  await page.getByRole('button', { name: 'Remove Tip rate' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove for everyone' }).click();
  await expect(page.getByRole('region', { name: 'Tip rate' })).toHaveCount(0);
  await expect(page.getByText('Removed Tip rate for everyone.')).toBeVisible();
  await page.getByRole('button', { name: 'Undo removing Tip rate' }).click();
  await expect(page.getByRole('region', { name: 'Tip rate' })).toBeVisible();
  await expect(page.getByText('Removed Tip rate for everyone.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove Tip rate' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove for everyone' }).click();
  await expect(page.getByRole('region', { name: 'Tip rate' })).toHaveCount(0);

  // A card: removed with Undo back in its place.
  await page.getByRole('button', { name: 'Add card' }).click();
  const cards = page.getByRole('dialog', { name: 'Add a card' });
  await cards.getByLabel('Figure').selectOption({ label: 'Refunds' });
  await cards.getByRole('button', { name: 'Add card' }).click();
  const refunds = page.getByRole('region', { name: 'Refunds' });
  await expect(refunds).toBeVisible();
  const titles = () => page.getByRole('region', { name: 'Today compared' }).getByRole('heading', { level: 3 }).allTextContents();
  const before = await titles();
  await page.getByRole('button', { name: 'Remove Refunds' }).click();
  await page.getByRole('alertdialog', { name: 'Remove Refunds for everyone?' }).getByRole('button', { name: 'Remove for everyone' }).click();
  await expect(refunds).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo removing Refunds' }).click();
  await expect(refunds).toBeVisible();
  expect(await titles()).toEqual(before);

  // Hidden for me: gone from my dashboard, listed to show again; still there for others.
  await page.getByRole('button', { name: 'Hide Refunds for me' }).click();
  await expect(refunds).toHaveCount(0);
  await page.getByRole('button', { name: 'Show Refunds again' }).click();
  await expect(refunds).toBeVisible();
  await page.getByRole('button', { name: 'Remove Refunds' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove for everyone' }).click();
  await expect(refunds).toHaveCount(0);
});

test('the restricted manager may hide cards for themselves but not change the dashboard for everyone', async ({ page }) => {
  await signIn(page, 'manager');
  await expect(page).toHaveURL(/\/1\/home$/);
  const tips = page.getByRole('region', { name: 'Tips', exact: true });
  await expect(tips).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add card' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add KPI' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await page.getByRole('button', { name: 'Hide Tips for me' }).click();
  await expect(tips).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Show Tips again' })).toBeVisible();
  await page.getByRole('button', { name: 'Show Tips again' }).click();
  await expect(page.getByRole('region', { name: 'Tips', exact: true })).toBeVisible();
});

test('admins read the transaction history', async ({ browser }) => {
  const page = await openAsAdmin(browser);
  await page.goto('/5/transactions/history');
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction history' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Action' }).selectOption('REFUND');
  await expect(page.getByRole('table', { name: 'Transaction history' }).getByRole('cell', { name: 'Refunded' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

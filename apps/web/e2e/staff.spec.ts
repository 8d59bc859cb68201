import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

test('an owner adds a staff member (their profile opens, "Successfully added"), then changes their colour and visibility', async ({ page }) => {
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.getByRole('link', { name: 'Staff' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff member' });
  // A first name of its own too: a name already in use is warned about before adding.
  await dialog.getByLabel('Name', { exact: true }).fill(`Journey${unique}`);
  await dialog.getByLabel('Full name').fill(`Journey ${unique}`);
  await dialog.getByLabel('Username').fill(`journey.${unique}`);
  // The form checks itself first: without a full name nothing is sent.
  await dialog.getByLabel('Full name').fill('');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Enter the full name.')).toBeVisible();
  await expect(dialog.getByLabel('Full name')).toBeFocused();
  await dialog.getByLabel('Full name').fill(`Journey ${unique}`);
  await dialog.getByRole('button', { name: 'Add' }).click();
  // The new member's profile opens, with the spec's message.
  await expect(page.getByText('Successfully added')).toBeVisible();
  await expect(page).toHaveURL(/\/\d+\/staff\/\d+$/);
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

test('an owner reads the monthly report: this month by default, any month by keyboard', async ({ page }) => {
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto('/1/staff');
  await page.getByRole('link', { name: 'Monthly report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly report' })).toBeVisible();

  // This month in Los Angeles (the demo books the next 30 days, so it is never empty).
  const now = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
  const month = page.getByLabel('Month', { exact: true });
  await expect(month).toHaveValue(now);
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Completed appointments value' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Total' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Last month is in the past: completed appointments, so their value in dollars with two decimals.
  await month.focus();
  await page.keyboard.press('PageUp');
  const [y, m] = now.split('-').map(Number) as [number, number];
  const previous = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  await expect(month).toHaveValue(previous);
  const total = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Total' }) });
  await expect(total.getByRole('cell').last()).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
  await expect(total.getByRole('cell').last()).not.toHaveText('$0.00');
  await expect(total.getByRole('cell').nth(1)).toHaveText(/^\d+(\.\d)? h$/);

  // A month before the demo's history is empty, and says so.
  await month.fill('2001-02');
  await expect(page.getByRole('heading', { name: 'No appointments in February 2001' })).toBeVisible();
  await page.getByRole('button', { name: 'This month' }).click();
  await expect(month).toHaveValue(now);

  // A member's row leads to their detail, where the next 30 days are booked.
  const firstMember = table.getByRole('row').nth(1).getByRole('rowheader').getByRole('link');
  const name = (await firstMember.textContent()) ?? '';
  await firstMember.click();
  await expect(page).toHaveURL(/\/1\/staff\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Next 30 days' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Next 30 days' }).getByRole('listitem').first()).toBeVisible();
  expect(name.length).toBeGreaterThan(0);
});

test('an owner changes a new member’s access; it holds after a reload', async ({ page }) => {
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto('/2/staff');
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff member' });
  await dialog.getByLabel('Name', { exact: true }).fill(`Access${unique}`);
  await dialog.getByLabel('Full name').fill(`Access ${unique}`);
  await dialog.getByRole('button', { name: 'Add' }).click();
  // The new member's profile opens.
  await expect(page.getByRole('heading', { level: 1, name: `Access ${unique}` })).toBeVisible();

  const access = page.getByRole('region', { name: 'Access' });
  await expect(access.getByRole('checkbox', { name: 'Manage staff', exact: true })).not.toBeChecked();
  await access.getByRole('checkbox', { name: 'Manage staff', exact: true }).check();
  // "Manage staff" includes "View staff".
  await expect(access.getByRole('checkbox', { name: 'View staff', exact: true })).toBeChecked();
  await expect(access.getByRole('checkbox', { name: 'View staff', exact: true })).toBeDisabled();
  await expect(access.getByRole('checkbox', { name: 'View staff', exact: true })).toHaveAccessibleDescription('Included in Manage staff');
  await access.getByRole('checkbox', { name: 'Transaction reports' }).check();
  await access.getByRole('button', { name: 'Save access' }).click();
  await expect(page.getByText('Employee updated successfully.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.reload();
  await expect(access.getByRole('checkbox', { name: 'Manage staff', exact: true })).toBeChecked();
  await expect(access.getByRole('checkbox', { name: 'Transaction reports' })).toBeChecked();
  await expect(access.getByRole('checkbox', { name: 'Edit settings' })).not.toBeChecked();
  await expect(access.getByRole('button', { name: 'Save access' })).toBeDisabled();
});

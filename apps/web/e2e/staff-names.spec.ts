import { expect, type Page, type Response, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

/**
 * Staff are told apart (issue 9): Luxe Los Angeles has two members called Maya (Maya Flores and
 * Maya Patel). Only reads, except the last journey, which adds a member of its own.
 */

interface StaffRow {
  employee_id: number | null;
  name: string;
}

/** Every answer of the sales summary's call a page has had, from `watchSales` on. */
const salesAnswers = new WeakMap<Page, Response[]>();
function watchSales(page: Page) {
  const answers: Response[] = [];
  salesAnswers.set(page, answers);
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/protected/business/1/sales') answers.push(r);
  });
}

/**
 * Picks a preset range of the sales summary and returns the By staff rows the server answered for
 * its days: the latest answer for those days (not an earlier range's, still on its way), which may
 * be one the page already had (on the first of a month "This month" is today, shown at first, and
 * the screen reads it from its cache instead of asking again).
 */
async function pickRange(page: Page, label: string): Promise<StaffRow[]> {
  const answers = salesAnswers.get(page);
  if (!answers) throw new Error('watchSales(page) first');
  await page.getByLabel('Range').selectOption({ label });
  await expect(page.getByLabel('Range').locator('option:checked')).toHaveText(label);
  const days = new URL(page.url()).searchParams;
  const forDays = (r: Response) => {
    const q = new URL(r.url()).searchParams;
    return q.get('start') === days.get('start') && q.get('end') === days.get('end');
  };
  await expect.poll(() => answers.some(forDays)).toBe(true);
  const body = (await (answers.filter(forDays).at(-1) as Response).json()) as { data: { byStaff: StaffRow[] } };
  return body.data.byStaff;
}

/** The first cell of each body row of the By staff table (the row's name, or the empty table's message). */
const staffCells = (page: Page) => page.getByRole('table', { name: 'By staff' }).locator('tbody tr > th[scope="row"], tbody tr > td[colspan]');

test('sales by staff: after the range changes, one row per staff member, each with a name of their own', async ({ page }) => {
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  watchSales(page);
  await page.goto('/1/reports/daily/sales');
  await expect(page.getByRole('heading', { level: 1, name: 'Sales summary' })).toBeVisible();

  const year = await pickRange(page, 'Last month');
  await expect(staffCells(page)).toHaveText(year.map((r) => r.name));
  expect(year.filter((r) => r.employee_id !== null).length).toBeGreaterThan(3);
  expect(new Set(year.map((r) => r.name)).size).toBe(year.length);
  expect(year.map((r) => r.name)).toEqual(expect.arrayContaining(['Maya Flores', 'Maya Patel']));

  const month = await pickRange(page, 'This month');
  await expect(staffCells(page)).toHaveText(month.length > 0 ? month.map((r) => r.name) : ['No sales in this range.']);
  expect(new Set(month.map((r) => r.name)).size).toBe(month.length);

  // And back: the longer range's rows come back whole, none twice.
  const again = await pickRange(page, 'Last 30 days');
  await expect(staffCells(page)).toHaveText(again.length > 0 ? again.map((r) => r.name) : ['No sales in this range.']);
  await expectNoSeriousA11yViolations(page);
});

interface DayRow {
  id: number;
  status: string;
  staff: string | null;
  staff_full_name: string | null;
}

test('a ticket is found by the surname of who served it, and the Update dialog lists each member once', async ({ page }) => {
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  const yesterday = await page.evaluate(() => {
    const day = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/Los_Angeles' }));
    day.setDate(day.getDate() - 1);
    return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  });
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/protected/business/1/transactions/search');
  await page.goto(`/1/transactions?day=${yesterday}&status=Completed&q=Maya%20Patel`);
  const rows = ((await (await answer).json()) as { data: { transactions: DayRow[] } }).data.transactions;
  const served = rows.find((t) => t.staff_full_name === 'Maya Patel' && t.status === 'CHECKOUT');
  if (!served) throw new Error(`no completed ticket of Maya Patel on ${yesterday}`);
  expect(served.staff).toBe('Maya Patel');

  // The surname and the ticket number, in any order: only that ticket.
  const list = page.getByRole('table', { name: /Tickets of/ });
  await page.getByLabel('Status').selectOption('');
  await page.getByLabel('Search').fill(`patel #${served.id}`);
  await expect(list.getByRole('link')).toHaveCount(1);
  await expect(list.locator('tbody tr').filter({ has: page.locator(`a[href$="/transactions/${served.id}"]`) })).toContainText('Maya Patel');

  await list.locator(`a[href$="/transactions/${served.id}"]`).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Ticket #${served.id}`) })).toBeVisible();
  await page.getByRole('button', { name: 'Update' }).click();
  const dialog = page.getByRole('dialog');
  const picker = dialog.getByRole('combobox', { name: 'Staff' });
  await expect(picker).toBeEnabled();
  const labels = await picker.locator('option').allTextContents();
  expect(labels).toEqual(expect.arrayContaining(['Maya Flores', 'Maya Patel']));
  expect(new Set(labels).size).toBe(labels.length);
  await expect(picker.locator('option:checked')).toHaveText('Maya Patel');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('adding a second member of a name in use asks first, naming the others', async ({ page }) => {
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto('/1/staff');
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff member' });
  await dialog.getByLabel('Name', { exact: true }).fill('Maya');
  await dialog.getByLabel('Full name').fill(`Maya ${unique}`);
  await dialog.getByRole('button', { name: 'Add' }).click();

  const warning = dialog.getByRole('alert');
  await expect(warning).toContainText('Maya Flores');
  await expect(warning).toContainText('Maya Patel');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Add anyway' }).click();
  await expect(page.getByText('Successfully added')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Maya ${unique}`) })).toBeVisible();
});

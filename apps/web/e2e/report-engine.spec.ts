import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { openAsAdmin, signIn } from './support';

/**
 * The report engine (issue 11): a data source opened with its parameters (a location chosen
 * from a query, read in the scope the user asks for), run and exported; a long run that goes to
 * the job queue and says when it is ready (the journeys' server queues runs above 5,000 rows);
 * the prepaid balance period report; an admin writing a data source (refused SQL, a missing
 * parameter, a test run, save, delete); the admin cube.
 */

const LA = 1;

test('an owner runs the Sales by day data source for another location of the network and exports it', async ({ page }) => {
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto(`/${LA}/reports/datasources`);
  await page.getByRole('link', { name: 'Sales by day' }).click();
  await expect(page.getByRole('heading', { name: 'Sales by day', level: 1 })).toBeVisible();
  const location = () => page.getByRole('combobox', { name: 'Location', exact: true });
  // This location only: the choices are read in that scope.
  await expect(location().locator('option')).toHaveText(['Luxe Los Angeles']);
  await page.getByRole('switch', { name: 'Every location I can see' }).click();
  await expect(location().locator('option')).toHaveText(['Luxe Los Angeles', 'Luxe New York', 'Luxe Santa Monica']);
  await location().selectOption({ label: 'Luxe New York' });
  await page.getByRole('button', { name: 'Run report' }).click();
  const table = page.getByRole('table', { name: /Sales by day/ });
  await expect(table.getByRole('row').nth(1)).toContainText('Luxe New York');
  const rows = await table.locator('tbody tr').count();
  expect(rows).toBeGreaterThan(0);
  await expect(table.locator('tbody tr', { hasText: 'Luxe Los Angeles' })).toHaveCount(0);

  const menu = page.getByRole('button', { name: 'Export Data source' });
  await menu.click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export XLSX' }).click()]);
  // Named after the range: its first and last day, or the one day of a range of one (this month
  // so far, on the first of a month).
  expect(file.suggestedFilename()).toMatch(/^luxe-los-angeles_sales-by-day_\d{4}-\d{2}-\d{2}(_\d{4}-\d{2}-\d{2})?\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Day', 'Location', 'Tickets', 'Gross sales (USD)', 'Refunds (USD)', 'Net sales (USD)']);
  expect(sheet.rowCount - 1).toBe(rows);
  expect(sheet.getRow(2).getCell(2).value).toBe('Luxe New York');
});

test('a long run goes to the queue, says when it is ready, and its result opens and exports', async ({ page }) => {
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto(`/${LA}/reports/run/staff_visits`);
  await expect(page.getByRole('heading', { name: 'Staff visits', level: 1 })).toBeVisible();
  // Forty days of visits: more rows than a screen run keeps here.
  const today = await page.getByLabel('To', { exact: true }).inputValue();
  const start = new Date(`${today}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - 45);
  await page.getByLabel('From', { exact: true }).fill(start.toISOString().slice(0, 10));
  // The run's answer says it went to the queue; the banner then says it is running, or, when the
  // job was quicker than the screen's first look (a busy machine's scheduling), that it finished.
  const from = start.toISOString().slice(0, 10);
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/run') && (r.request().postData() ?? '').includes(from));
  await page.getByRole('button', { name: 'Run report' }).click();
  const answer = (await (await answered).json()) as { data: { status: string } };
  expect(answer.data.status).toBe('queued');
  await expect(page.getByText(/^(This report is running in the background|Report run finished)$/)).toBeVisible();
  await expect(page.getByText('Report run finished', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Open the result' }).click();
  await expect(page.getByRole('heading', { name: 'Staff visits', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Rows 1–1,000 of [\d,]+$/)).toBeVisible();
  const menu = page.getByRole('button', { name: 'Export Report run' });
  await menu.click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export CSV' }).click()]);
  const text = await readFile(await file.path(), 'utf8');
  const total = Number((await page.getByText(/^Rows 1–1,000 of [\d,]+$/).innerText()).replace(/.* of /, '').replace(/,/g, ''));
  expect(text.trim().split('\r\n').length - 1).toBe(total);
});

test('the prepaid balance period report, in summary and each day', async ({ page }) => {
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  const end = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  const from = new Date(`${end}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - 9);
  await page.goto(`/${LA}/periodreport/prepaidbalance?start=${from.toISOString().slice(0, 10)}&end=${end}`);
  await expect(page.getByRole('heading', { name: 'Prepaid balance', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: /Prepaid balance/ });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr').first()).toContainText('Luxe Los Angeles');
  await page.getByRole('switch', { name: 'Each day' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(10);
});

test('an admin writes a data source: refused SQL, an undeclared placeholder, a test run, save and delete', async ({ browser }) => {
  const page = await openAsAdmin(browser);
  const businessId = Number(/\/(\d+)\/home$/.exec(page.url())?.[1]);
  await page.goto(`/${businessId}/reports/datasources/new`);
  await page.getByLabel('Name', { exact: true }).fill('Top services of a journey');
  const sql = page.getByLabel('SQL', { exact: true });
  await sql.fill('select * from users');
  await page.getByRole('button', { name: 'Try it' }).click();
  await expect(sql).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/reporting views/).first()).toBeVisible();

  await sql.fill("select item_name, sum(total) as gross_sales from sales_lines where kind = 'service' group by item_name order by gross_sales desc limit :top");
  await page.getByRole('button', { name: 'Try it' }).click();
  await expect(page.getByText(':top is not declared by any parameter').first()).toBeVisible();

  await page.getByRole('button', { name: 'Add a parameter' }).click();
  await page.getByLabel('Parameter 1, Id', { exact: true }).fill('top');
  await page.getByLabel('Parameter 1, Type', { exact: true }).selectOption('number');
  await page.getByLabel('Parameter 1, Default', { exact: true }).fill('5');
  await page.getByRole('button', { name: 'Try it' }).click();
  const preview = page.getByRole('table', { name: /First rows of Top services of a journey/ });
  await expect(preview.locator('tbody tr')).toHaveCount(5);

  await page.getByRole('button', { name: 'Add data source' }).click();
  await expect(page.getByText('Successfully added')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${businessId}/reports/datasources$`));
  await page.getByRole('button', { name: 'Delete Top services of a journey' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Top services of a journey?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Successfully deleted')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Top services of a journey' })).toHaveCount(0);
});

test('the admin cube shows the period report of the business the admin selects', async ({ browser }) => {
  const page = await openAsAdmin(browser);
  const businessId = Number(/\/(\d+)\/home$/.exec(page.url())?.[1]);
  await page.goto(`/${businessId}/admin/cube`);
  const business = page.getByRole('combobox', { name: 'Business', exact: true });
  await business.selectOption({ label: 'Select a business' });
  await expect(page.getByText('No selected business available.')).toBeVisible();
  await business.selectOption({ label: 'Lotus Kathmandu' });
  const table = page.getByRole('table', { name: /Prepaid balance/ });
  await expect(table.locator('tbody tr').first()).toContainText('Lotus Kathmandu');
});

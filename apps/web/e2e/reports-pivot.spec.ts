import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectNoSeriousA11yViolations, readCsv, signIn } from './support';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e5)}`;

/** A day `days` before today (UTC; the demo's 40 days of sales are well inside). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Drags a field's grip onto a place with the mouse, in small steps (as a hand would). */
async function drag(page: Page, grip: Locator, target: Locator, place: string) {
  // The board in the middle of the window, away from the edges where a drag scrolls the page.
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const from = await grip.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag or nowhere to drop');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 4, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height - 12, { steps: 12 });
  // The board says where the field is (its live region), then it is dropped there.
  await expect(page.getByText(new RegExp(`is over ${place}\\.$`))).toBeAttached();
  await page.mouse.up();
}

/** `$12,345.67` → 1234567 cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);


test('build a pivot of sales by staff × month with subtotals, save it, export it and read a subtotal back, share it', async ({ page }) => {
  test.slow(); // a sign-in, a build with its previews, two exports read back
  const title = `Journey staff by month ${unique()}`;
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);

  // From the reports, the demo's pivot opens; from it, a new one.
  await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
  await page.getByRole('link', { name: 'Sales by staff and month' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sales by staff and month' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Sales by staff and month' }).locator('tr[data-kind="subtotal"]').first()).toBeVisible();
  await page.getByRole('link', { name: 'New pivot report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New pivot report' })).toBeVisible();

  // The source, and its parameters (the last 45 days, so every demo sale is in).
  await page.getByLabel('Source').selectOption({ label: 'Data source: Sales lines by month' });
  await page.getByLabel('From').fill(daysAgo(45));
  const rows = page.getByRole('region', { name: 'Rows', exact: true });
  const columns = page.getByRole('region', { name: 'Columns', exact: true });
  const values = page.getByRole('region', { name: 'Values', exact: true });
  // The source's fields are there (the form above them no longer moves).
  await expect(page.getByRole('button', { name: 'Add Gross sales to…' })).toBeVisible();
  await expect(page.getByLabel('From')).toHaveValue(daysAgo(45));

  // Staff dragged to the rows, Month dragged to the columns; Kind and Gross sales by their menus.
  await drag(page, page.getByRole('button', { name: 'Drag Staff', exact: true }), rows, 'Rows');
  await expect(rows.getByText('Staff', { exact: true })).toBeVisible();
  await drag(page, page.getByRole('button', { name: 'Drag Month', exact: true }), columns, 'Columns');
  await expect(columns.getByText('Month', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add Kind to…' }).click();
  await page.getByRole('menuitem', { name: 'Rows' }).click();
  await expect(rows.getByText('Kind', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add Gross sales to…' }).click();
  await page.getByRole('menuitem', { name: 'Values' }).click();
  await expect(values.getByRole('combobox', { name: 'Aggregate of Gross sales' })).toHaveValue('sum');
  await expect(page.getByRole('switch', { name: 'Subtotals' })).toHaveAttribute('aria-checked', 'true');

  // The preview follows: a subtotal row per staff member, the grand total last.
  const preview = page.getByRole('table', { name: 'Preview of the pivot' });
  await expect(preview.locator('tr[data-kind="subtotal"]').first()).toBeVisible();
  await expect(preview.getByRole('columnheader', { name: 'Grand total' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Saved with a title and a category.
  await page.getByRole('button', { name: 'Save pivot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as a pivot report' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Category').selectOption('Sales pivots');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully added')).toBeVisible();
  await expect(page).toHaveURL(/\/reports\/pivot\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // A subtotal on screen: a staff member's total over every month.
  const table = page.getByRole('table', { name: title });
  const subtotal = table.locator('tr[data-kind="subtotal"]').first();
  await expect(subtotal).toBeVisible();
  const staff = (await subtotal.getByRole('rowheader').first().textContent())?.trim() as string;
  const shown = cents((await subtotal.getByRole('cell').last().textContent()) ?? '');
  expect(shown).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);

  // Exported as CSV and XLSX: the same subtotal, in the same place.
  const menu = page.getByRole('button', { name: 'Export Pivot report' });
  await menu.click();
  const [csvFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export CSV' }).click()]);
  expect(csvFile.suggestedFilename()).toMatch(/^luxe-los-angeles_journey-staff-by-month-[a-z0-9-]+_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readCsv(await csvFile.path());
  expect(csv[0]?.slice(0, 2)).toEqual(['Staff', 'Kind']);
  expect(csv[0]?.at(-1)).toBe('Grand total / Sum of Gross sales (USD)');
  const line = csv.find((r) => r[0] === staff && r[1] === 'Total') as string[];
  expect(cents(line.at(-1) as string)).toBe(shown);
  expect(csv.at(-1)?.[0]).toBe('Grand total');

  await menu.click();
  const [xlsxFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export XLSX' }).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await xlsxFile.path());
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  let found: number | null = null;
  sheet.eachRow((row) => {
    if (row.getCell(1).value === staff && row.getCell(2).value === 'Total') found = Number(row.getCell(sheet.columnCount).value);
  });
  expect(found).not.toBeNull();
  expect(Math.round((found ?? 0) * 100)).toBe(shown);

  // On the reports home, under its category, one's own pivot is shared to the gallery, and opens in the editor.
  await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
  const pivots = page.getByRole('table', { name: 'Pivot reports: Sales pivots' });
  const row = pivots.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: `Make public: ${title}` }).click();
  await expect(page.getByText('Report Updated Successfully')).toBeVisible();
  await expect(row).toContainText('In the gallery');
  await expect(row.getByRole('button', { name: `Make private: ${title}` })).toBeVisible();
  await pivots.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(/\/reports\/pivot\/\d+\/edit$/);
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${title}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
});

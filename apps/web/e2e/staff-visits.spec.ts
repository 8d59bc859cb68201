import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, readCsv, signIn } from './support';

/**
 * The staff visit report (issue 12): an owner opens it from the reports home, picks the last 30
 * days, opens a staff member's visits, and exports the report as CSV, whose figures are the
 * screen's.
 */

const LA = 1;
test.use({ viewport: { width: 1440, height: 900 } });

test('an owner reads staff visits over the last 30 days, opens a staff member’s visits and exports the report', async ({ page }) => {
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto(`/${LA}/reports`);
  // The reports home links it among the staff reports (the navigation has it too).
  await page.getByRole('link', { name: /^Staff visits\s*Staff reports$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff visits' })).toBeVisible();

  await page.getByLabel('Range').selectOption({ label: 'Last 30 days' });
  await expect(page).toHaveURL(/start=\d{4}-\d{2}-\d{2}&end=\d{4}-\d{2}-\d{2}/);
  const url = new URL(page.url());
  const [start, end] = [url.searchParams.get('start')!, url.searchParams.get('end')!];
  const table = page.getByRole('table', { name: `Staff visits, ${start} to ${end}` });
  // The rows of the new range are in (the day's rows stay, dimmed, until then).
  await expect(table).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow.getByRole('button', { name: /^Visits of / })).toHaveAttribute('aria-expanded', 'false');

  // The figures of the first staff member, as the screen shows them (headers name the columns).
  const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.trim());
  const cells = await firstRow.locator('th, td').allInnerTexts();
  const name = (await firstRow.getByRole('button', { name: /^Visits of / }).getAttribute('aria-label'))!.replace('Visits of ', '');
  const figure = (label: string) => (cells[headers.findIndex((h) => h.startsWith(label))] ?? '').trim();
  const [shown, gross] = [figure('Visits'), figure('Gross sales')];
  // A count as the screen writes it ("1,012" when the busiest member passes a thousand).
  const visits = shown.replace(/,/g, '');
  expect(Number(visits), JSON.stringify({ headers, cells })).toBeGreaterThan(0);
  expect(gross).toMatch(/^\$[\d,]+\.\d\d$/);
  await expect(table.getByRole('row').last()).toContainText('Total');

  // Their visits open below the table: as many as the row counts.
  await firstRow.getByRole('button', { name: `Visits of ${name}` }).click();
  await expect(page).toHaveURL(/staff=\d+/);
  const detail = page.getByRole('region', { name: `Visits of ${name}` });
  await expect(detail).toBeVisible();
  const visitRows = detail.getByRole('table', { name: `Visits of ${name}, ${start} to ${end}` }).getByRole('row');
  // The heading row, a row per visit, the totals row (every row is in the page below 100 visits).
  if (Number(visits) < 100) await expect(visitRows).toHaveCount(Number(visits) + 2);
  await expect(visitRows.last()).toContainText(gross);
  await expect(firstRow.getByRole('button', { name: `Visits of ${name}` })).toHaveAttribute('aria-expanded', 'true');
  await expectNoSeriousA11yViolations(page);

  // The CSV has the screen's figures.
  await page.getByRole('button', { name: 'Export Staff visits' }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export CSV' }).click()]);
  expect(file.suggestedFilename()).toBe(`luxe-los-angeles_staff-visits_${start}_${end}.csv`);
  const [header, ...rows] = await readCsv(await file.path());
  const row = rows.find((r) => r[0] === name);
  expect(row?.[header!.indexOf('Visits')]).toBe(visits);
  expect(`$${Number(row?.[header!.indexOf('Gross sales (USD)')]).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`).toBe(gross);
  expect(rows.at(-1)?.[0]).toBe('Total');
});

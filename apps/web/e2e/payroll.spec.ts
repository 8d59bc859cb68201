import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { database, expectNoSeriousA11yViolations, signIn } from './support';

/**
 * Payroll (issue 12): a manager sets the break rule and sees hours after break change; exports a
 * month's payroll as XLSX and reads a figure back; closes a pay period (after reopening the one the
 * demo closed, so each run leaves it as it found it). Each repeat works in its own location.
 */

const LOCATIONS = { la: 1, ny: 2, santaMonica: 3, sydney: 5 } as const;
const ZONES: Record<number, string> = { 1: 'America/Los_Angeles', 2: 'America/New_York', 3: 'America/Los_Angeles' };

/** Three clocked-out days of 9 hours (09:00–18:00 local) for the location's first active staff member, in a week of 2021 nobody else uses. */
async function nineHourDays(business: number): Promise<number> {
  const db = await database();
  try {
    const { rows } = await db.query<{ id: number }>(`select id from staff where business_id = $1 and status = 'ACTIVE' and deleted_at is null order by id limit 1`, [business]);
    const staffId = rows[0]?.id as number;
    await db.query(`delete from timesheets where employee_id = $1 and day between '2021-06-07' and '2021-06-13'`, [staffId]);
    await db.query(
      `insert into timesheets (business_id, employee_id, day, clockin_at, clockout_at, original_clockin, original_clockout, status, source)
       select $1, $2, d::date, (d::date + time '09:00') at time zone $3, (d::date + time '18:00') at time zone $3,
         (d::date + time '09:00') at time zone $3, (d::date + time '18:00') at time zone $3, 'OUT', 'manager'
       from generate_series('2021-06-07'::date, '2021-06-09'::date, interval '1 day') d`,
      [business, staffId, ZONES[business]],
    );
    return staffId;
  } finally {
    await db.end();
  }
}

interface Info {
  settings: { breakMinutes: number | null; breakThresholdHours: number | null };
}

/** A location's payroll settings, as the API gives them (the page's own session). */
async function payrollInfo(page: Page, business: number): Promise<Info> {
  const response = await page.request.get(`/protected/business/${business}/payrollinfo/get`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Info }).data;
}

/** Saves the form and waits for the server's answer, then for the success toast. */
async function save(page: Page, button: string) {
  const saved = page.waitForResponse((r) => r.url().endsWith('/payrollinfo/update') && r.request().method() === 'POST');
  await page.getByRole('button', { name: button }).click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByText('Business Payroll Updated').first()).toBeVisible();
}

async function setBreakRule(page: Page, business: number, minutes: string, threshold: string) {
  await page.goto(`/${business}/payroll/settings`);
  await page.getByRole('textbox', { name: 'Break minutes' }).fill(minutes);
  await page.getByRole('textbox', { name: 'Break threshold (hours)' }).fill(threshold);
  await save(page, 'Save payroll settings');
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
}

test('a manager sets the break rule and sees hours after break change on the payroll screen', async ({ page }, testInfo) => {
  const business = [LOCATIONS.santaMonica, LOCATIONS.ny, LOCATIONS.la][testInfo.repeatEachIndex % 3] as number;
  const staffId = await nineHourDays(business);
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  const before = await payrollInfo(page, business);
  try {
    await setBreakRule(page, business, '15', '4');
    const week = `/${business}/payroll?start=2021-06-07&end=2021-06-13`;
    await page.goto(week);
    const data = await page.request.get(`/protected/business/${business}/payrolldata/withservicedetail?start=2021-06-07&end=2021-06-13`);
    const name = ((await data.json()) as { data: { rows: { employee_id: number; employee_name: string }[] } }).data.rows.find((r) => r.employee_id === staffId)?.employee_name as string;
    const table = page.getByRole('table', { name: /^Payroll, Jun 7 – 13, 2021$/ });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    // 27 hours clocked; 15 minutes off each of the three days.
    await expect(row).toContainText('26.25');
    await expect(row).toContainText('27.00');
    await expect(row).toContainText('0.75');
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/${business}/payroll/settings`);
    await page.getByRole('textbox', { name: 'Break minutes' }).fill('60');
    await page.getByRole('textbox', { name: 'Break threshold (hours)' }).fill('8');
    await expect(page.getByText('60 minutes of break are deducted from each day of 8 hours or more')).toBeVisible();
    await save(page, 'Save payroll settings');
    await page.goto(week);
    // An hour off each day now: 24 hours after break.
    await expect(row).toContainText('24.00');
    await expect(row).toContainText('3.00');
  } finally {
    // Leave the location's break rule as it was (through the API: whatever step failed).
    const now = (await (await page.request.get(`/protected/business/${business}/payrollinfo/get`)).json()) as { data: Info };
    const restored = await page.request.post(`/protected/business/${business}/payrollinfo/update`, {
      headers: { 'x-salondesk-csrf': '1' },
      data: { ...now.data, settings: { ...now.data.settings, breakMinutes: before.settings.breakMinutes, breakThresholdHours: before.settings.breakThresholdHours } },
    });
    expect(restored.ok()).toBe(true);
  }
});

/** Last month in the location's time zone, as `YYYY-MM-DD` days. */
function lastMonth(zone: string): { start: string; end: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [y, m] = today.split('-').map(Number) as [number, number];
  return { start: new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10), end: new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10) };
}

test('exports the month’s payroll as XLSX and the file holds the screen’s figures', async ({ page }) => {
  const business = LOCATIONS.la;
  const month = lastMonth(ZONES[business] as string);
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto(`/${business}/payroll?start=${month.start}&end=${month.end}`);
  await expect(page.getByRole('group', { name: 'Pay period' })).toContainText('Custom range');
  const answer = await page.request.get(`/protected/business/${business}/payrolldata/withservicedetail?start=${month.start}&end=${month.end}`);
  const { rows } = ((await answer.json()) as { data: { rows: { employee_name: string; salesAfterDiscount: number; tip: number; hoursAfterBreak: number }[] } }).data;
  const best = [...rows].sort((a, b) => b.salesAfterDiscount - a.salesAfterDiscount)[0];
  expect(best?.salesAfterDiscount).toBeGreaterThan(0);
  // The screen shows the same figure.
  await expect(page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: best?.employee_name, exact: true }) })).toContainText(
    `$${((best?.salesAfterDiscount ?? 0) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );

  await page.getByRole('button', { name: 'Export Payroll' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Payroll (XLSX)' }).click()]);
  expect(download.suggestedFilename()).toBe(`luxe-los-angeles_payroll_${month.start}_${month.end}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(header.slice(0, 4)).toEqual(['Staff', 'Hours', 'Break', 'Hours after break']);
  const sales = header.indexOf('Gross sales (USD)') + 1;
  const tips = header.indexOf('Tips (USD)') + 1;
  expect(sales).toBeGreaterThan(0);
  expect(sheet.rowCount - 1).toBe(rows.length);
  const line = [...Array(sheet.rowCount - 1).keys()].map((i) => sheet.getRow(i + 2)).find((r) => r.getCell(1).value === best?.employee_name) as ExcelJS.Row;
  expect(line.getCell(sales).value).toBeCloseTo((best?.salesAfterDiscount ?? 0) / 100, 10);
  expect(line.getCell(tips).value).toBeCloseTo((best?.tip ?? 0) / 100, 10);
  expect(line.getCell(4).value).toBeCloseTo(best?.hoursAfterBreak ?? 0, 10);
});

test('closes a pay period, after asking, and reopens one', async ({ page }, testInfo) => {
  // Santa Monica is the timesheets journey's (it may reopen a period there to correct a day); Sydney is Lotus & Harbour's.
  const [business, account] = ([[LOCATIONS.ny, 'owner'], [LOCATIONS.la, 'owner'], [LOCATIONS.sydney, 'lotus@salondesk.demo']] as const)[testInfo.repeatEachIndex % 3] as readonly [number, string];
  await signIn(page, account);
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto(`/${business}/payroll`);
  const picker = page.getByRole('group', { name: 'Pay period' });
  // The open period holds today: not over, so it cannot be closed yet.
  await expect(picker).toContainText('Open');
  await expect(page.getByRole('button', { name: 'Current period' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('it can be closed once it is over')).toBeVisible();

  // The period before it was closed by the owner (the demo): reopen it.
  await page.getByRole('button', { name: 'Previous pay period' }).click();
  await expect(picker).toContainText('Closed');
  await page.getByRole('button', { name: 'Reopen this pay period' }).click();
  const reopen = page.getByRole('alertdialog', { name: 'Reopen this pay period?' });
  await expect(reopen).toContainText('can be changed again');
  const reopened = page.waitForResponse((r) => r.url().endsWith('/payrollinfo/update'));
  await reopen.getByRole('button', { name: 'Reopen pay period' }).click();
  expect((await reopened).ok()).toBe(true);
  await expect(page.getByText('Business Payroll Updated').first()).toBeVisible();
  await expect(picker).toContainText('Open');
  // It is over: it can be closed. Cancel first changes nothing.
  await page.getByRole('button', { name: 'Close this pay period' }).click();
  const close = page.getByRole('alertdialog', { name: 'Close this pay period?' });
  await expect(close).toContainText('can no longer be changed until they are reopened');
  await expectNoSeriousA11yViolations(page, '[role="alertdialog"]');
  await close.getByRole('button', { name: 'Cancel' }).click();
  await expect(close).toHaveCount(0);
  await expect(picker).toContainText('Open');
  await page.getByRole('button', { name: 'Close this pay period' }).click();
  const closed = page.waitForResponse((r) => r.url().endsWith('/payrollinfo/update'));
  await page.getByRole('alertdialog', { name: 'Close this pay period?' }).getByRole('button', { name: 'Close pay period' }).click();
  expect((await closed).ok()).toBe(true);
  await expect(picker).toContainText('Closed');
  await expect(page.getByRole('button', { name: 'Reopen this pay period' })).toBeVisible();
  // The period after it is the open one again.
  await page.getByRole('button', { name: 'Current period' }).click();
  await expect(picker).toContainText('Open');
});

import { expect, type Page, test } from '@playwright/test';
import { database, expectNoSeriousA11yViolations, signIn } from './support';

/**
 * Cash-drawer shifts (issue 13): a manager opens today's drawer with a count typed from the
 * keyboard, adds a paid-out, closes with a count by denomination and sees Short with the
 * difference; a blind close shows nothing of the expected amount until the count is saved; a
 * manager reopens a closed shift and the drawer log shows it.
 *
 * A location has one open drawer at a time, so the three journeys run one after another (each
 * starts by removing the location's open drawer and its shifts of today) and each repeat of the
 * file works in its own location.
 */
test.describe.configure({ mode: 'default' });

const LOCATIONS = [
  { id: 1, zone: 'America/Los_Angeles' },
  { id: 2, zone: 'America/New_York' },
  { id: 3, zone: 'America/Los_Angeles' },
] as const;
const CSRF = { 'x-salondesk-csrf': '1' };

/** US notes and coins as the counter names them, largest first (core's `DENOMINATIONS.USD`). */
const USD = [
  [10000, '$100'],
  [5000, '$50'],
  [2000, '$20'],
  [1000, '$10'],
  [500, '$5'],
  [200, '$2'],
  [100, '$1'],
  [50, '50¢'],
  [25, '25¢'],
  [10, '10¢'],
  [5, '5¢'],
  [1, '1¢'],
] as const;

const locationOf = (repeat: number) => LOCATIONS[repeat % LOCATIONS.length] as (typeof LOCATIONS)[number];
const todayIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The location with no open drawer and no shift of today: each journey starts from the same place. */
async function clearToday(location: (typeof LOCATIONS)[number]) {
  const db = await database();
  try {
    await db.query('delete from shifts where business_id = $1 and (day = $2 or status = $3)', [location.id, todayIn(location.zone), 'OPEN']);
  } finally {
    await db.end();
  }
}

interface DrawerSettings {
  defaultFloat: number;
  differenceThreshold: number | null;
  blindClose: boolean;
}

async function drawerSettings(page: Page, business: number): Promise<DrawerSettings> {
  const response = await page.request.get(`/protected/business/${business}/shiftsettings/get`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: DrawerSettings }).data;
}

async function saveDrawerSettings(page: Page, business: number, settings: DrawerSettings) {
  const response = await page.request.post(`/protected/business/${business}/shiftsettings/update`, { headers: CSRF, data: settings });
  expect(response.ok()).toBe(true);
}

interface ShiftAnswer {
  id: number;
  status: string;
  figures: { expected: number | null; difference: number | null; state: string; counted: number | null };
}

async function shiftOf(page: Page, business: number, id: number): Promise<ShiftAnswer> {
  const response = await page.request.get(`/protected/business/${business}/shift/${id}/get`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: ShiftAnswer }).data;
}

/**
 * Runs a journey signed in as the owner in this repeat's location, cleared of today's shifts, its
 * blind close set as the journey needs (`null`: the journey sets it itself); the location's drawer
 * settings are put back afterwards, whatever step failed.
 */
async function inLocation(page: Page, repeat: number, blindClose: boolean | null, journey: (business: number) => Promise<void>) {
  const location = locationOf(repeat);
  await clearToday(location);
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  const before = await drawerSettings(page, location.id);
  if (blindClose !== null) await saveDrawerSettings(page, location.id, { ...before, blindClose });
  try {
    await journey(location.id);
  } finally {
    await saveDrawerSettings(page, location.id, before);
  }
}

/** Types a count into the counter: each denomination's field by its name, as a person would. */
async function typeCount(page: Page, counts: readonly (readonly [string, number])[]) {
  for (const [label, count] of counts) {
    const field = page.getByRole('textbox', { name: `${label} count`, exact: true });
    await field.click();
    await page.keyboard.type(String(count));
  }
}

/** An amount in the fewest US notes and coins. */
function denominationsOf(cents: number): [string, number][] {
  let rest = cents;
  const lines: [string, number][] = [];
  for (const [value, label] of USD) {
    const count = Math.floor(rest / value);
    if (count > 0) lines.push([label, count]);
    rest -= count * value;
  }
  return lines;
}

/** Opens today's drawer from the drawer screen: the cashier, and the count typed from the keyboard (Enter to the next denomination). */
async function openDrawer(page: Page, business: number, typing?: string): Promise<number> {
  await page.goto(`/${business}/drawer`);
  await expect(page.getByRole('heading', { name: 'No drawer is open' })).toBeVisible();
  await page.getByRole('button', { name: 'Open the drawer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open the drawer' });
  await dialog.getByLabel('Cashier').selectOption({ index: 1 });
  if (typing) {
    await dialog.getByRole('textbox', { name: '$20 count', exact: true }).click();
    await page.keyboard.type(typing);
  }
  const opened = page.waitForResponse((r) => r.url().endsWith('/shift/open') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: /^Open with / }).click();
  const answer = await opened;
  expect(answer.ok()).toBe(true);
  const id = ((await answer.json()) as { data: { id: number } }).data.id;
  await expect(page).toHaveURL(new RegExp(`/${business}/drawer/${id}$`));
  return id;
}

test('opens a drawer, adds a paid-out, closes with a count by denomination and sees Short with the difference', async ({ page }, testInfo) => {
  await inLocation(page, testInfo.repeatEachIndex, false, async (business) => {
    await page.goto(`/${business}/drawer`);
    await expect(page.getByRole('heading', { name: 'No drawer is open' })).toBeVisible();
    await page.getByRole('button', { name: 'Open the drawer' }).click();
    const openDialog = page.getByRole('dialog', { name: 'Open the drawer' });
    await openDialog.getByLabel('Cashier').selectOption({ index: 1 });
    // Keyboard first: 5 × $20, then Enter down to $1 and 20 of them.
    await openDialog.getByRole('textbox', { name: '$20 count', exact: true }).click();
    await page.keyboard.type('5');
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Enter');
    await expect(openDialog.getByRole('textbox', { name: '$1 count', exact: true })).toBeFocused();
    await page.keyboard.type('20');
    await expect(openDialog.getByRole('status', { name: 'Opening count total' })).toHaveText('$120.00');
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');
    await openDialog.getByRole('button', { name: 'Open with $120.00' }).click();
    await expect(page.getByText('Drawer opened.').first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${business}/drawer/\\d+$`));
    const shiftId = Number(new URL(page.url()).pathname.split('/').pop());
    const drawer = page.getByRole('region', { name: 'Drawer', exact: true });
    await expect(drawer).toContainText('$120.00');

    // A paid-out of $12.50, with its reason.
    await page.getByRole('button', { name: 'Add a finance' }).click();
    const finance = page.getByRole('dialog', { name: 'Add a finance' });
    await finance.getByLabel('Category').selectOption('PAIDOUT');
    await finance.getByRole('textbox', { name: 'Amount' }).fill('12.50');
    await finance.getByRole('textbox', { name: 'Reason' }).fill('Milk for the coffee');
    await finance.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Added successfully').first()).toBeVisible();
    const finances = page.getByRole('table', { name: /^Finances of the shift/ });
    await expect(finances.getByRole('row').filter({ hasText: 'Milk for the coffee' })).toContainText('− $12.50');
    await expect(drawer).toContainText('− $12.50');

    // What the drawer should hold now: $120 + today's cash sales − $12.50; count $2.00 less.
    const open = await shiftOf(page, business, shiftId);
    const expected = open.figures.expected as number;
    await expect(drawer).toContainText(`Expected in the drawer${dollars(expected)}`);
    await page.getByRole('button', { name: 'Close the drawer' }).click();
    const closeDialog = page.getByRole('dialog', { name: 'Close the drawer' });
    await typeCount(page, denominationsOf(expected - 200));
    await expect(closeDialog.getByRole('status', { name: 'Cash in the drawer total' })).toHaveText(dollars(expected - 200));
    // Before saving, the count is already compared (this location does not close blind).
    await expect(closeDialog.getByRole('region', { name: 'Drawer', exact: true })).toContainText('Short− $2.00');
    await closeDialog.getByRole('textbox', { name: 'Notes' }).fill('Counted twice; $2.00 short.');
    const closed = page.waitForResponse((r) => r.url().endsWith(`/shift/${shiftId}/update`) && r.request().method() === 'POST');
    await closeDialog.getByRole('button', { name: 'Close the drawer' }).click();
    expect((await closed).ok()).toBe(true);
    const result = page.getByRole('dialog', { name: 'Drawer closed' });
    await expect(result.getByRole('region', { name: 'How the drawer came out' })).toContainText('Short− $2.00');
    await expect(result).toContainText(`Counted${dollars(expected - 200)}`);
    await result.getByRole('button', { name: 'Done' }).click();

    await expect(page.getByText('Short', { exact: true }).first()).toBeVisible();
    const log = page.getByRole('table', { name: /^Drawer log of the shift/ });
    await expect(log.getByRole('row').filter({ hasText: 'Added a finance: Paid out, Milk for the coffee' })).toContainText('− $12.50');
    await expect(log.getByRole('row').filter({ hasText: 'Closed the drawer' })).toContainText('− $2.00');
    const saved = await shiftOf(page, business, shiftId);
    expect(saved.figures).toMatchObject({ state: 'Short', difference: -200 });
    await expectNoSeriousA11yViolations(page);

    // The shift report lists it with its state and difference.
    await page.goto(`/${business}/reports/daily/shift-reports`);
    const report = page.getByRole('table', { name: /^Shifts of / });
    const row = report.getByRole('row').filter({ has: page.locator(`a[href$="/drawer/${shiftId}"]`) });
    await expect(row).toContainText('Short');
    await expect(row).toContainText('− $2.00');
    const cashier = (await row.getByRole('link').first().textContent())?.replace(/ \+\d+$/, '') as string;

    // The range view charts the variance per cashier: today's −$2.00 under the cashier's name.
    await page.goto(`/${business}/shifts`);
    const chart = page.getByRole('group', { name: /^Difference per cashier, / });
    await expect(chart).toHaveAttribute('data-chart-state', 'ready');
    await expect(chart.locator('svg')).toBeVisible();
    await page.getByRole('button', { name: 'Show values' }).click();
    const values = page.getByRole('table', { name: /^Difference per cashier/ });
    await expect(values.getByRole('columnheader', { name: cashier })).toBeVisible();
    await expect(values.getByRole('row').last()).toContainText('-$2.00');
  });
});

test('a blind close shows nothing of the expected amount until the count is saved, then the difference', async ({ page }, testInfo) => {
  await inLocation(page, testInfo.repeatEachIndex, null, async (business) => {
    // Blind close, turned on in the business settings.
    await page.goto(`/${business}/settings`);
    const section = page.getByRole('region', { name: 'Cash drawer' });
    const blind = section.getByRole('switch', { name: 'Blind close' });
    if ((await blind.getAttribute('aria-checked')) !== 'true') await blind.click();
    await expect(blind).toHaveAttribute('aria-checked', 'true');
    await section.getByRole('button', { name: 'Save drawer settings' }).click();
    await expect(page.getByText('Drawer settings saved.').first()).toBeVisible();
    expect((await drawerSettings(page, business)).blindClose).toBe(true);

    const shiftId = await openDrawer(page, business, '3');
    const drawer = page.getByRole('region', { name: 'Drawer', exact: true });
    await expect(drawer).toContainText('This location closes blind');
    await expect(drawer).not.toContainText('Expected');
    // The drawer log says cash sales come in, never how much, nor what the drawer should hold.
    const log = page.getByRole('table', { name: /^Drawer log of the shift/ });
    await expect(log.getByRole('row').filter({ hasText: 'Cash sales' })).not.toContainText('$');
    await expect(log.getByRole('row').filter({ hasText: 'Opened the drawer' })).toContainText('+ $60.00');
    const hidden = await shiftOf(page, business, shiftId);
    expect(hidden.figures.expected).toBeNull();

    await page.getByRole('button', { name: 'Close the drawer' }).click();
    const closeDialog = page.getByRole('dialog', { name: 'Close the drawer' });
    await expect(closeDialog).toContainText('This location closes blind');
    await typeCount(page, [
      ['$50', 1],
      ['$20', 2],
      ['25¢', 3],
    ]);
    await expect(closeDialog.getByRole('status', { name: 'Cash in the drawer total' })).toHaveText('$90.75');
    await expect(closeDialog).not.toContainText('Expected');
    await expect(closeDialog).not.toContainText('Difference');
    await closeDialog.getByRole('textbox', { name: 'Notes' }).fill('Blind count by the cashier.');
    await closeDialog.getByRole('button', { name: 'Close the drawer' }).click();

    // Saved: now the expected amount and the difference show.
    const result = page.getByRole('dialog', { name: 'Drawer closed' });
    await expect(result).toContainText('Expected in the drawer');
    const saved = await shiftOf(page, business, shiftId);
    expect(saved.status).toBe('CLOSED');
    expect(saved.figures.counted).toBe(9075);
    const difference = saved.figures.difference as number;
    expect(difference).toBe(9075 - (saved.figures.expected as number));
    await expect(result).toContainText(`${saved.figures.state}${difference > 0 ? '+ ' : difference < 0 ? '− ' : ''}${dollars(Math.abs(difference))}`);
    await result.getByRole('button', { name: 'Done' }).click();
    await expect(drawer).toContainText(`Expected in the drawer${dollars(saved.figures.expected as number)}`);
  });
});

test('a manager reopens a closed shift, with a reason, and the drawer log shows it', async ({ page }, testInfo) => {
  await inLocation(page, testInfo.repeatEachIndex, false, async (business) => {
    // A drawer opened and closed today (as the cashier's device did).
    const staff = ((await (await page.request.get(`/protected/business/${business}/clock/staff`)).json()) as { data: { staff: { id: number }[] } }).data.staff;
    const opened = await page.request.post(`/protected/business/${business}/shift/open`, { headers: CSRF, data: { cashier: staff[0]?.id, starting_balance: 10000 } });
    expect(opened.ok()).toBe(true);
    const shiftId = ((await opened.json()) as { data: { id: number } }).data.id;
    const closed = await page.request.post(`/protected/business/${business}/shift/${shiftId}/update`, { headers: CSRF, data: { cashatclosing: 10000, cashdrop: 0, notes: 'Closed by the cashier.' } });
    expect(closed.ok()).toBe(true);

    await page.goto(`/${business}/drawer/${shiftId}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Shift of / })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add a finance' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Reopen the shift' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Reopen this shift?' });
    // A reason is required.
    await dialog.getByRole('button', { name: 'Reopen the shift' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Recount: a $20 note was in the safe bag');
    await dialog.getByRole('button', { name: 'Reopen the shift' }).click();
    await expect(page.getByText('Shift reopened.').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close the drawer' })).toBeVisible();
    const log = page.getByRole('table', { name: /^Drawer log of the shift/ });
    const reopen = log.getByRole('row').filter({ hasText: 'Reopened the shift: Recount: a $20 note was in the safe bag' });
    await expect(reopen).toContainText('Olivia Laurent');
    await expect(log.getByRole('row').filter({ hasText: 'Closed the drawer' })).toHaveCount(1);
    expect((await shiftOf(page, business, shiftId)).status).toBe('OPEN');
    await expectNoSeriousA11yViolations(page);
  });
});

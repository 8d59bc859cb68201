import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

/**
 * The appointments view (issue 12): a manager of Luxe Los Angeles opens a day, sees a column per
 * staff member with their published shift, finds a booking outside a shift (flagged in words, and
 * in the list of flagged ones), moves between bookings by keyboard, and switches to the week.
 */

const LA = 1;
const ZONE = 'America/Los_Angeles';
test.use({ viewport: { width: 1366, height: 900 } });

interface ViewAnswer {
  holidays: { day: string }[];
  resources: { id: number; display_name: string; shifts: { start_time: string; end_time: string }[] }[];
  appointments: { id: number; staff_id: number; customer_name: string; start_time: string; end_time: string; flag: { kind: string } | null }[];
}

const todayIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The view of a day as the server sends it (the page's own session). */
async function viewOf(page: Page, day: string): Promise<ViewAnswer> {
  const response = await page.request.get(`/protected/business/${LA}/appointments/taskresourcemap?start=${day}&end=${day}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: ViewAnswer }).data;
}

test('a manager reads a day by staff with their shifts, finds a booking outside a shift, and switches to the week', async ({ page }) => {
  await signIn(page, 'manager');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Appointments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();

  // The demo keeps one booking outside the shifts on each published day: the first coming day that has one outside a shift.
  const today = todayIn(ZONE);
  let day = '';
  let view: ViewAnswer | null = null;
  for (let n = 1; n <= 7 && !view; n++) {
    const candidate = await viewOf(page, addDays(today, n));
    if (candidate.holidays.length === 0 && candidate.appointments.some((a) => a.flag?.kind === 'outside-shift')) [day, view] = [addDays(today, n), candidate];
  }
  if (!view) throw new Error('no coming day has a booking outside a shift');

  await page.getByLabel('Day', { exact: true }).fill(day);
  await expect(page).toHaveURL(new RegExp(`day=${day}`));
  const grid = page.getByRole('group', { name: /^Appointments on / });
  await expect(grid).toBeVisible();

  // A column per staff member shown in appointments, each saying its shift.
  const shifts = grid.getByTestId('column-shift');
  await expect(shifts).toHaveCount(view.resources.length);
  expect(await shifts.allInnerTexts()).toEqual(view.resources.map((r) => (r.shifts.length > 0 ? r.shifts.map((s) => `${s.start_time}–${s.end_time}`).join(', ') : 'No shift')));
  for (const r of view.resources) await expect(grid.getByText(r.display_name, { exact: true })).toBeVisible();

  // The booking outside a shift: flagged in words on its block and in the list of flagged ones.
  const outside = view.appointments.find((a) => a.flag?.kind === 'outside-shift')!;
  const staffName = view.resources.find((r) => r.id === outside.staff_id)!.display_name;
  const block = grid.getByRole('button', { name: new RegExp(`^${escape(`${outside.start_time}–${outside.end_time}, ${outside.customer_name}`)}.*with ${escape(staffName)}.*Flagged: Outside this staff member’s published shift\\.$`) });
  await expect(block).toBeVisible();
  await expect(block).toContainText('Outside the shift');
  const flaggedList = page.getByRole('list', { name: 'Flagged appointments' });
  const item = flaggedList.getByRole('listitem').filter({ hasText: `${outside.start_time}–${outside.end_time}` }).filter({ hasText: staffName });
  await expect(item).toContainText('Outside the shift');
  await expectNoSeriousA11yViolations(page);

  // From the list to the block, then along the day by keyboard; Enter shows what it is.
  await item.getByRole('button', { name: /^Show / }).click();
  await expect(block).toBeFocused();
  await page.keyboard.press('Enter');
  const selected = page.getByRole('region', { name: 'Selected appointment' });
  await expect(selected).toContainText(outside.customer_name);
  await expect(selected).toContainText('Outside this staff member’s published shift.');
  const column = view.appointments.filter((a) => a.staff_id === outside.staff_id).sort((a, b) => a.start_time.localeCompare(b.start_time) || a.id - b.id);
  const next = column[column.findIndex((a) => a.id === outside.id) + 1];
  if (next) {
    await page.keyboard.press('ArrowDown');
    await expect(page.locator(':focus')).toHaveAttribute('aria-label', new RegExp(`^${escape(`${next.start_time}–${next.end_time}, ${next.customer_name}`)}`));
  }

  // The week: per staff member per day; the day's flagged cell opens the day again.
  await page.getByRole('radio', { name: 'Week' }).click();
  await expect(page).toHaveURL(/view=week/);
  const week = page.getByRole('table', { name: /^Appointments, / });
  await expect(week).toBeVisible();
  await expect(week.getByRole('row')).toHaveCount(view.resources.length + 1);
  const cell = week.getByRole('button', { name: new RegExp(`^${escape(staffName)}, \\w{3} \\w{3} \\d+: .*flagged\\. Open the day\\.$`) }).first();
  await expect(cell).toBeVisible();
  await expect(page.getByRole('list', { name: 'Flagged appointments' }).getByRole('listitem').filter({ hasText: outside.customer_name }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await week.getByRole('button', { name: new RegExp(`^${escape(staffName)}, ${escape(dayShort(day))}: `) }).click();
  await expect(page).toHaveURL(new RegExp(`view=day&day=${day}`));
  await expect(page.getByRole('group', { name: /^Appointments on / }).getByRole('button', { name: new RegExp(`^${escape(`${outside.start_time}–${outside.end_time}, ${outside.customer_name}`)}`) })).toBeVisible();
});

test('on a phone the day is a list by staff member, flagged bookings saying why', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'manager');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  const day = addDays(todayIn(ZONE), 1);
  const view = await viewOf(page, day);
  await page.goto(`/${LA}/appointments?day=${day}`);
  const list = page.getByRole('region', { name: 'Appointments by staff member' });
  await expect(list).toBeVisible();
  await expect(page.getByRole('group', { name: /^Appointments on / })).toBeHidden();
  await expect(list.getByRole('heading', { level: 3 })).toHaveText(view.resources.map((r) => r.display_name));
  const flagged = view.appointments.filter((a) => a.flag !== null).length;
  await expect(list.locator('[data-flag]')).toHaveCount(flagged);
  await expectNoSeriousA11yViolations(page);
});

/** `2026-03-09` → `Mon Mar 9`, as the week's cells name their day. */
function dayShort(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  return `${d.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' })} ${d.toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' })} ${d.getUTCDate()}`;
}

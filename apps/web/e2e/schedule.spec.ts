import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

// Journeys change schedules only in weeks far from today, each test its own weeks (or its own
// location), so they run in any order and at the same time: one failing never skips another.
// "Publish drafts" publishes only the drafts its confirmation counted.

async function openSchedule(page: Page, username = 'manager@salondesk.demo') {
  await signIn(page, username);
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.getByRole('link', { name: 'Schedule', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
}

/** Weeks of this journey's own, two per run: a repetition (`--repeat-each`) never meets the shifts of an earlier one. */
const ownWeeks = (base: number) => base + 2 * test.info().repeatEachIndex;

/** A day `weeks` weeks from today (UTC); the scheduler shows the week that contains it. */
const weeksFromToday = (weeks: number) => new Date(Date.now() + weeks * 7 * 86_400_000).toISOString().slice(0, 10);

/** Opens the week `weeks` weeks ahead by its address (`?start=`), as a link or a reload would, in `mode`. */
async function openWeek(page: Page, weeks: number, mode: 'Published' | 'Edit draft' | 'Template' = 'Edit draft', business?: number) {
  const id = business ?? Number(new URL(page.url()).pathname.split('/')[1]);
  await page.goto(`/${id}/schedule?start=${weeksFromToday(weeks)}`);
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('radio', { name: mode }).click();
}

async function goWeeksAhead(page: Page, weeks: number) {
  for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Next week' }).click();
}

/** A row header's first line is the name (its scheduled hours follow). */
const nameIn = (text: string) => text.trim().split('\n')[0]?.trim() ?? '';
const firstStaffName = async (page: Page) => nameIn(await page.getByRole('rowheader').first().innerText());

test('a manager builds a draft fortnight by dialog, mouse and keyboard, sees an overlap refused, and publishes after reading what changes per week', async ({ page }) => {
  await openSchedule(page);
  await openWeek(page, ownWeeks(20));
  const name = await firstStaffName(page);
  // Columns from Sunday (the demo's week start): 0 Sunday, 1 Monday, 2 Tuesday … 7 the next Sunday.
  const addButtons = page.getByRole('button', { name: new RegExp(`^Add shift for ${escape(name)} on`) });

  // Dialog, on a Tuesday (Business Hours 09:00–19:00): a shift with the §9 defaults (10:00, nine hours).
  await addButtons.nth(2).click();
  const dialog = page.getByRole('dialog', { name: 'Add draft shift' });
  await expect(dialog.getByLabel('Start')).toHaveValue('10:00');
  await expect(dialog.getByLabel('End')).toHaveValue('19:00');
  await dialog.getByLabel('Start').fill('09:00');
  await dialog.getByLabel('End').fill('13:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const entry = page.getByRole('button', { name: new RegExp(`^${escape(name)}, .*09:00 to 13:00, draft`) });
  await expect(entry).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Drafts not published' })).toBeVisible();
  // The indicator shows as soon as the edit is sent: wait for the dialog to hand focus back before taking it.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Keyboard: one step later, then the end one step later.
  await entry.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: new RegExp(`^${escape(name)}, .*09:15 to 13:15, draft`) })).toBeVisible();
  await page.keyboard.press('Shift+ArrowRight');
  const moved = page.getByRole('button', { name: new RegExp(`^${escape(name)}, .*09:15 to 13:30, draft`) });
  await expect(moved).toBeVisible();
  await expect(moved).toBeFocused();

  // Mouse: drag the bar right by a quarter of its cell (a multiple of 15 minutes later).
  const box = (await moved.boundingBox())!;
  const cell = (await moved.locator('xpath=..').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + cell.width / 4, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByRole('button', { name: new RegExp(`^${escape(name)}, .*(1[0-3]):(00|15|30|45) to (1[4-7]):(00|15|30|45), draft`) })).toBeVisible();

  // The same person, the same day, overlapping: refused with the catalogue's message.
  await addButtons.nth(2).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Cannot Set Overlapping Schedules').first()).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // Another day by the dialog (Wednesday), and one in the second week, scrolled out of sight at this width.
  await addButtons.nth(3).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^${escape(name)}, .*10:00 to 19:00, draft`) })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await addButtons.nth(3).click();
  const second = page.getByRole('dialog', { name: 'Add draft shift' });
  await second.getByLabel('Day').selectOption({ index: 10 });
  await second.getByLabel('Start').fill('11:00');
  await second.getByLabel('End').fill('15:00');
  await second.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: new RegExp(`^${escape(name)}, .*11:00 to 15:00, draft`) })).toBeAttached();

  // Publishing asks first, week by week, naming the week that is not on screen.
  await page.getByRole('button', { name: 'Publish drafts…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Publish drafts?' });
  const weeks = confirm.getByRole('list', { name: 'What changes' }).getByRole('listitem');
  await expect(weeks).toHaveCount(2);
  await expect(weeks.nth(0)).toContainText('2 drafts published');
  await expect(weeks.nth(0)).not.toContainText('not on screen');
  await expect(weeks.nth(1)).toContainText('1 draft published');
  await expect(weeks.nth(1)).toContainText('not on screen');
  await expect(confirm).toContainText('3 drafts in 2 weeks.');
  await expectNoSeriousA11yViolations(page, '[role="alertdialog"]');
  // Keeping the drafts changes nothing.
  await confirm.getByRole('button', { name: 'Keep drafts' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('button', { name: /, draft$/ })).toHaveCount(3);
  await expect(page.getByRole('status').filter({ hasText: 'Drafts not published (3)' })).toBeVisible();

  await page.getByRole('button', { name: 'Publish drafts…' }).click();
  await page.getByRole('alertdialog', { name: 'Publish drafts?' }).getByRole('button', { name: 'Publish 3 drafts' }).click();
  await expect(page.getByText('Drafts published to schedules')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Drafts not published' })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Published' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^${escape(name)}, .*10:00 to 19:00, published`) })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^${escape(name)}, .*11:00 to 15:00, published`) })).toBeAttached();
});

test('a manager copies drafts from the master template, then clears them', async ({ page }) => {
  await openSchedule(page);
  await openWeek(page, ownWeeks(40));
  await page.getByRole('button', { name: 'Copy from template' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Copy drafts' }).click();
  await expect(page.getByText('Drafts copied from template')).toBeVisible();
  await expect(page.getByRole('button', { name: /, draft$/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Clear drafts' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clear drafts' }).click();
  await expect(page.getByText('Drafts cleared successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: /, draft$/ })).toHaveCount(0);
});

test('an owner sets a three-week rotation on a template shift', async ({ page }) => {
  await openSchedule(page, 'owner@salondesk.demo');
  // Luxe Santa Monica: no other journey touches its template.
  await page.goto(page.url().replace(/\/\d+\/schedule$/, '/3/schedule'));
  await page.getByRole('radio', { name: 'Template' }).click();
  const shift = page.getByRole('button', { name: /, template$/ }).first();
  // A click opens the shift's popover; its editor is one more.
  await shift.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Edit shift…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit shift' });
  await dialog.getByLabel('Only some weeks').check();
  await dialog.getByLabel('Every how many weeks').fill('3');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: /, template, Every 3 weeks from \d{4}-\d{2}-\d{2}$/ }).first()).toBeVisible();
  await expect(page.getByText('↻3').first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

// The whole grid in each mode, checked in a journey of its own: axe walks every cell of the
// fortnight, the costliest check of the suite, so it does not share a journey's time with building one.
test('the scheduler has no serious accessibility violations, with drafts, in the template and in its dialogs', async ({ page }) => {
  await openSchedule(page);
  await openWeek(page, ownWeeks(60));
  const name = await firstStaffName(page);
  await page.getByRole('button', { name: new RegExp(`^Add shift for ${escape(name)} on`) }).nth(1).click();
  const dialog = page.getByRole('dialog', { name: 'Add draft shift' });
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await dialog.getByLabel('Start').fill('10:00');
  await dialog.getByLabel('End').fill('14:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: new RegExp(`^${escape(name)}, .*10:00 to 14:00, draft`) })).toBeAttached();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('radio', { name: 'Template' }).click();
  await expect(page.getByRole('button', { name: /, template/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('holidays are shown in the grid and can be added', async ({ page }) => {
  await openSchedule(page, 'owner@salondesk.demo');
  await page.goto(page.url().replace(/\/\d+\/schedule$/, '/2/schedule'));
  await page.getByRole('button', { name: 'Holidays' }).click();
  const dialog = page.getByRole('dialog', { name: 'Holidays' });
  // A day of the weeks shown that is no holiday yet (a public holiday, or one an earlier run added, may be near).
  const taken = new Set(((await (await page.request.get('/protected/business/2/holidays/fetch')).json()) as { data: { day: string }[] }).data.map((h) => h.day));
  const target = [1, 2, 3, 4, 5, 6].map((n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)).find((d) => !taken.has(d));
  if (!target) throw new Error('every day of the coming week is a holiday');
  await dialog.getByLabel('Day', { exact: true }).fill(target);
  await dialog.getByLabel('Holiday name').fill('Team offsite');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.getByRole('button', { name: 'Save holidays' }).click();
  await expect(page.getByText('Successfully updated')).toBeVisible();
  const label = `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(target.slice(5, 7)) - 1]} ${Number(target.slice(8, 10))}`;
  await expect(page.getByRole('columnheader').filter({ hasText: label }).filter({ hasText: 'Holiday: Team offsite' })).toBeVisible();
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test("a manager assigns a staff member's scheduler colour from the schedule", async ({ page }) => {
  await openSchedule(page);
  // A seeded member: staff.spec adds "Journey …" members (last in the grid) and checks their colour at the same time.
  const names = (await page.getByRole('rowheader').allInnerTexts()).map((t) => t.trim().split('\n')[0]?.trim() ?? '');
  const name = names.filter((n) => !n.startsWith('Journey')).at(-1) ?? '';
  await page.getByRole('button', { name: `Scheduler colour for ${name}` }).click();
  const choice = page.getByRole('button', { name: /^Colour #/, pressed: false }).first();
  const color = ((await choice.getAttribute('aria-label')) ?? '').replace('Colour ', '');
  await choice.click();
  await expect(page.getByRole('status').filter({ hasText: 'Staff Color assigned' })).toBeVisible();

  // Saved: after a reload the palette marks the new colour as the member's.
  await page.reload();
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('button', { name: `Scheduler colour for ${name}` }).click();
  await expect(page.getByRole('button', { name: `Colour ${color}` })).toHaveAttribute('aria-pressed', 'true');
});

test('a manager clears all shifts of one staff member from the row, by keyboard, and reads it in the activity log', async ({ page }) => {
  // A staff member of this journey's own in Luxe New York, so no other journey's rows change.
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const fullName = `Clearall ${unique}`;
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto(page.url().replace(/\/\d+\/home$/, '/2/staff'));
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const add = page.getByRole('dialog', { name: 'Add staff member' });
  await add.getByLabel('Name', { exact: true }).fill(`Clearall${unique}`);
  await add.getByLabel('Full name').fill(fullName);
  await add.getByLabel('Username').fill(`clearall.${unique}`);
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Successfully added')).toBeVisible();

  await page.goto(page.url().replace(/\/2\/staff.*$/, '/2/schedule'));
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('radio', { name: 'Edit draft' }).click();
  // Weeks ahead where the demo has no drafts (only this journey's row changes here).
  await goWeeksAhead(page, 4);
  const rowName = nameIn(await page.getByRole('rowheader').filter({ hasText: fullName }).innerText());
  await page.getByRole('button', { name: new RegExp(`^Add shift for ${escape(rowName)} on`) }).nth(2).click();
  const dialog = page.getByRole('dialog', { name: 'Add draft shift' });
  await dialog.getByLabel('Start').fill('09:00');
  await dialog.getByLabel('End').fill('13:00');
  await dialog.getByRole('button', { name: 'Save' }).click();

  // A four-hour bar is narrow: it shows the compact times, its name says them in full.
  const bar = page.getByRole('button', { name: new RegExp(`^${escape(rowName)}, .*09:00 to 13:00, draft$`) });
  await expect(bar).toBeVisible();
  await expect.poll(() => bar.innerText()).toBe('9–13');
  const indicator = page.getByRole('status').filter({ hasText: 'Drafts not published' });
  await expect(indicator).toBeVisible();

  // The indicator follows the week shown: off in a week without drafts, on again in this one.
  await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByRole('button', { name: /, draft$/ })).toHaveCount(0);
  await expect(indicator).toHaveCount(0);
  await page.getByRole('button', { name: 'Previous week', exact: true }).click();
  await page.getByRole('button', { name: 'Previous week', exact: true }).click();
  await expect(bar).toBeVisible();
  await expect(indicator).toBeVisible();

  // Clear all, by keyboard: the confirmation names what goes.
  await page.getByRole('button', { name: `Clear all shifts for ${rowName}…` }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: `Clear all shifts for ${rowName}?` });
  await expect(confirm).toContainText('not only what this mode shows');
  const removed = confirm.getByRole('list', { name: 'What is removed' }).getByRole('listitem');
  await expect(removed.first()).toContainText(/Drafts from \w{3} \d+ on\s*1 in the weeks shown/);
  await expect(removed.filter({ hasText: 'Template shifts' })).toContainText('0 shifts');
  await expect(removed.filter({ hasText: 'Published shifts' })).toContainText('0 in the weeks shown');
  await expectNoSeriousA11yViolations(page);
  const confirmButton = confirm.getByRole('button', { name: 'Clear all shifts' });
  for (let i = 0; i < 4 && !(await confirmButton.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(confirmButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Cleared 1 shift for ${rowName}.`)).toBeVisible();
  await expect(bar).toHaveCount(0);
  await expect(indicator).toHaveCount(0);

  // The activity log: newest first, who and when, the staff member named.
  await page.getByRole('button', { name: 'Activity' }).click();
  const drawer = page.getByRole('dialog', { name: 'Schedule activity' });
  await expect(drawer).toContainText('times in America/New_York');
  const entries = drawer.getByRole('list', { name: 'Schedule activity' }).getByRole('listitem');
  const cleared = entries.filter({ hasText: `Cleared every schedule of ${fullName}` });
  const added = entries.filter({ hasText: new RegExp(`Added draft \\d{4}-\\d{2}-\\d{2} 09:00–13:00 for ${escape(fullName)}`) });
  await expect(cleared).toHaveCount(1);
  await expect(added).toHaveCount(1);
  await expect(cleared).toContainText(/Olivia Laurent · \w{3}, \w{3} \d+, \d{4}, \d{2}:\d{2} E[SD]T/);
  const texts = await entries.allInnerTexts();
  const at = (needle: string) => texts.findIndex((t) => t.includes(needle));
  expect(at(`Cleared every schedule of ${fullName}`)).toBeLessThan(at(`09:00–13:00 for ${fullName}`));
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
});

test('a manager republishes from the templates after reading what changes per week; cancelling changes nothing', async ({ page }) => {
  await openSchedule(page);
  // What the server holds, read as the dashboard does: the published shifts of the horizon and the activity log.
  const horizon = async () =>
    ((await (await page.request.get(`/protected/business/1/schedule/get/dynamic?start=${weeksFromToday(0)}&days=28`)).json()) as { data: { schedules: { id: number }[] } }).data.schedules
      .map((e) => e.id)
      .sort((a, b) => a - b);
  const republished = async () =>
    ((await (await page.request.get('/protected/business/1/activity/schedule?limit=200')).json()) as { data: { action: string }[] }).data.filter((a) => a.action === 'republish').length;
  const [idsBefore, logBefore] = [await horizon(), await republished()];

  await page.getByRole('button', { name: 'Republish from templates (4 weeks)…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Republish from templates?' });
  const weeks = confirm.getByRole('list', { name: 'What changes' }).getByRole('listitem');
  await expect(weeks.first()).toContainText(/\d+ shifts? created, \d+ template-made shifts? replaced/);
  expect(await weeks.count()).toBeGreaterThanOrEqual(4);
  // The horizon runs four weeks from today: the weeks after the fortnight shown are named as not on screen.
  await expect(weeks.last()).toContainText('not on screen');
  await expect(confirm).toContainText(/\d+ shifts created and \d+ template-made shifts replaced, in \d weeks\./);
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  expect(await horizon()).toEqual(idsBefore);
  expect(await republished()).toBe(logBefore);

  await page.getByRole('button', { name: 'Republish from templates (4 weeks)…' }).click();
  await confirm.getByRole('button', { name: 'Republish', exact: true }).click();
  await expect(page.getByText('Schedule published for the next 4 weeks')).toBeVisible();
  expect(await republished()).toBe(logBefore + 1);
});

test('the store hours follow the Business Hours of each day, and the screen says where they come from', async ({ page }) => {
  // Lotus Sydney: only this journey changes its hours and its drafts.
  await signIn(page, 'lotus@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto('/5/settings');
  await page.getByLabel('Monday opens').fill('11:00');
  await page.getByLabel('Monday closes').fill('16:00');
  await page.getByRole('button', { name: 'Save business hours' }).click();
  await expect(page.getByText('Setting Updated Successfully')).toBeVisible();

  await page.goto('/5/schedule');
  await expect(page.getByRole('table')).toBeVisible();
  const headers = page.getByRole('columnheader');
  await expect(headers.filter({ hasText: /^Mon/ }).first()).toContainText('11:00–16:00');
  await expect(headers.filter({ hasText: /^Sun/ }).first()).toContainText('Closed · 07:00–22:00');
  const note = page.getByTestId('store-hours-note');
  await expect(note).toContainText('Store hours follow Business Hours (Settings): Mon 11:00–16:00');
  await expect(note).toContainText("Sun closed in Business Hours: the schedule's store hours 07:00–22:00 apply.");

  // A shift asked for 09:00–20:00 on a Monday is kept within that Monday's hours.
  await openWeek(page, 30, 'Edit draft', 5);
  const name = await firstStaffName(page);
  await page.getByRole('button', { name: new RegExp(`^Add shift for ${escape(name)} on Mon`) }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add draft shift' });
  await expect(dialog.getByLabel('Start')).toHaveValue('11:00');
  await expect(dialog.getByLabel('End')).toHaveValue('16:00');
  await dialog.getByLabel('Start').fill('09:00');
  await dialog.getByLabel('End').fill('20:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^${escape(name)}, Mon .*11:00 to 16:00, draft$`) })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Clear drafts' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clear drafts' }).click();
  await expect(page.getByRole('button', { name: /, draft$/ })).toHaveCount(0);
});

test('the week starts on the day the schedule settings say, in the weekly view and in the template', async ({ page }) => {
  // Lotus Kathmandu: only this journey changes its schedule settings.
  await signIn(page, 'lotus@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto('/4/schedule');
  await expect(page.getByRole('table')).toBeVisible();
  const firstDay = page.getByRole('columnheader').nth(1);

  for (const [day, short] of [
    ['Monday', 'Mon'],
    ['Sunday', 'Sun'],
  ] as const) {
    await page.getByRole('button', { name: 'Schedule settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule settings' });
    await dialog.getByLabel('Week starts on').selectOption({ label: day });
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Successfully updated').first()).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('radio', { name: 'Published' }).click();
    await expect(firstDay).toContainText(new RegExp(`^${short}`));
    // The week shown is in the address from its first day: a reload opens the same week.
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(page).toHaveURL(/\?start=\d{4}-\d{2}-\d{2}$/);
    await page.reload();
    await expect(firstDay).toContainText(new RegExp(`^${short}`));
    await page.getByRole('radio', { name: 'Template' }).click();
    await expect(firstDay).toContainText(day);
  }
});

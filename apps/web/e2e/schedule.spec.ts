import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

// Journeys change schedules only in weeks far from today, each test its own weeks; serial so
// "Publish drafts" of one never meets another's drafts.
test.describe.configure({ mode: 'serial' });

async function openSchedule(page: Page, username = 'manager@salondesk.demo') {
  await signIn(page, username);
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.getByRole('link', { name: 'Schedule' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
}

async function goWeeksAhead(page: Page, weeks: number) {
  for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Next week' }).click();
}

const firstStaffName = async (page: Page) => ((await page.getByRole('rowheader').first().innerText()) || '').trim();

test('a manager builds a draft week by dialog, mouse and keyboard, sees an overlap refused, and publishes', async ({ page }) => {
  // The longest journey (twenty weeks of navigation, two accessibility scans): room for a busy machine.
  test.setTimeout(60_000);
  await openSchedule(page);
  await page.getByRole('radio', { name: 'Edit draft' }).click();
  await goWeeksAhead(page, 20);
  const name = await firstStaffName(page);
  const addButtons = page.getByRole('button', { name: new RegExp(`^Add shift for ${escape(name)} on`) });

  // Dialog: a shift with the §9 defaults (10:00, nine hours).
  await addButtons.nth(1).click();
  const dialog = page.getByRole('dialog', { name: 'Add draft shift' });
  await expect(dialog.getByLabel('Start')).toHaveValue('10:00');
  await expect(dialog.getByLabel('End')).toHaveValue('19:00');
  await dialog.getByLabel('Start').fill('09:00');
  await dialog.getByLabel('End').fill('13:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const entry = page.getByRole('button', { name: new RegExp(`^${escape(name)}, .*09:00 to 13:00, draft`) });
  await expect(entry).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved drafts' })).toBeVisible();
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
  await addButtons.nth(1).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Cannot Set Overlapping Schedules').first()).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // Another day by the dialog, then publish.
  await addButtons.nth(2).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^${escape(name)}, .*10:00 to 19:00, draft`) })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Publish drafts' }).click();
  await expect(page.getByText('Drafts published to schedules')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved drafts' })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Published' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^${escape(name)}, .*10:00 to 19:00, published`) })).toBeVisible();
});

test('a manager copies drafts from the master template, then clears them', async ({ page }) => {
  await openSchedule(page);
  await page.getByRole('radio', { name: 'Edit draft' }).click();
  await goWeeksAhead(page, 24);
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
  await shift.click();
  const dialog = page.getByRole('dialog', { name: 'Edit shift' });
  await dialog.getByLabel('Only some weeks').check();
  await dialog.getByLabel('Every how many weeks').fill('3');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: /, template, Every 3 weeks from \d{4}-\d{2}-\d{2}$/ }).first()).toBeVisible();
  await expect(page.getByText('↻3').first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('holidays are shown in the grid and can be added', async ({ page }) => {
  await openSchedule(page, 'owner@salondesk.demo');
  await page.goto(page.url().replace(/\/\d+\/schedule$/, '/2/schedule'));
  await page.getByRole('button', { name: 'Holidays' }).click();
  const dialog = page.getByRole('dialog', { name: 'Holidays' });
  const target = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('Day', { exact: true }).fill(target);
  await dialog.getByLabel('Holiday name').fill('Team offsite');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.getByRole('button', { name: 'Save holidays' }).click();
  await expect(page.getByText('Successfully updated')).toBeVisible();
  await expect(page.getByRole('columnheader').filter({ hasText: 'Holiday: Team offsite' })).toBeVisible();
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
  test.setTimeout(60_000);
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
  await expect(page.getByText('Employee updated successfully.')).toBeVisible();

  await page.goto(page.url().replace(/\/2\/staff.*$/, '/2/schedule'));
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('radio', { name: 'Edit draft' }).click();
  // Weeks ahead where the demo has no drafts (only this journey's row changes here).
  await goWeeksAhead(page, 4);
  const rowName = ((await page.getByRole('rowheader').filter({ hasText: fullName }).innerText()) || '').trim();
  await page.getByRole('button', { name: new RegExp(`^Add shift for ${escape(rowName)} on`) }).nth(2).click();
  const dialog = page.getByRole('dialog', { name: 'Add draft shift' });
  await dialog.getByLabel('Start').fill('09:00');
  await dialog.getByLabel('End').fill('13:00');
  await dialog.getByRole('button', { name: 'Save' }).click();

  // A four-hour bar is narrow: it shows the compact times, its name says them in full.
  const bar = page.getByRole('button', { name: new RegExp(`^${escape(rowName)}, .*09:00 to 13:00, draft$`) });
  await expect(bar).toBeVisible();
  await expect.poll(() => bar.innerText()).toBe('9–13');
  const indicator = page.getByRole('status').filter({ hasText: 'Unsaved drafts' });
  await expect(indicator).toBeVisible();

  // The indicator follows the week shown: off in a week without drafts, on again in this one.
  await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByRole('button', { name: /, draft$/ })).toHaveCount(0);
  await expect(indicator).toHaveCount(0);
  await page.getByRole('button', { name: 'Previous week' }).click();
  await page.getByRole('button', { name: 'Previous week' }).click();
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

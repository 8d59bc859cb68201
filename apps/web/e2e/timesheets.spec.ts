import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

/** A day of Los Angeles (Santa Monica's zone) `back` days before today. */
const dayBefore = (back: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  const at = new Date(`${today}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() - back);
  return at.toISOString().slice(0, 10);
};
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a manager corrects a forgotten clock-out with a reason and sees the original kept, and the activity says why', async ({ page }) => {
  // Luxe Santa Monica; each repeat of this journey takes a day of its own, two or more days back.
  const day = dayBefore(2 + test.info().repeatEachIndex);
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto(`/3/timesheets?day=${day}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff timesheets' })).toBeVisible();
  // Early in a pay period the day may lie in the one just closed: the manager reopens it first, as the screen says.
  const closedNotice = page.getByText(/is in a closed pay period/);
  const table = page.getByRole('table', { name: /^Slots of/ });
  await expect(table.or(page.getByRole('heading', { name: /^No timesheet on/ }))).toBeVisible();
  if (await closedNotice.isVisible()) {
    await page.goto('/3/payroll');
    await page.getByRole('button', { name: 'Previous pay period' }).click();
    const reopenButton = page.getByRole('button', { name: 'Reopen this pay period' });
    await expect(reopenButton.or(page.getByRole('button', { name: 'Close this pay period' }))).toBeVisible();
    if (await reopenButton.isVisible()) {
      await reopenButton.click();
      const reopened = page.waitForResponse((r) => r.url().endsWith('/payrollinfo/update'));
      await page.getByRole('alertdialog', { name: 'Reopen this pay period?' }).getByRole('button', { name: 'Reopen pay period' }).click();
      expect((await reopened).ok()).toBe(true);
    }
    await page.goto(`/3/timesheets?day=${day}`);
    await expect(table.or(page.getByRole('heading', { name: /^No timesheet on/ }))).toBeVisible();
    await expect(closedNotice).toHaveCount(0);
  }
  await expectNoSeriousA11yViolations(page);
  const working = (await table.count()) > 0 ? await table.innerText() : '';

  // The paper sheet: someone who is not on the day's timesheet worked from 09:00 and clocked out only the next morning.
  await page.getByRole('button', { name: 'Edit day' }).click();
  const dialog = page.getByRole('dialog', { name: /^Timesheet of/ });
  // Opened, the day's slots as the clock recorded them (to the second) count as no change.
  await expect(dialog.getByText('No changes', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add a slot' }).click();
  const staff = dialog.getByLabel('Staff');
  const options = (await staff.locator('option').allInnerTexts()).filter((name) => name !== 'Choose…' && !working.includes(name));
  const name = options[0] as string;
  expect(name).toBeTruthy();
  await staff.selectOption({ label: name });
  await dialog.getByLabel('Clock-in').last().fill('09:00');
  await dialog.getByLabel('Clock-out').last().fill('07:30');
  await expect(dialog.getByText('On the next day', { exact: true })).toBeVisible();
  // Nothing is saved without a reason.
  await dialog.getByRole('button', { name: 'Save the day' }).click();
  await expect(dialog.getByText('Say why the timesheet changes')).toBeVisible();
  await expect(page.getByText('Successfully updated timesheet')).toHaveCount(0);
  await dialog.getByLabel('Reason').fill('Entered from the paper sheet');
  await dialog.getByRole('button', { name: 'Save the day' }).click();
  await expect(page.getByText('Successfully updated timesheet')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('07:30 AM (next day)');

  // The correction: they left at 6 PM.
  await page.getByRole('button', { name: 'Edit day' }).click();
  await expect(dialog.getByText('No changes', { exact: true })).toBeVisible();
  const slot = dialog.getByRole('group', { name: new RegExp(`^${escape(name)}`) });
  await slot.getByLabel('Clock-out').fill('18:00');
  await dialog.getByLabel('Reason').fill('Forgot to clock out; left at 6 PM');
  await expect(dialog.getByText('1 corrected')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Save the day' }).click();
  await expect(page.getByText('Successfully updated timesheet')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The corrected times, with the times first recorded kept beside them.
  await expect(row).toContainText('06:00 PM');
  await expect(row).toContainText('9.00');
  await expect(row).toContainText('Corrected');
  await expect(row).toContainText('09:00 AM – 07:30 AM (next day)');
  // The activity says who did it, what changed and why.
  const activity = page.getByRole('list', { name: 'Timesheet activity' });
  await expect(activity.getByText(`Corrected ${name}’s slot`)).toContainText('09:00 AM – 07:30 AM (next day) → 09:00 AM – 06:00 PM. Reason: Forgot to clock out; left at 6 PM');
  await expect(activity.getByRole('listitem').filter({ hasText: `Corrected ${name}’s slot` })).toContainText('Olivia Laurent');

  // The range view lists the day with it; the daily report opens the same day.
  await page.getByRole('radio', { name: 'Range' }).click();
  await expect(page).toHaveURL(/view=range/);
  await page.goto(`/3/reports/daily/timesheets?day=${day}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Timesheets' })).toBeVisible();
  await expect(page.getByRole('table', { name: /^Slots of/ }).getByRole('row').filter({ hasText: name })).toContainText('Corrected');
  await expectNoSeriousA11yViolations(page);
});

import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a manager sets a clock PIN on a profile, and the member clocks in and out with it on the staff clock', async ({ page }) => {
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);

  // Luxe New York's clock: someone who is clocked out.
  await page.goto('/2/clock');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff clock' })).toBeVisible();
  const who = page.getByRole('region', { name: 'Who are you?' });
  const out = who.getByRole('button').filter({ hasText: /Clocked out|No PIN yet/ }).first();
  await expect(out).toBeVisible();
  const name = (await out.locator('span').first().innerText()).trim();
  // Whoever forgot to clock out days ago (the demo has one): since when, with the day, and past the usual clock-out.
  const forgotten = who.getByRole('button').filter({ hasText: 'Past the usual clock-out' }).first();
  await expect(forgotten).toContainText(/Clocked in since (Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} [AP]M/);
  await expectNoSeriousA11yViolations(page);

  // A new PIN on their profile (never "1234"-like; a wrong one later counts against the address, so just one).
  const pin = `70${String(10 + Math.floor(Math.random() * 90))}`;
  await page.goto('/2/staff');
  await page.getByRole('link', { name: new RegExp(`^${escape(name)}`) }).first().click();
  const section = page.getByRole('region', { name: 'Clock PIN' });
  await section.getByLabel(/PIN$/).fill('1234');
  await section.getByRole('button', { name: 'Save PIN' }).click();
  await expect(section.getByText('Choose a PIN that is not a run like 1234 or 1111.')).toBeVisible();
  await section.getByLabel(/PIN$/).fill(pin);
  await section.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText('Clock PIN saved.')).toBeVisible();
  await expect(section.getByTestId('clock-pin-state')).toContainText('PIN set');

  // At the clock: a wrong PIN is refused and nothing is recorded; the right one clocks in.
  await page.getByRole('link', { name: 'Staff clock' }).first().click();
  await expect(page).toHaveURL(/\/2\/clock$/);
  await who.getByRole('button', { name: new RegExp(`^${escape(name)}`) }).click();
  const panel = page.getByRole('region', { name });
  const field = panel.getByLabel(`PIN for ${name}`);
  await expect(field).toBeFocused();
  await field.fill('0909');
  await panel.getByRole('button', { name: 'Clock in' }).click();
  await expect(panel.getByRole('alert')).toHaveText('That PIN is not right. Try again, or ask a manager to set a new one.');
  await expect(field).toHaveValue('');
  // The keypad, as on a touch screen.
  for (const digit of pin) await panel.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: digit, exact: true }).click();
  await panel.getByRole('button', { name: 'Clock in' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} clocked in at` }).first()).toBeVisible();
  await expect(who.getByRole('button', { name: new RegExp(`^${escape(name)}`) })).toContainText('Clocked in since');
  await expectNoSeriousA11yViolations(page);

  // Then out again, by keyboard.
  await who.getByRole('button', { name: new RegExp(`^${escape(name)}`) }).click();
  await expect(panel.getByLabel(`PIN for ${name}`)).toBeFocused();
  await page.keyboard.type(pin);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: new RegExp(`${escape(name)} clocked out at .* after `) }).first()).toBeVisible();
  await expect(who.getByRole('button', { name: new RegExp(`^${escape(name)}`) })).toContainText('Clocked out');

  // The timesheet has it, and its activity says the staff clock did it.
  await page.goto('/2/timesheets');
  const activity = page.getByRole('list', { name: 'Timesheet activity' });
  await expect(activity.getByRole('listitem').filter({ hasText: `${name} clocked out at` }).first()).toContainText('Staff clock');
  await expect(activity.getByRole('listitem').filter({ hasText: `${name} clocked in at` }).first()).toBeVisible();
});

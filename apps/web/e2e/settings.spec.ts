import { expect, type Locator, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, openAsAdmin, signIn } from './support';

/** The values of a list of fields, in order. */
const values = (fields: Locator) => fields.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

// Luxe Santa Monica's hours are changed only by this spec.
test('an owner edits the business hours of a location', async ({ page }) => {
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto('/3/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Business settings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Business Hours' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Misc. Settings' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const sunday = page.getByRole('group', { name: 'Sunday' });
  await sunday.getByRole('checkbox', { name: 'Open' }).check();
  await page.getByLabel('Sunday opens').fill('11:00');
  await page.getByLabel('Sunday closes').fill('16:30');
  // A day that closes before it opens cannot be saved.
  await page.getByLabel('Saturday closes').fill('08:00');
  await expect(page.getByRole('alert').filter({ hasText: 'Each open day needs an opening time before its closing time.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save business hours' })).toBeDisabled();
  await page.getByLabel('Saturday closes').fill('18:00');
  await page.getByRole('button', { name: 'Save business hours' }).click();
  await expect(page.getByText('Setting Updated Successfully')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Sunday opens')).toHaveValue('11:00');
  await expect(page.getByLabel('Sunday closes')).toHaveValue('16:30');
  await expect(page.getByLabel('Saturday closes')).toHaveValue('18:00');
});

test('a malformed value is refused with a clear message', async ({ page }) => {
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto('/3/settings');
  await page.getByRole('textbox', { name: 'Booking lead time (hours)' }).fill('12,5');
  await page.getByRole('button', { name: 'Save Booking lead time (hours)' }).click();
  await expect(page.getByText('This setting must be a number, for example 12.5.').first()).toBeVisible();
  // A list item that is not a percentage says so beside it, and nothing is saved.
  const tips = page.getByRole('group', { name: 'Tip suggestions' });
  await tips.getByRole('textbox', { name: 'Tip suggestions, item 1' }).fill('ten');
  await page.getByRole('button', { name: 'Save Tip suggestions' }).click();
  await expect(tips.getByText('Each item is a percentage from 0 to 100, for example 15 or 12.5.')).toBeVisible();
  await expect(tips.getByRole('textbox', { name: 'Tip suggestions, item 1' })).toHaveAttribute('aria-invalid', 'true');
});

test('tip percentages edited with the list editor (add, remove, reorder) survive a reload', async ({ page }) => {
  // A location per repeat of this journey (Los Angeles, New York, Santa Monica): no run saves over another's list.
  const businessId = [1, 2, 3][test.info().repeatEachIndex % 3];
  const mine = String(30 + Math.floor(Math.random() * 60)) + '.5';
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto(`/${businessId}/settings`);
  const tips = page.getByRole('group', { name: 'Tip suggestions' });
  const fields = tips.getByRole('textbox');
  await expect(fields.first()).toBeVisible();
  // Start from two items: remove the others.
  while ((await fields.count()) > 2) await tips.getByRole('button', { name: /^Remove Tip suggestions, item \d+$/ }).last().click();
  await fields.nth(0).fill('18');
  await fields.nth(1).fill('10');
  await tips.getByRole('button', { name: 'Add an item' }).click();
  // The new item has focus: type into it.
  await expect(tips.getByRole('textbox', { name: 'Tip suggestions, item 3' })).toBeFocused();
  await page.keyboard.type(`${mine}%`);
  // Move it to the top with the keyboard: focus follows the moved item.
  await tips.getByRole('button', { name: 'Move Tip suggestions, item 3 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(tips.getByRole('button', { name: 'Move Tip suggestions, item 2 up' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => values(fields)).toEqual([`${mine}%`, '18', '10']);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save Tip suggestions' }).click();
  await expect(page.getByText('Setting Updated Successfully')).toBeVisible();

  await page.reload();
  await expect.poll(() => values(page.getByRole('group', { name: 'Tip suggestions' }).getByRole('textbox'))).toEqual([mine, '18', '10']);
});

test('leaving the settings with unsaved changes asks first, in the app and when closing the tab', async ({ page }) => {
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto('/3/settings');
  const footer = page.getByRole('textbox', { name: 'Receipt footer' });
  await expect(footer).toBeVisible();
  // Nothing changed yet: going elsewhere does not ask.
  await page.getByRole('link', { name: 'Staff' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await page.goBack();
  await footer.fill(`Unsaved ${Date.now().toString(36)}`);

  await page.getByRole('link', { name: 'Staff' }).first().click();
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(ask).toContainText('Changes on this page are not saved yet.');
  await expectNoSeriousA11yViolations(page);
  await ask.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL(/\/3\/settings$/);
  await expect(footer).toHaveValue(/^Unsaved /);

  // Closing the tab: the browser asks (its own dialog); dismissed, the page stays.
  const question = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await question;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(footer).toHaveValue(/^Unsaved /);

  await page.getByRole('link', { name: 'Staff' }).first().click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
});

test('an admin adds a setting type visible to admins only; the owner and the manager do not see it', async ({ browser }) => {
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const name = `JOURNEY_SECRET_${unique}`;
  const pretty = `Journey secret ${unique}`;

  const admin = await openAsAdmin(browser);
  await admin.goto('/1/admin/setting-types');
  await expect(admin.getByRole('heading', { level: 1, name: 'Setting types' })).toBeVisible();
  await admin.getByRole('button', { name: 'Add setting type' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add setting type' });
  await dialog.getByLabel('Name', { exact: true }).fill(name.toLowerCase());
  await dialog.getByLabel('Pretty name').fill(pretty);
  await dialog.getByLabel('Group').fill('Journey');
  await dialog.getByLabel('Type').selectOption('bool');
  await dialog.getByLabel('Visible to').selectOption('1');
  await dialog.getByLabel('Default value').fill('true');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Added Setting Successfully')).toBeVisible();
  await expect(admin.getByText(name, { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.goto('/1/settings');
  await expect(admin.getByRole('switch', { name: pretty })).toBeVisible();
  await admin.context().close();

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, 'owner@salondesk.demo');
  await expect(owner).toHaveURL(/\/\d+\/home$/);
  await owner.goto('/1/settings');
  await expect(owner.getByRole('heading', { name: 'Business Hours' })).toBeVisible();
  await expect(owner.getByText(pretty)).toHaveCount(0);
  await expect(owner.getByRole('link', { name: 'Setting types' })).toHaveCount(0);
  await ownerContext.close();

  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, 'manager@salondesk.demo');
  await expect(manager).toHaveURL(/\/\d+\/home$/);
  await expect(manager.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await manager.goto('/1/settings');
  // Opened by its address, the section says the manager may not open it (not a failed load to try again).
  await expect(manager.getByRole('heading', { level: 1, name: 'Not authorized' })).toBeVisible();
  await expect(manager.getByText(pretty)).toHaveCount(0);
  await managerContext.close();
});

test('an admin adds and edits a system setting as JSON; malformed JSON is refused and nothing is saved', async ({ browser }) => {
  const key = `journey.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const admin = await openAsAdmin(browser);
  await admin.getByRole('link', { name: 'System settings' }).first().click();
  await expect(admin.getByRole('heading', { level: 1, name: 'System settings' })).toBeVisible();

  // Add: a malformed value is refused in the dialog.
  await admin.getByRole('button', { name: 'Add system setting' }).first().click();
  const add = admin.getByRole('dialog', { name: 'Add system setting' });
  await add.getByLabel('Key').fill(key);
  await add.getByLabel('Value (JSON)').fill('{"refresh": 60');
  await add.getByRole('button', { name: 'Continue' }).click();
  await expect(add.getByRole('alert')).toHaveText('The value is not valid JSON. Check the quotes, commas and brackets.');
  await add.getByLabel('Value (JSON)').fill('{"refresh": 60, "cards": ["sales"]}');
  await add.getByRole('button', { name: 'Continue' }).click();
  // Nothing is saved before the admin confirms.
  const confirm = admin.getByRole('alertdialog', { name: `Add ${key}?` });
  await expect(confirm.getByTestId('pending-value')).toContainText('"refresh": 60');
  await confirm.getByRole('button', { name: 'Add setting' }).click();
  await expect(admin.getByText('Setting Updated Successfully')).toBeVisible();
  const editor = admin.getByRole('region', { name: key });
  const value = editor.getByRole('textbox', { name: `Value of ${key} (JSON)` });
  await expect(value).toHaveValue(/"refresh": 60/);
  await expectNoSeriousA11yViolations(admin);

  // Edit: malformed JSON never reaches the server.
  await value.fill('{"refresh": 90,}');
  await editor.getByRole('button', { name: `Save ${key}` }).click();
  await expect(editor.getByRole('alert')).toHaveText('The value is not valid JSON. Check the quotes, commas and brackets.');
  await expect(admin.getByRole('alertdialog')).toHaveCount(0);
  await admin.reload();
  await expect(admin.getByRole('textbox', { name: `Value of ${key} (JSON)` })).toHaveValue(/"refresh": 60/);

  // A valid change, cancelled at the confirmation, is not saved either; confirmed, it is.
  await admin.getByRole('textbox', { name: `Value of ${key} (JSON)` }).fill('{"refresh": 90}');
  await admin.getByRole('button', { name: `Save ${key}` }).click();
  await admin.getByRole('alertdialog', { name: `Save ${key}?` }).getByRole('button', { name: 'Cancel' }).click();
  await admin.reload();
  await expect(admin.getByRole('textbox', { name: `Value of ${key} (JSON)` })).toHaveValue(/"refresh": 60/);
  await admin.getByRole('textbox', { name: `Value of ${key} (JSON)` }).fill('{"refresh": 90}');
  await admin.getByRole('button', { name: `Save ${key}` }).click();
  await admin.getByRole('alertdialog', { name: `Save ${key}?` }).getByRole('button', { name: 'Save setting' }).click();
  await expect(admin.getByText('Setting Updated Successfully')).toBeVisible();
  await admin.reload();
  await expect(admin.getByRole('textbox', { name: `Value of ${key} (JSON)` })).toHaveValue('{\n  "refresh": 90\n}');
  await admin.context().close();
});

test('an owner has no System settings section, and the screen refuses them', async ({ page }) => {
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await expect(page.getByRole('link', { name: 'System settings' })).toHaveCount(0);
  await page.goto('/1/admin/system-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Only platform admins can do this.' })).toBeVisible();
  // No setting is shown (a demo one is always there for admins).
  await expect(page.getByText('default-dashboard-cards')).toHaveCount(0);
});

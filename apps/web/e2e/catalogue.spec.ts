import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

test('an owner adds a category and a service to it, then retires the service', async ({ page }) => {
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const category = `Journey Brows ${unique}`;
  const service = `Lash Lift ${unique}`;
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.getByRole('link', { name: 'Catalogue' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hair' })).toBeVisible();

  await page.getByRole('button', { name: 'Add category' }).click();
  await page.getByRole('dialog').getByLabel('Category name').fill(category);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully added')).toBeVisible();
  await expect(page.getByRole('heading', { name: category })).toBeVisible();

  await page.getByRole('button', { name: `Add service to ${category}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add service' });
  await dialog.getByLabel('Service name').fill(service);
  await dialog.getByLabel('Price').fill('85.5');
  await dialog.getByLabel('Duration (minutes)').fill('50');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const section = page.getByRole('region', { name: category });
  await expect(section.getByText(service)).toBeVisible();
  // Its row in the category's services table: price, duration and status in their columns.
  const row = section.getByRole('table', { name: `Services of ${category}` }).getByRole('row').filter({ hasText: service });
  await expect(row.getByRole('rowheader')).toHaveText(service);
  await expect(row.getByRole('cell')).toHaveText(['$85.50', '50 min', 'Active', /—\s*Choose/, /Edit\s*Retire/]);
  await expectNoSeriousA11yViolations(page);

  // Its image, chosen from the media library (the demo's images are there).
  await section.getByRole('button', { name: `Choose an image for ${service}` }).click();
  const picker = page.getByRole('dialog', { name: `Image of ${service}` });
  await picker.getByRole('list', { name: 'Images of the library' }).getByRole('button').first().click();
  await picker.getByRole('button', { name: 'Use this image' }).click();
  await expect(page.getByText('Successfully updated')).toBeVisible();
  const image = row.getByRole('img', { name: `Image of ${service}` });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
  await expect(row.getByRole('button', { name: `Choose an image for ${service}` })).toHaveText('Change');

  await section.getByRole('button', { name: `Retire ${service}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retire' }).click();
  await expect(page.getByText('Successfully deleted')).toBeVisible();
  await expect(section.getByText(service)).toHaveCount(0);
});

test('a bad price is refused in the form and nothing is saved', async ({ page }) => {
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.getByRole('link', { name: 'Catalogue' }).first().click();
  await page.getByRole('button', { name: 'Add service to Spa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add service' });
  await dialog.getByLabel('Service name').fill('Never saved');
  await dialog.getByLabel('Price').fill('ten');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The field says what it wants, in the business's currency.
  await expect(dialog.getByText(/^Write the amount in figures, like \S*180 or 180\.50\.$/)).toBeVisible();
  await dialog.getByLabel('Price').fill('1,50');
  await dialog.getByLabel('Service name').click();
  await expect(dialog.getByText('Use a point before the cents and commas only between thousands, like 1,250.50.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Never saved')).toHaveCount(0);
});

test('a price typed as "$180.50" is saved as 18050 cents and shown formatted', async ({ page }) => {
  const service = `Gloss ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.getByRole('link', { name: 'Catalogue' }).first().click();
  await page.getByRole('button', { name: 'Add service to Hair' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add service' });
  await dialog.getByLabel('Service name').fill(service);
  await dialog.getByLabel('Price').fill('$180.50');
  const saved = page.waitForResponse((r) => /\/service\/add$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const answer = await saved;
  expect((answer.request().postDataJSON() as { price: number }).price).toBe(18050);
  expect(((await answer.json()) as { data: { price: number } }).data.price).toBe(18050);
  await page.reload();
  const section = page.getByRole('region', { name: 'Hair' });
  await expect(section.getByText(service)).toBeVisible();
  await expect(section.getByRole('row').filter({ hasText: service })).toContainText('$180.50');
  // Opened again, the price reads back plainly.
  await section.getByRole('button', { name: `Edit ${service}` }).click();
  await expect(page.getByRole('dialog', { name: `Edit ${service}` }).getByLabel('Price')).toHaveValue('180.50');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await section.getByRole('button', { name: `Retire ${service}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retire' }).click();
  await expect(section.getByText(service)).toHaveCount(0);
});

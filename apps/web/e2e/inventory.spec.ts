import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

/**
 * Inventory (issue 14): a manager records a DAMAGED adjustment and sees the value change, on the
 * screen and in the product's ledger. Each run adds its own product (with its own EAN-13) to Santa
 * Monica's Retail, so repeats never share a count.
 */

const SANTA_MONICA = 3;

/** A 12-digit body completed with its GS1 check digit. */
const ean13 = (body: string) => {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${body}${(10 - (sum % 10)) % 10}`;
};

/** A product of its own: 10 on hand at $9.00 each (value $90.00). */
async function freshProduct(page: Page): Promise<{ name: string; barcode: string }> {
  const unique = `${Date.now()}${Math.floor(Math.random() * 1e6)}`.slice(-11);
  const barcode = ean13(`9${unique}`);
  const name = `Journey Serum ${unique}`;
  const catalogue = (await (await page.request.get(`/protected/business/${SANTA_MONICA}/catalogue`)).json()) as { data: { id: number; name: string }[] };
  const retail = catalogue.data.find((c) => c.name === 'Retail');
  const created = await page.request.post(`/protected/business/${SANTA_MONICA}/product/add`, {
    headers: { 'x-salondesk-csrf': '1' },
    data: { category_id: retail?.id, name, price: 2400, cost: 900, stock: 10, barcode },
  });
  expect(created.ok()).toBe(true);
  return { name, barcode };
}

test('a manager records a DAMAGED adjustment and sees the value change', async ({ page }) => {
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  const product = await freshProduct(page);
  await page.goto(`/${SANTA_MONICA}/inventory`);
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();

  const table = page.getByRole('table', { name: 'Products by category order' });
  const row = table.getByRole('row').filter({ hasText: product.name });
  // Typing filters; a scanner's code and Enter open the product.
  const search = page.getByLabel('Find a product');
  await search.fill(product.name);
  await expect(row).toContainText('10 each');
  await expect(row).toContainText('$90.00');
  await search.fill(product.barcode);
  await search.press('Enter');

  const dialog = page.getByRole('dialog', { name: `Adjust ${product.name}` });
  await expect(dialog.getByLabel('Reason')).toBeVisible();
  await dialog.getByLabel('Reason').selectOption('DAMAGED');
  await expect(dialog.getByText('Removes the quantity as damaged: stock value falls by quantity × cost (a write-off).')).toBeVisible();
  await dialog.getByLabel('Quantity (each)').fill('2');
  await dialog.getByLabel('Note').fill('Dropped on delivery');
  const preview = dialog.getByTestId('adjust-preview');
  await expect(preview).toContainText('On hand 10 each → 8 each');
  await expect(preview).toContainText('Stock value $90.00 → $72.00');
  await expect(preview).toContainText('−$18.00');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByText(`Stock updated: ${product.name} 8 each, value $72.00`)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await search.fill(product.name);
  await expect(row).toContainText('8 each');
  await expect(row).toContainText('$72.00');

  // The product's ledger explains the count: the write-off and the opening count.
  await row.getByRole('button', { name: `History of ${product.name}` }).click();
  const drawer = page.getByRole('dialog', { name: `History of ${product.name}` });
  await expect(drawer).toContainText('On hand 8 each: the sum of the 2 movements below.');
  const damaged = drawer.getByRole('row').filter({ hasText: 'DAMAGED' });
  await expect(damaged).toContainText('−2 each');
  await expect(damaged).toContainText('−$18.00');
  await expect(drawer.getByRole('row').filter({ hasText: 'OTHER' })).toContainText('+10 each');
});

test('a subtraction below zero is refused and the count stays', async ({ page }) => {
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  const product = await freshProduct(page);
  await page.goto(`/${SANTA_MONICA}/inventory`);
  await page.getByLabel('Find a product').fill(product.name);
  const row = page.getByRole('table', { name: 'Products by category order' }).getByRole('row').filter({ hasText: product.name });
  await row.getByRole('button', { name: `Adjust ${product.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Adjust ${product.name}` });
  await dialog.getByLabel('Reason').selectOption('STOLEN');
  await dialog.getByLabel('Quantity (each)').fill('12');
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByText('That would leave less than nothing in stock. Record a recount (ADJUSTMENT) instead.').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('10 each');
});

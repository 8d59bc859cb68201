import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

/**
 * Purchase orders (issue 14): a manager creates a purchase order from the reorder suggestions,
 * sends it, receives it in two parts and sees the product's stock rise by each part (on the order
 * and on the Inventory screen); a receipt
 * larger than what is still to come is refused on the spot. Each repeat works in its own location
 * (a vendor's suggestions go on order once).
 */

const LOCATIONS = [1, 2, 3] as const;
const sum = (a: number, b: number) => Math.round((a + b) * 1000) / 1000;
const quantity = (q: number, unit: string) => `${q.toLocaleString('en-US', { maximumFractionDigits: 3 })} ${unit}`;

interface Suggestion {
  product_id: number;
  product_name: string;
  vendor_id: number;
  vendor_name: string;
  unit: string;
  on_hand: number;
  quantity: number;
}
interface Order {
  id: number;
  status: string;
  order_lines: { product_id: number; quantity: number; received: number; on_hand: number }[];
}

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

test('receive a purchase order in two parts and see stock rise', async ({ page }, testInfo) => {
  const business = LOCATIONS[testInfo.repeatEachIndex % LOCATIONS.length] as number;
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto(`/${business}/inventory/purchase-orders`);
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase orders' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Reorder rule' })).toHaveValue('inhand-x-fullquantity');

  // The suggestions of one vendor, as the screen lists them.
  const { suggestions } = await api<{ suggestions: Suggestion[] }>(page, `/protected/business/${business}/reordersuggestions`);
  // One of the first products listed (by vendor, then category order) with enough to order to come in two parts.
  const product = suggestions.slice(0, 5).find((s) => (s.unit === 'each' ? s.quantity >= 2 : s.quantity >= 0.002)) ?? (suggestions[0] as Suggestion);
  expect(product, 'a product to reorder').toBeTruthy();
  const ofVendor = suggestions.filter((s) => s.vendor_id === product.vendor_id);
  const suggestionsTable = page.getByRole('table', { name: 'Reorder suggestions' });
  await expect(suggestionsTable.getByRole('row').filter({ has: page.getByRole('rowheader', { name: product.product_name, exact: true }) })).toContainText(quantity(product.quantity, product.unit));
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: `Create purchase order for ${product.vendor_name} (${ofVendor.length})` }).click();
  await expect(page).toHaveURL(new RegExp(`/${business}/inventory/purchase-orders/\\d+$`));
  const poId = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { level: 1, name: `Purchase order #${poId} Draft` })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as sent' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Purchase order #${poId} Sent` })).toBeVisible();

  const start = (await api<Order>(page, `/protected/business/${business}/purchaseorder/${poId}/get`)).order_lines.find((l) => l.product_id === product.product_id);
  expect(start?.quantity).toBe(product.quantity);
  const before = start?.on_hand as number;
  const lines = page.getByRole('table', { name: 'Lines to receive' });
  const row = lines.getByRole('row').filter({ has: page.getByRole('rowheader', { name: product.product_name, exact: true }) });
  const field = page.getByRole('textbox', { name: `Received now of ${product.product_name}` });

  // First part: about half.
  const first = product.unit === 'each' ? Math.max(1, Math.floor(product.quantity / 2)) : Math.floor(product.quantity * 500) / 1000;
  await field.fill(String(first));
  await page.getByRole('button', { name: 'Record receipt' }).click();
  await expect(page.getByText('Receipt recorded').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Purchase order #${poId} Partly received` })).toBeVisible();
  await expect(row).toContainText(quantity(sum(before, first), product.unit));
  await expect(row).toContainText(quantity(sum(product.quantity, -first), product.unit));
  expect((await api<Order>(page, `/protected/business/${business}/purchaseorder/${poId}/get`)).order_lines.find((l) => l.product_id === product.product_id)?.on_hand).toBe(sum(before, first));

  // More than is still to come: refused before anything is sent, and said where.
  const rest = sum(product.quantity, -first);
  await field.fill(String(sum(rest, 1)));
  await page.getByRole('button', { name: 'Record receipt' }).click();
  await expect(row).toContainText('This receipt is more than was ordered: receive at most what is still to come.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  // Second part: everything still to come.
  await page.getByRole('button', { name: 'Fill in everything still to come' }).click();
  await expect(field).toHaveValue(String(rest));
  await page.getByRole('button', { name: 'Record receipt' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Purchase order #${poId} Received` })).toBeVisible();
  const done = await api<Order>(page, `/protected/business/${business}/purchaseorder/${poId}/get`);
  expect(done.status).toBe('received');
  const received = done.order_lines.find((l) => l.product_id === product.product_id);
  expect(received?.on_hand).toBe(sum(before, product.quantity));
  const linesTable = page.getByRole('table', { name: `Lines of purchase order #${poId}` });
  await expect(linesTable.getByRole('row').filter({ has: page.getByRole('rowheader', { name: product.product_name, exact: true }) })).toContainText(quantity(received?.on_hand as number, product.unit));
  await expect(page.getByRole('table', { name: 'Receipts' }).getByRole('row')).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);

  // The inventory shows the new count, and the product's ledger the two receipts as new stock.
  await page.goto(`/${business}/inventory`);
  await page.getByRole('searchbox', { name: 'Find a product' }).or(page.getByRole('textbox', { name: 'Find a product' })).fill(product.product_name);
  const products = page.getByRole('table', { name: 'Products by category order' });
  // (The product's cell also names its category and vendor.)
  await expect(products.getByRole('row').filter({ hasText: product.product_name }).first()).toContainText(quantity(received?.on_hand as number, product.unit));

  // The list shows it received.
  await page.goto(`/${business}/inventory/purchase-orders`);
  const orders = page.getByRole('table', { name: 'Purchase orders' });
  await expect(orders.getByRole('row').filter({ has: page.getByRole('link', { name: `#${poId}`, exact: true }) })).toContainText('Received');
});

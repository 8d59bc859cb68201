import { MESSAGES, endpoints, exportPath, withCheckDigit } from '@salondesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, readCsv, readXlsx, sheetRows } from '../test/exports';
import { refusal, signedIn, startTestServer, type TestServer } from '../test/harness';

const LA = 1;
const NY = 2;
const KATHMANDU = 4;
const forbidden = { status: 403, message: MESSAGES.noBusinessPermission };

describe('inventory', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  async function newProduct(businessId: number, name: string, extra: Record<string, unknown> = {}) {
    const { client } = await signedIn(server, 'owner');
    const categories = await client.catalogue.list(businessId);
    const retail = categories.find((c) => c.name === 'Retail')!;
    return client.catalogue.createProduct(businessId, { category_id: retail.id, name, price: 2000, cost: 900, ...extra });
  }

  it('getproducts lists products in category order with on-hand, value and par; only for those who may view inventory', async () => {
    const { client } = await signedIn(server, 'owner');
    const list = await client.inventory.products(LA);
    expect(list.length).toBeGreaterThan(0);
    for (let i = 1; i < list.length; i++) expect(list[i - 1]!.category_order <= list[i]!.category_order).toBe(true);
    for (const p of list) expect(p.value).toBe(Math.round(p.on_hand * p.cost));
    const manager = await signedIn(server, 'manager');
    await expect(manager.client.inventory.products(LA)).rejects.toMatchObject(forbidden);
    await expect(client.inventory.products(KATHMANDU)).rejects.toMatchObject(forbidden);
  });

  it('on-hand is the ledger: an opening count, a DAMAGED write-off and an exact recount, each explained by its movement', async () => {
    const { client } = await signedIn(server, 'owner');
    const product = await newProduct(NY, 'Bond Builder 100ml', { stock: 10 });
    expect(product.stock).toBe(10);
    const damaged = await client.inventory.adjustStock(NY, { product_id: product.id, reason: 'DAMAGED', quantity: 2, note: 'Dropped' });
    expect(damaged.movement).toMatchObject({ reason: 'DAMAGED', quantity: 2, delta: -2, on_hand: 8, unit_cost: 900, value_change: -1800, note: 'Dropped' });
    expect(damaged.product).toMatchObject({ on_hand: 8, value: 7200 });
    const recount = await client.inventory.adjustStock(NY, { product_id: product.id, reason: 'ADJUSTMENT', quantity: 11.5 });
    expect(recount.movement).toMatchObject({ delta: 3.5, on_hand: 11.5, value_change: 3150 });
    const history = await client.inventory.stockHistory(NY, product.id);
    expect(history.movements.map((m) => m.reason)).toEqual(['ADJUSTMENT', 'DAMAGED', 'OTHER']);
    expect(history.movements.reduce((s, m) => s + m.delta, 0)).toBe(history.product.on_hand);
    expect(history.movements[0]!.user_name).toBe('Olivia Laurent');
  });

  it('refuses a reason that does not exist, a bad quantity, stock below zero and another business’s product, changing nothing', async () => {
    const { client } = await signedIn(server, 'owner');
    const product = await newProduct(NY, 'Scalp Serum', { stock: 1 });
    const bad = await refusal(client.transport.request(endpoints.inventory.adjustStock, { params: { id: NY }, body: { product_id: product.id, reason: 'BROKEN' as never, quantity: 1 } }));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad)).toContain(MESSAGES.invalidStockReason);
    await expect(client.inventory.adjustStock(NY, { product_id: product.id, reason: 'NEWSTOCK', quantity: 1.2345 })).rejects.toMatchObject({ status: 400 });
    await expect(client.inventory.adjustStock(NY, { product_id: product.id, reason: 'LOST', quantity: 2 })).rejects.toMatchObject({ status: 400, message: MESSAGES.stockBelowZero });
    await expect(client.inventory.adjustStock(LA, { product_id: product.id, reason: 'NEWSTOCK', quantity: 1 })).rejects.toMatchObject({ status: 400, message: MESSAGES.productNotFound });
    const history = await client.inventory.stockHistory(NY, product.id);
    expect(history.movements).toHaveLength(1);
    expect(history.product.on_hand).toBe(1);
    const manager = await signedIn(server, 'manager');
    await expect(manager.client.inventory.adjustStock(LA, { product_id: product.id, reason: 'NEWSTOCK', quantity: 1 })).rejects.toMatchObject(forbidden);
  });

  it('keeps three decimals in the product’s unit (backbar colour in grams)', async () => {
    const { client } = await signedIn(server, 'owner');
    const product = await newProduct(NY, 'Colour 7N tube');
    await client.inventory.updateProductInventory(NY, product.id, { unit: 'g', par_quantity: 120.5, full_quantity: 600 });
    await client.inventory.adjustStock(NY, { product_id: product.id, reason: 'NEWSTOCK', quantity: 500 });
    const after = await client.inventory.adjustStock(NY, { product_id: product.id, reason: 'USED', quantity: 37.125 });
    expect(after.product).toMatchObject({ unit: 'g', on_hand: 462.875, par_quantity: 120.5, full_quantity: 600, value: Math.round(462.875 * 900) });
  });

  it('vendors: add, list with their products, update, refuse a duplicate name, retire', async () => {
    const { client } = await signedIn(server, 'owner');
    const vendor = await client.inventory.createVendor(NY, { name: 'Bright Beauty Supply', email: 'orders@bright.example' });
    await expect(client.inventory.createVendor(NY, { name: 'bright beauty supply' })).rejects.toMatchObject({ status: 409, message: MESSAGES.vendorNameTaken });
    const product = await newProduct(NY, 'Bright Shine Oil');
    await client.inventory.updateProductInventory(NY, product.id, { vendor_id: vendor.id, vendor_item: 'BB-100' });
    const listed = (await client.inventory.vendors(NY)).find((v) => v.id === vendor.id);
    expect(listed).toMatchObject({ name: 'Bright Beauty Supply', products: 1 });
    expect((await client.inventory.products(NY)).find((p) => p.id === product.id)).toMatchObject({ vendor_name: 'Bright Beauty Supply', vendor_item: 'BB-100' });
    await expect(client.inventory.updateVendor(NY, vendor.id, { phone: '+1 212 555 0100' })).resolves.toMatchObject({ phone: '+1 212 555 0100' });
    await expect(client.inventory.updateProductInventory(NY, product.id, { vendor_id: 999999 })).rejects.toMatchObject({ status: 400, message: MESSAGES.vendorNotFound });
    const lotus = await signedIn(server, 'lotus');
    await expect(lotus.client.inventory.vendors(NY)).rejects.toMatchObject(forbidden);
    await expect(client.inventory.updateVendor(LA, vendor.id, { name: 'x' })).rejects.toMatchObject({ status: 404, message: MESSAGES.vendorNotFound });
    await client.inventory.retireVendor(NY, vendor.id);
    expect((await client.inventory.vendors(NY)).some((v) => v.id === vendor.id)).toBe(false);
    expect((await client.inventory.products(NY)).find((p) => p.id === product.id)?.vendor_id).toBeNull();
  });

  it('barcodes: validated (EAN-13, UPC-A, Code 128), unique, scanner input trimmed; matchingproducts finds the same code', async () => {
    const { client } = await signedIn(server, 'owner');
    const ean = withCheckDigit('590123412345');
    const a = await newProduct(NY, 'Matte Paste', { barcode: ean, product_code: 'MP-1' });
    await expect(newProduct(NY, 'Bad code', { barcode: '5901234123458' === ean ? '5901234123459' : '5901234123458' })).rejects.toMatchObject({ status: 400 });
    const b = await newProduct(NY, 'Matte Paste (back room)', { product_code: 'mp-1' });
    const upc = withCheckDigit('03600029145');
    await expect(client.inventory.updateBarcode(NY, b.id, `${upc}\r\n`)).resolves.toMatchObject({ barcode: upc });
    await expect(client.inventory.updateBarcode(NY, b.id, ean)).rejects.toMatchObject({ status: 409, message: MESSAGES.barcodeTaken });
    await expect(client.inventory.updateBarcode(NY, b.id, '036000291453')).rejects.toMatchObject({ status: 400 });
    await expect(client.inventory.updateBarcode(NY, b.id, 'SKU 42/B')).resolves.toMatchObject({ barcode: 'SKU 42/B' });
    expect((await client.inventory.matchingProducts(NY, a.id)).map((p) => p.id)).toEqual([b.id]);
    // §5: both ids and a value.
    const missing = await refusal(client.transport.request(endpoints.inventory.updateBarcode, { params: { id: NY }, body: { barcode: ean } as never }));
    expect(missing.status).toBe(400);
    await expect(client.inventory.updateBarcode(NY, b.id, '')).rejects.toMatchObject({ status: 400 });
    await expect(client.inventory.updateBarcode(LA, b.id, upc)).rejects.toMatchObject({ status: 400, message: MESSAGES.productNotFound });
  });

  it('allservices (an encoded list of locations and hidden); usc cache updates need both ids and a value', async () => {
    const { client } = await signedIn(server, 'owner');
    const services = await client.staff.services(LA);
    expect(services.length).toBeGreaterThan(0);
    const updated = await client.inventory.updateUsc(LA, services[0]!.id, 'USC-0042');
    expect(updated.usc_id).toBe('USC-0042');
    expect((await client.inventory.allServices(LA)).find((s) => s.id === services[0]!.id)?.usc_id).toBe('USC-0042');
    await expect(client.inventory.updateUsc(LA, services[0]!.id, ' ')).rejects.toMatchObject({ status: 400 });
    await expect(client.inventory.updateUsc(NY, services[0]!.id, 'USC-1')).rejects.toMatchObject({ status: 400, message: MESSAGES.serviceNotFound });

    const both = await client.inventory.allServices(LA, { locations: [LA, NY] });
    expect(new Set(both.map((s) => s.business_id))).toEqual(new Set([LA, NY]));
    expect(both.find((s) => s.business_id === NY)?.business_name).toBe('Luxe New York');
    const hiddenService = await client.catalogue.updateService(NY, both.find((s) => s.business_id === NY)!.id, { servicestatus: 3 });
    expect((await client.inventory.allServices(LA, { locations: [NY] })).some((s) => s.id === hiddenService.id)).toBe(false);
    expect((await client.inventory.allServices(LA, { locations: [NY], hidden: true })).some((s) => s.id === hiddenService.id)).toBe(true);
    await expect(client.inventory.allServices(LA, { locations: [LA, KATHMANDU] })).rejects.toMatchObject(forbidden);
    const manager = await signedIn(server, 'manager');
    await expect(manager.client.inventory.allServices(LA, { locations: [NY] })).rejects.toMatchObject(forbidden);
    await expect(client.transport.request(endpoints.inventory.allServices, { params: { id: LA }, query: { locations: '1,,2' as never } })).rejects.toMatchObject({ status: 400 });
  });

  it('twenty adjustments at once each see the one before: none is lost', async () => {
    const { client } = await signedIn(server, 'owner');
    const product = await newProduct(NY, 'Travel Spray', { stock: 20 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => client.inventory.adjustStock(NY, { product_id: product.id, reason: 'USED', quantity: 1.5 })));
    const done = results.filter((r) => r.status === 'fulfilled').length;
    expect(done).toBe(13);
    const history = await client.inventory.stockHistory(NY, product.id);
    expect(history.product.on_hand).toBe(20 - 13 * 1.5);
    expect(new Set(history.movements.map((m) => m.on_hand)).size).toBe(history.movements.length);
  });

  it('exports the inventory (quantities to three decimals, low stock only on request) and the vendors', async () => {
    const owner = await signedIn(server, 'owner');
    const product = await newProduct(NY, 'Toner 9V', { stock: 0 });
    await owner.client.inventory.updateProductInventory(NY, product.id, { unit: 'ml', par_quantity: 100, full_quantity: 500 });
    await owner.client.inventory.adjustStock(NY, { product_id: product.id, reason: 'NEWSTOCK', quantity: 42.125 });
    const x = endpoints.inventoryExports;
    const csv = await readCsv((await download(server, exportPath(x.inventory, { params: { id: NY }, query: { format: 'csv', low: 'true' } }), owner.jar)).body);
    expect(csv[0]?.slice(0, 6)).toEqual(['Category', 'Product', 'Barcode', 'Vendor', 'Unit', 'On hand']);
    const row = csv.find((r) => r[1] === 'Toner 9V');
    expect(row?.slice(4, 8)).toEqual(['ml', '42.125', '100', '500']);
    const products = await owner.client.inventory.products(NY);
    expect(csv.length - 1).toBe(products.filter((p) => p.par_quantity > 0 && p.on_hand <= p.par_quantity).length);
    const sheet = sheetRows(await readXlsx((await download(server, exportPath(x.inventory, { params: { id: NY }, query: { format: 'xlsx' } }), owner.jar)).body));
    expect(sheet.some((r) => r.includes('Toner 9V') && r.includes(42.125))).toBe(true);
    const vendors = await readCsv((await download(server, exportPath(x.vendors, { params: { id: NY }, query: { format: 'csv' } }), owner.jar)).body);
    expect(vendors[0]).toEqual(['Vendor', 'Email', 'Phone', 'Account number', 'Products']);
    const manager = await signedIn(server, 'manager');
    expect((await download(server, exportPath(x.inventory, { params: { id: LA }, query: { format: 'csv' } }), manager.jar)).status).toBe(403);
  });
});

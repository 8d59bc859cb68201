import { MESSAGES } from '@salondesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startTestServer, type TestServer } from '../test/harness';

const LA = 1;
const NY = 2;
const KATHMANDU = 4;
const forbidden = { status: 403, message: MESSAGES.noBusinessPermission };

describe('catalogue', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('lists categories with services and products; products only for those who may view inventory', async () => {
    const owner = await signedIn(server, 'owner');
    const catalogue = await owner.client.catalogue.list(LA);
    expect(catalogue.map((c) => c.name)).toEqual(expect.arrayContaining(['Hair', 'Retail', 'Gift Cards']));
    expect(catalogue.find((c) => c.name === 'Retail')?.products.length).toBeGreaterThan(0);
    const manager = await signedIn(server, 'manager');
    const seen = await manager.client.catalogue.list(LA);
    expect(seen.flatMap((c) => c.products)).toEqual([]);
    expect(seen.flatMap((c) => c.services).length).toBeGreaterThan(0);
    await expect(owner.client.catalogue.list(KATHMANDU)).rejects.toMatchObject(forbidden);
    await expect(owner.client.transport.request((await import('@salondesk/core')).endpoints.catalogue.list, { params: { id: LA }, query: { scope: 'everything' as never } })).rejects.toMatchObject({ status: 400 });
  });

  it('adds, edits and retires a category, service and product; retired items are never listed', async () => {
    const { client } = await signedIn(server, 'owner');
    const category = await client.catalogue.createCategory(NY, { name: 'Brows & Lashes' });
    const service = await client.catalogue.createService(NY, { category_id: category.id, name: 'Lash Lift', price: 8500, duration_minutes: 50, taxable: true });
    expect(service).toMatchObject({ category_id: category.id, price: 8500, servicestatus: 0, taxable: true, giftcard: 0 });
    const product = await client.catalogue.createProduct(NY, { category_id: category.id, name: 'Brow Gel', price: 2200, cost: 900, stock: 5, barcode: '0850001000093' });
    expect(product).toMatchObject({ taxable: true, stock: 5 });

    await expect(client.catalogue.updateService(NY, service.id, { servicestatus: 3, price: 9000 })).resolves.toMatchObject({ servicestatus: 3, price: 9000 });
    const all = await client.catalogue.list(NY, 'all');
    const current = await client.catalogue.list(NY, 'current');
    expect(all.find((c) => c.id === category.id)?.services.map((s) => s.id)).toEqual([service.id]);
    expect(current.find((c) => c.id === category.id)?.services).toEqual([]);

    // Status 3 hides a category from "current" (the set 0, 1, 2, 4), not from "all".
    await client.catalogue.updateCategory(NY, category.id, { categorystatus: 3 });
    expect((await client.catalogue.list(NY, 'current')).some((c) => c.id === category.id)).toBe(false);
    expect((await client.catalogue.list(NY, 'all')).some((c) => c.id === category.id)).toBe(true);

    await expect(client.catalogue.retireCategory(NY, category.id)).rejects.toMatchObject({ status: 400, message: MESSAGES.categoryNotEmpty });
    await client.catalogue.retireService(NY, service.id);
    await client.catalogue.retireProduct(NY, product.id);
    await expect(client.catalogue.retireService(NY, service.id)).rejects.toMatchObject({ status: 404, message: MESSAGES.serviceNotFound });
    await expect(client.catalogue.retireCategory(NY, category.id)).resolves.toMatchObject({ deleted_at: expect.any(String) });
    expect((await client.catalogue.list(NY, 'all')).some((c) => c.id === category.id)).toBe(false);
  });

  it('carries a category kind to its services; allkinds ends with the legacy prepaid groups', async () => {
    const { client } = await signedIn(server, 'owner');
    const category = await client.catalogue.createCategory(NY, { name: 'Prepaid Packages' });
    const service = await client.catalogue.createService(NY, { category_id: category.id, name: '5 Blowouts', price: 20000, duration_minutes: 0 });
    await client.catalogue.updateCategory(NY, category.id, { giftcard: 3 });
    const listed = (await client.catalogue.list(NY)).find((c) => c.id === category.id);
    expect(listed?.services.find((s) => s.id === service.id)?.giftcard).toBe(3);
    // A change sets only what it names: the kind survives a status change.
    await expect(client.catalogue.updateCategory(NY, category.id, { categorystatus: 4 })).resolves.toMatchObject({ categorystatus: 4, giftcard: 3 });
    await expect(client.catalogue.updateService(NY, service.id, { name: '5 Blowouts Pack' })).resolves.toMatchObject({ duration_minutes: 0, servicestatus: 0, giftcard: 3 });
    const kinds = await client.catalogue.kinds(NY);
    expect(kinds.find((k) => k.category_id === category.id)).toMatchObject({ kind: 'prepaid', giftcard: 3 });
    expect(kinds.find((k) => k.name === 'Retail')).toMatchObject({ kind: 'product' });
    expect(kinds.slice(-2).map((k) => k.name)).toEqual(['Legacy Prepaid Items', 'Third-party Prepaid Items']);
  });

  it('refuses bad input and other businesses items, changing nothing', async () => {
    const { client } = await signedIn(server, 'owner');
    const before = await client.catalogue.list(NY);
    const la = await client.catalogue.list(LA);
    const laCategory = la[0]!;
    const laService = laCategory.services[0]!;
    await expect(client.catalogue.createCategory(NY, { name: '  ' })).rejects.toMatchObject({ status: 400 });
    await expect(client.catalogue.createCategory(NY, { name: 'X', categorystatus: 5 })).rejects.toMatchObject({ status: 400, issues: [{ path: ['categorystatus'], message: MESSAGES.invalidCatalogueStatus }] });
    await expect(client.catalogue.createService(NY, { category_id: laCategory.id, name: 'Stolen', price: 100 })).rejects.toMatchObject({ status: 400, message: MESSAGES.categoryNotFound });
    await expect(client.catalogue.createService(NY, { category_id: before[0]!.id, name: 'Neg', price: -1 })).rejects.toMatchObject({ status: 400 });
    await expect(client.catalogue.createService(NY, { category_id: before[0]!.id, name: 'Long', price: 1, duration_minutes: 2000 })).rejects.toMatchObject({ status: 400 });
    await expect(client.catalogue.createService(NY, { category_id: before[0]!.id, name: 'Status', price: 1, servicestatus: 4 })).rejects.toMatchObject({ status: 400 });
    await expect(client.catalogue.createProduct(NY, { category_id: before[0]!.id, name: 'P', price: 1, productstatus: 3 })).rejects.toMatchObject({ status: 400 });
    await expect(client.catalogue.updateService(NY, laService.id, { name: 'Hijack' })).rejects.toMatchObject({ status: 404, message: MESSAGES.serviceNotFound });
    await expect(client.catalogue.updateCategory(NY, laCategory.id, { name: 'Hijack' })).rejects.toMatchObject({ status: 404, message: MESSAGES.categoryNotFound });
    await expect(client.catalogue.retireProduct(NY, 999_999)).rejects.toMatchObject({ status: 404, message: MESSAGES.productNotFound });
    expect(await client.catalogue.list(NY)).toEqual(before);
    expect(await client.catalogue.list(LA)).toEqual(la);
  });

  it('needs operation.services to change services and operation.inventory to change products', async () => {
    const manager = await signedIn(server, 'manager');
    const [category] = await manager.client.catalogue.list(LA);
    await expect(manager.client.catalogue.createCategory(LA, { name: 'Nope' })).rejects.toMatchObject(forbidden);
    await expect(manager.client.catalogue.createService(LA, { category_id: category!.id, name: 'Nope', price: 1 })).rejects.toMatchObject(forbidden);
    await expect(manager.client.catalogue.createProduct(LA, { category_id: category!.id, name: 'Nope', price: 1 })).rejects.toMatchObject(forbidden);
    await expect(manager.client.catalogue.retireService(LA, category!.services[0]!.id)).rejects.toMatchObject(forbidden);
  });
});

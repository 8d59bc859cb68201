import { fc } from '@fast-check/vitest';
import type { Category, Product, Service } from '../models/catalogue';

const deletedAt = fc.option(fc.constant('2024-05-01T10:00:00.000Z'), { freq: 4 });

export const serviceArb = (categoryId: number): fc.Arbitrary<Service> =>
  fc.record({
    id: fc.integer({ min: 1, max: 1_000_000 }),
    business_id: fc.constant(1),
    category_id: fc.constant(categoryId),
    name: fc.string({ minLength: 1, maxLength: 12 }),
    price: fc.integer({ min: 0, max: 100_000 }),
    duration_minutes: fc.integer({ min: 0, max: 240 }),
    servicestatus: fc.integer({ min: -1, max: 5 }),
    giftcard: fc.integer({ min: 0, max: 3 }),
    order: fc.integer({ min: 0, max: 20 }),
    taxable: fc.boolean(),
    deleted_at: deletedAt,
    image_media_id: fc.constant(null),
    image_url: fc.constant(null),
  });

export const productArb = (categoryId: number): fc.Arbitrary<Product> =>
  fc.record({
    id: fc.integer({ min: 1, max: 1_000_000 }),
    business_id: fc.constant(1),
    category_id: fc.constant(categoryId),
    name: fc.string({ minLength: 1, maxLength: 12 }),
    price: fc.integer({ min: 0, max: 100_000 }),
    cost: fc.integer({ min: 0, max: 100_000 }),
    productstatus: fc.integer({ min: -1, max: 4 }),
    barcode: fc.constant(null),
    product_code: fc.constant(null),
    stock: fc.integer({ min: 0, max: 50 }),
    order: fc.integer({ min: 0, max: 20 }),
    taxable: fc.boolean(),
    deleted_at: deletedAt,
  });

/** Categories with statuses in and out of every allowed set, some retired. */
export const catalogueArb: fc.Arbitrary<Category[]> = fc
  .uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 8 })
  .chain((ids) =>
    fc.tuple(
      ...ids.map((id) =>
        fc.record({
          id: fc.constant(id),
          business_id: fc.constant(1),
          name: fc.string({ minLength: 1, maxLength: 12 }),
          categorystatus: fc.integer({ min: -1, max: 6 }),
          giftcard: fc.integer({ min: 0, max: 3 }),
          order: fc.integer({ min: 0, max: 20 }),
          deleted_at: deletedAt,
          services: fc.array(serviceArb(id), { maxLength: 5 }),
          products: fc.array(productArb(id), { maxLength: 5 }),
        }),
      ),
    ),
  );

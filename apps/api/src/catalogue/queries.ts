import type { Category, Product, Service } from '@salondesk/core';
import { asc, eq } from 'drizzle-orm';
import { readTogether } from '../db/executor';
import type { Executor } from '../db/executor';
import { onHandOf } from '../inventory/ledger';
import { categories, products, services } from './schema';
import { mediaUrl } from '../media/urls';

export type CategoryRow = typeof categories.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

/** Services are taxed only when marked taxable; products unless marked non-taxable (spec 001 §9). */
export const toService = (row: ServiceRow): Service => ({
  id: row.id,
  business_id: row.business_id,
  category_id: row.category_id,
  name: row.name,
  price: row.price,
  duration_minutes: row.duration_minutes,
  servicestatus: row.servicestatus,
  giftcard: row.giftcard,
  order: row.order,
  taxable: row.attributes.taxable === true,
  deleted_at: row.deleted_at?.toISOString() ?? null,
  image_media_id: row.image_media_id,
  image_url: row.image_media_id === null ? null : mediaUrl(row.image_media_id, 'thumb'),
});

/** A product with its on-hand (the ledger's sum, `inventory/ledger.ts` `onHandOf`). */
export const toProduct = (row: ProductRow, onHand = 0): Product => ({
  id: row.id,
  business_id: row.business_id,
  category_id: row.category_id,
  name: row.name,
  price: row.price,
  cost: row.cost,
  productstatus: row.productstatus,
  barcode: row.barcode,
  product_code: row.product_code,
  stock: onHand,
  order: row.order,
  taxable: row.attributes.taxable !== false,
  deleted_at: row.deleted_at?.toISOString() ?? null,
});

export const toCategory = (
  row: CategoryRow,
  serviceRows: readonly ServiceRow[] = [],
  productRows: readonly ProductRow[] = [],
  onHand: ReadonlyMap<number, number> = new Map(),
): Category => ({
  id: row.id,
  business_id: row.business_id,
  name: row.name,
  categorystatus: row.categorystatus,
  giftcard: row.giftcard,
  order: row.order,
  deleted_at: row.deleted_at?.toISOString() ?? null,
  services: serviceRows.filter((s) => s.category_id === row.id).map(toService),
  products: productRows.filter((p) => p.category_id === row.id).map((p) => toProduct(p, onHand.get(p.id) ?? 0)),
});

/** Every category of a business with every service and product, retired ones included (the filters are core's). */
export async function loadCatalogue(db: Executor, businessId: number, withProducts: boolean): Promise<Category[]> {
  const [categoryRows, serviceRows, productRows] = await readTogether(db, [
    () => db.select().from(categories).where(eq(categories.business_id, businessId)).orderBy(asc(categories.order), asc(categories.id)),
    () => db.select().from(services).where(eq(services.business_id, businessId)).orderBy(asc(services.order), asc(services.id)),
    () => (withProducts ? db.select().from(products).where(eq(products.business_id, businessId)).orderBy(asc(products.order), asc(products.id)) : Promise.resolve([])),
  ]);
  const onHand = await onHandOf(db, businessId, productRows.map((p) => p.id));
  return categoryRows.map((c) => toCategory(c, serviceRows, productRows, onHand));
}

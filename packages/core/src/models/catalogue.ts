import { z } from 'zod/mini';
import { id } from './ids';

/**
 * Catalogue statuses are the product's small integers (spec 000 §3, §5). Retiring an item sets
 * `deleted_at`; the filters never list a retired item.
 */
export const CATEGORY_STATUS_LABEL: Record<number, string> = {
  0: 'Active',
  1: 'Hidden from online booking',
  2: 'In-salon only',
  3: 'Inactive',
  4: 'Seasonal',
};
export const SERVICE_STATUS_LABEL: Record<number, string> = {
  0: 'Active',
  1: 'Hidden from online booking',
  2: 'In-salon only',
  3: 'Inactive',
};
export const PRODUCT_STATUS_LABEL: Record<number, string> = {
  0: 'Active',
  1: 'Hidden from online store',
  2: 'Out of stock',
};

/**
 * The `giftcard` kind of a category or service: 2 and 3 mark the special prepaid kinds
 * (spec 000 §3).
 */
export const GIFTCARD_KIND = { NONE: 0, GIFT_CARD: 1, PREPAID_CARD: 2, PREPAID_PACKAGE: 3 } as const;
export type GiftcardKind = (typeof GIFTCARD_KIND)[keyof typeof GIFTCARD_KIND];
export const GIFTCARD_KIND_LABEL: Record<GiftcardKind, string> = {
  0: 'Regular',
  1: 'Gift card',
  2: 'Prepaid card',
  3: 'Prepaid package',
};

export const service = z.object({
  id,
  business_id: id,
  category_id: id,
  name: z.string(),
  price: z.int(),
  duration_minutes: z.int(),
  servicestatus: z.int(),
  giftcard: z.int(),
  order: z.int(),
  taxable: z.boolean(),
  deleted_at: z.nullable(z.string()),
  /** The service's image from the media library (issue 18), and its square thumbnail's address (signed). */
  image_media_id: z.nullable(id),
  image_url: z.nullable(z.string()),
});
export type Service = z.infer<typeof service>;

export const product = z.object({
  id,
  business_id: id,
  category_id: id,
  name: z.string(),
  price: z.int(),
  cost: z.int(),
  productstatus: z.int(),
  barcode: z.nullable(z.string()),
  product_code: z.nullable(z.string()),
  /** On-hand: the sum of the product's stock ledger (`rules/stock.ts`), up to three decimals. */
  stock: z.number(),
  order: z.int(),
  taxable: z.boolean(),
  deleted_at: z.nullable(z.string()),
});
export type Product = z.infer<typeof product>;

export const category = z.object({
  id,
  business_id: id,
  name: z.string(),
  categorystatus: z.int(),
  giftcard: z.int(),
  order: z.int(),
  deleted_at: z.nullable(z.string()),
  services: z.array(service),
  products: z.array(product),
});
export type Category = z.infer<typeof category>;

/** A group a sale can be filed under (`allkinds`): a category, or a fixed legacy prepaid group. */
export const catalogueKind = z.object({
  key: z.string(),
  name: z.string(),
  kind: z.enum(['service', 'product', 'prepaid']),
  giftcard: z.nullable(z.int()),
  category_id: z.nullable(id),
  legacy: z.boolean(),
});
export type CatalogueKind = z.infer<typeof catalogueKind>;

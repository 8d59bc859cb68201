import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, quantityColumn } from '../db/columns';
import { businesses } from '../db/schema';
import { media } from '../media/schema';

/**
 * The service catalogue of a location (spec 000 §3 Category, Service, Product; spec 001 §3
 * Inventory): categories hold services and products. Statuses are the product's small integers
 * (category 0–4, service 0–3, product 0–2, spec 000 §5); `giftcard` 2 or 3 marks the special
 * prepaid kinds. Prices and costs are integer minor units of the business's currency.
 */

const deletedAt = () => timestamp('deleted_at', { withTimezone: true });

export interface CatalogueAttributes {
  /** Services are taxed only when taxable; products unless explicitly non-taxable (spec 001 §9). */
  taxable?: boolean;
  usc_id?: string;
  [key: string]: unknown;
}

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    categorystatus: integer('categorystatus').notNull().default(0),
    giftcard: integer('giftcard').notNull().default(0),
    order: integer('order').notNull().default(0),
    attributes: jsonb('attributes').$type<CatalogueAttributes>().notNull().default({}),
    deleted_at: deletedAt(),
    created_at: createdAt(),
  },
  (t) => [index('categories_business_id_idx').on(t.business_id)],
);

export const services = pgTable(
  'services',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    price: integer('price').notNull().default(0),
    duration_minutes: integer('duration_minutes').notNull().default(30),
    servicestatus: integer('servicestatus').notNull().default(0),
    giftcard: integer('giftcard').notNull().default(0),
    order: integer('order').notNull().default(0),
    attributes: jsonb('attributes').$type<CatalogueAttributes>().notNull().default({}),
    /** The service's image, an image of the business's media library (issue 18). */
    image_media_id: integer('image_media_id'),
    deleted_at: deletedAt(),
    created_at: createdAt(),
  },
  (t) => [
    index('services_business_id_idx').on(t.business_id),
    index('services_category_id_idx').on(t.category_id),
    // The business is part of the key: a service's image is always one of its own business's.
    foreignKey({ name: 'services_image_media_fk', columns: [t.business_id, t.image_media_id], foreignColumns: [media.business_id, media.id] }).onDelete('no action'),
  ],
);

/** Who a location buys its products from (spec 001 §3 Vendor); the inventory's lists and purchase orders name them. */
export const vendors = pgTable(
  'vendors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    account_number: text('account_number'),
    notes: text('notes'),
    deleted_at: deletedAt(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('vendors_business_name_live_key').on(t.business_id, sql`lower(${t.name})`).where(sql`${t.deleted_at} is null`)],
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    price: integer('price').notNull().default(0),
    cost: integer('cost').notNull().default(0),
    productstatus: integer('productstatus').notNull().default(0),
    barcode: text('barcode'),
    product_code: text('product_code'),
    /**
     * Legacy: the count stored before the stock ledger (issue 14). Nothing reads or writes it: on-hand
     * is the sum of `stock_movements`, and the inventory migration carried each stored count into the
     * ledger as an opening count. It stays only because the reports view `reports.products` was built
     * on it (that view now reads the ledger); drop it with that view rebuilt.
     */
    stock: integer('stock').notNull().default(0),
    /** The inventory's columns (issue 14). On-hand is not a column: it is the sum of `stock_movements`. */
    vendor_id: integer('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    vendor_item: text('vendor_item'),
    unit: text('unit').notNull().default('each'),
    /** The reorder point: at or below it the product is low on stock. */
    par_quantity: quantityColumn('par_quantity').notNull().default(0),
    /** What a full shelf holds: a reorder brings on-hand up to it (`inhand-x-fullquantity`). */
    full_quantity: quantityColumn('full_quantity').notNull().default(0),
    order: integer('order').notNull().default(0),
    attributes: jsonb('attributes').$type<CatalogueAttributes>().notNull().default({}),
    deleted_at: deletedAt(),
    created_at: createdAt(),
  },
  (t) => [
    index('products_business_id_idx').on(t.business_id),
    index('products_category_id_idx').on(t.category_id),
    index('products_business_barcode_idx').on(t.business_id, t.barcode),
  ],
);

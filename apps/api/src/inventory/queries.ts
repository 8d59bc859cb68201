import { compareInventoryOrder, type InventoryProduct, type StockMovement, type StockSource, stockValue, type StockReason, type StockUnit, type Vendor } from '@salondesk/core';
import { sql, type SQL } from 'drizzle-orm';
import { type Executor, rows } from '../db/executor';
import { iso, isoOrNull } from '../db/instants';

/**
 * The inventory's reads: products with their on-hand summed from the ledger in the same query
 * (never a stored count), vendors with their number of products, and a product's movements.
 */

interface ProductRowOut {
  id: number;
  business_id: number;
  category_id: number;
  category_name: string;
  category_order: number;
  name: string;
  order: number;
  price: number;
  cost: number;
  productstatus: number;
  barcode: string | null;
  product_code: string | null;
  vendor_id: number | null;
  vendor_name: string | null;
  vendor_item: string | null;
  unit: string;
  par_quantity: string;
  full_quantity: string;
  on_hand: string;
  taxable: boolean;
  deleted_at: Date | string | null;
}

const toInventoryProduct = (r: ProductRowOut): InventoryProduct => {
  const onHand = Number(r.on_hand);
  return {
    id: r.id,
    business_id: r.business_id,
    category_id: r.category_id,
    category_name: r.category_name,
    category_order: r.category_order,
    name: r.name,
    order: r.order,
    price: r.price,
    cost: r.cost,
    productstatus: r.productstatus,
    barcode: r.barcode,
    product_code: r.product_code,
    vendor_id: r.vendor_id,
    vendor_name: r.vendor_name,
    vendor_item: r.vendor_item,
    unit: r.unit as StockUnit,
    par_quantity: Number(r.par_quantity),
    full_quantity: Number(r.full_quantity),
    on_hand: onHand,
    value: stockValue(onHand, r.cost),
    taxable: r.taxable,
    deleted_at: isoOrNull(r.deleted_at),
  };
};

/** Products of a business matching `where` (over `p`), with on-hand from the ledger, in inventory order (§9). */
export async function inventoryProducts(db: Executor, businessId: number, where: SQL = sql`true`): Promise<InventoryProduct[]> {
  const result = await rows<ProductRowOut>(
    db,
    sql`select p.id, p.business_id, p.category_id, c.name as category_name, c."order" as category_order, p.name, p."order", p.price, p.cost,
          p.productstatus, p.barcode, p.product_code, p.vendor_id, v.name as vendor_name, p.vendor_item, p.unit,
          p.par_quantity::text as par_quantity, p.full_quantity::text as full_quantity,
          coalesce(m.on_hand, 0)::text as on_hand,
          coalesce((p.attributes->>'taxable')::boolean, true) as taxable, p.deleted_at
        from products p
        join categories c on c.id = p.category_id
        left join vendors v on v.id = p.vendor_id
        left join (select product_id, sum(delta) as on_hand from stock_movements where business_id = ${businessId} group by product_id) m on m.product_id = p.id
        where p.business_id = ${businessId} and (${where})
        order by c."order", c.name, p."order", p.name, p.id`,
  );
  // The database's collation may differ from the rule's: the rule decides (one definition of the order).
  return result.map(toInventoryProduct).sort(compareInventoryOrder);
}

export async function inventoryProduct(db: Executor, businessId: number, productId: number): Promise<InventoryProduct | undefined> {
  return (await inventoryProducts(db, businessId, sql`p.id = ${productId}`))[0];
}

interface VendorRowOut {
  id: number;
  business_id: number;
  name: string;
  email: string | null;
  phone: string | null;
  account_number: string | null;
  notes: string | null;
  products: number;
  deleted_at: Date | string | null;
}

export async function listVendors(db: Executor, businessId: number, where: SQL = sql`true`): Promise<Vendor[]> {
  const result = await rows<VendorRowOut>(
    db,
    sql`select v.id, v.business_id, v.name, v.email, v.phone, v.account_number, v.notes, v.deleted_at,
          (select count(*)::int from products p where p.vendor_id = v.id and p.deleted_at is null) as products
        from vendors v where v.business_id = ${businessId} and (${where})
        order by lower(v.name), v.id`,
  );
  return result.map((v) => ({ ...v, deleted_at: isoOrNull(v.deleted_at) }));
}

interface MovementRowOut {
  id: number;
  business_id: number;
  product_id: number;
  reason: StockReason;
  source: StockSource;
  quantity: string;
  delta: string;
  on_hand: string;
  unit_cost: number;
  note: string | null;
  day: string;
  checkout_id: number | null;
  saleslog_id: number | null;
  purchase_order_id: number | null;
  user_id: number | null;
  user_name: string | null;
  created_at: Date | string;
}

/** Movements of a business matching `where` (over `m`), newest first. */
export async function stockMovementsWhere(db: Executor, businessId: number, where: SQL, limit = 5000): Promise<StockMovement[]> {
  const result = await rows<MovementRowOut>(
    db,
    sql`select m.id, m.business_id, m.product_id, m.reason, m.source, m.quantity::text as quantity, m.delta::text as delta, m.on_hand::text as on_hand,
          m.unit_cost, m.note, to_char(m.day, 'YYYY-MM-DD') as day, m.checkout_id, m.saleslog_id, m.purchase_order_id, m.user_id,
          u.fullname as user_name, m.created_at
        from stock_movements m left join users u on u.id = m.user_id
        where m.business_id = ${businessId} and (${where})
        order by m.id desc
        limit ${limit}`,
  );
  return result.map((m) => {
    const delta = Number(m.delta);
    return {
      ...m,
      quantity: Number(m.quantity),
      delta,
      on_hand: Number(m.on_hand),
      value_change: stockValue(delta, m.unit_cost),
      created_at: iso(m.created_at),
    };
  });
}

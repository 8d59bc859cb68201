import { barcodeVariants, canSeeBusiness, dayInZone, isLowStock, endpoints, MESSAGES, STOCK_SOURCE, type CatalogueService, type LocationService } from '@salondesk/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { findBusiness } from '../businesses/queries';
import { products, services, vendors } from '../catalogue/schema';
import { HttpError, noPermission } from '../http/errors';
import { type HandlerContext, implement, businessOf } from '../http/registry';
import { asOfToday } from '../export/context';
import { implementExport, once } from '../export/implementExport';
import { type Executor, rows } from '../db/executor';
import { recordStockMovements } from './ledger';
import { inventoryProduct, inventoryProducts, listVendors, stockMovementsWhere } from './queries';
import { mediaUrl } from '../media/urls';


const PG_UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === PG_UNIQUE_VIOLATION || e?.cause?.code === PG_UNIQUE_VIOLATION;
};

async function liveProduct(db: Executor, businessId: number, productId: number, inBody = false) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.business_id, businessId), eq(products.id, productId), isNull(products.deleted_at)))
    .limit(1);
  if (!row) throw new HttpError(inBody ? 400 : 404, MESSAGES.productNotFound);
  return row;
}

async function liveVendor(db: Executor, businessId: number, vendorId: number, inBody = false) {
  const [row] = await db
    .select()
    .from(vendors)
    .where(and(eq(vendors.business_id, businessId), eq(vendors.id, vendorId), isNull(vendors.deleted_at)))
    .limit(1);
  if (!row) throw new HttpError(inBody ? 400 : 404, MESSAGES.vendorNotFound);
  return row;
}

async function oneVendor(db: Executor, businessId: number, vendorId: number) {
  const [v] = await listVendors(db, businessId, sql`v.id = ${vendorId}`);
  if (!v) throw new HttpError(404, MESSAGES.vendorNotFound);
  return v;
}

async function oneProduct(db: Executor, businessId: number, productId: number) {
  const p = await inventoryProduct(db, businessId, productId);
  if (!p) throw new HttpError(404, MESSAGES.productNotFound);
  return p;
}

/** Another live product of the business already carrying this barcode (either way of writing a UPC-A). */
async function barcodeTaken(db: Executor, businessId: number, barcode: string, exceptId: number) {
  const variants = barcodeVariants(barcode);
  const found = await rows<{ id: number }>(
    db,
    sql`select id from products where business_id = ${businessId} and deleted_at is null and id <> ${exceptId}
        and barcode in (${sql.join(variants.map((v) => sql`${v}`), sql`, `)}) limit 1`,
  );
  return found.length > 0;
}

interface ServiceRowOut {
  id: number;
  image_media_id: number | null;
  business_id: number;
  business_name: string;
  category_id: number;
  category_name: string;
  category_order: number;
  name: string;
  price: number;
  duration_minutes: number;
  servicestatus: number;
  giftcard: number;
  order: number;
  taxable: boolean;
  usc_id: string | null;
  deleted_at: Date | string | null;
}

/** Services of the given businesses (live; `hidden` adds hidden and inactive ones), in category then service order. */
async function servicesOf(db: Executor, businessIds: readonly number[], where: SQL_ = sql`true`): Promise<ServiceRowOut[]> {
  return rows<ServiceRowOut>(
    db,
    sql`select s.id, s.business_id, b.name as business_name, s.category_id, c.name as category_name, c."order" as category_order, s.name, s.price,
          s.duration_minutes, s.servicestatus, s.giftcard, s."order", coalesce((s.attributes->>'taxable')::boolean, false) as taxable,
          s.attributes->>'usc_id' as usc_id, s.image_media_id, s.deleted_at
        from services s join categories c on c.id = s.category_id join businesses b on b.id = s.business_id
        where s.business_id in (${sql.join(businessIds.map((id) => sql`${id}`), sql`, `)}) and s.deleted_at is null and c.deleted_at is null and (${where})
        order by s.business_id, c."order", c.id, s."order", s.id`,
  );
}
type SQL_ = ReturnType<typeof sql>;

const toCatalogueService = (s: ServiceRowOut): CatalogueService => ({
  id: s.id,
  business_id: s.business_id,
  category_id: s.category_id,
  category_name: s.category_name,
  category_order: s.category_order,
  name: s.name,
  price: s.price,
  duration_minutes: s.duration_minutes,
  servicestatus: s.servicestatus,
  giftcard: s.giftcard,
  order: s.order,
  taxable: s.taxable,
  usc_id: s.usc_id,
  deleted_at: null,
  image_media_id: s.image_media_id,
  image_url: s.image_media_id === null ? null : mediaUrl(s.image_media_id, 'thumb'),
});

const toLocationService = (s: ServiceRowOut): LocationService => {
  const { category_order: _order, ...rest } = toCatalogueService(s);
  return { ...rest, business_name: s.business_name };
};

/**
 * Inventory: products with on-hand from the ledger (`getproducts`), vendors (`vendor/get` and
 * their changes), products matching a product, the services of one or several locations
 * (`allservices`), the barcode and usc cache updates (§5), a product's inventory
 * fields, stock adjustments and a product's ledger.
 */
export function inventoryHandlers() {
  const e = endpoints.inventory;
  const x = endpoints.inventoryExports;
  return [
    implementExport(x.inventory, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      return {
        ...asOfToday(ctx, business),
        rows: once(async () =>
          (await inventoryProducts(ctx.db, business.id, sql`p.deleted_at is null`))
            .filter((p) => !query.low || isLowStock(p))
            .map((p) => ({ category: p.category_name, name: p.name, barcode: p.barcode, vendor: p.vendor_name, unit: p.unit, on_hand: p.on_hand, par: p.par_quantity, full: p.full_quantity, cost: p.cost, value: p.value })),
        ),
      };
    }),
    implementExport(x.vendors, async (_request, ctx) => {
      const business = businessOf(ctx);
      return {
        ...asOfToday(ctx, business),
        rows: once(async () => (await listVendors(ctx.db, business.id, sql`v.deleted_at is null`)).map((v) => ({ name: v.name, email: v.email, phone: v.phone, account_number: v.account_number, products: v.products }))),
      };
    }),

    implement(e.products, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      return inventoryProducts(ctx.db, business.id, query.retired ? sql`true` : sql`p.deleted_at is null`);
    }),

    implement(e.vendors, async ({ query }, ctx) => listVendors(ctx.db, businessOf(ctx).id, query.retired ? sql`true` : sql`v.deleted_at is null`)),

    /** Other live products with the same barcode (either form of a UPC-A), product code, or vendor and vendor item. */
    implement(e.matchingProducts, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      const p = await liveProduct(ctx.db, business.id, params.productId);
      const conditions: SQL_[] = [];
      if (p.barcode) conditions.push(sql`p.barcode in (${sql.join(barcodeVariants(p.barcode).map((v) => sql`${v}`), sql`, `)})`);
      if (p.product_code) conditions.push(sql`lower(p.product_code) = lower(${p.product_code})`);
      if (p.vendor_id && p.vendor_item) conditions.push(sql`(p.vendor_id = ${p.vendor_id} and lower(p.vendor_item) = lower(${p.vendor_item}))`);
      if (conditions.length === 0) return [];
      return inventoryProducts(ctx.db, business.id, sql`p.deleted_at is null and p.id <> ${p.id} and (${sql.join(conditions, sql` or `)})`);
    }),

    /**
     * The services of the listed locations: each must be one the user may see, in this location's
     * network (or this location itself); any other is refused as a whole (403), nothing partial.
     */
    implement(e.allServices, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const ids = query.locations ?? [business.id];
      for (const id of ids) {
        if (id === business.id) continue;
        const other = await findBusiness(ctx.db, id);
        if (!other || !ctx.auth || other.network_id === null || other.network_id !== business.network_id || !canSeeBusiness(ctx.auth.user, ctx.auth.grants, other)) {
          throw noPermission();
        }
      }
      const list = await servicesOf(ctx.db, ids, query.hidden ? sql`true` : sql`s.servicestatus = 0 and c.categorystatus <> 3`);
      return list.map(toLocationService);
    }),

    /** §5: both ids (the business in the path, the product in the body) and a value; the barcode is checked and unique among live products. */
    implement(e.updateBarcode, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const p = await liveProduct(tx, business.id, body.product_id, true);
        if (await barcodeTaken(tx, business.id, body.barcode, p.id)) throw new HttpError(409, MESSAGES.barcodeTaken);
        await tx.update(products).set({ barcode: body.barcode }).where(eq(products.id, p.id));
        return oneProduct(tx, business.id, p.id);
      });
    }),

    implement(e.updateUsc, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(services)
          .where(and(eq(services.business_id, business.id), eq(services.id, body.service_id), isNull(services.deleted_at)))
          .limit(1);
        if (!row) throw new HttpError(400, MESSAGES.serviceNotFound);
        await tx.update(services).set({ attributes: { ...row.attributes, usc_id: body.usc_id } }).where(eq(services.id, row.id));
        const [s] = await servicesOf(tx, [business.id], sql`s.id = ${row.id}`);
        if (!s) throw new HttpError(404, MESSAGES.serviceNotFound);
        return toCatalogueService(s);
      });
    }),

    implement(e.addVendor, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      try {
        const [row] = await ctx.db.insert(vendors).values({ ...body, business_id: business.id }).returning({ id: vendors.id });
        return oneVendor(ctx.db, business.id, row!.id);
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.vendorNameTaken);
        throw error;
      }
    }),

    implement(e.updateVendor, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      try {
        return await ctx.db.transaction(async (tx) => {
          const current = await liveVendor(tx, business.id, params.vendorId);
          await tx.update(vendors).set(body).where(eq(vendors.id, current.id));
          return oneVendor(tx, business.id, current.id);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.vendorNameTaken);
        throw error;
      }
    }),

    /** Retires a vendor; its products keep it named on their history but no longer point at it. */
    implement(e.retireVendor, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const current = await liveVendor(tx, business.id, params.vendorId);
        await tx.update(vendors).set({ deleted_at: ctx.now() }).where(eq(vendors.id, current.id));
        await tx.update(products).set({ vendor_id: null }).where(and(eq(products.business_id, business.id), eq(products.vendor_id, current.id)));
        return oneVendor(tx, business.id, current.id);
      });
    }),

    implement(e.updateProductInventory, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const p = await liveProduct(tx, business.id, params.productId);
        if (body.vendor_id) await liveVendor(tx, business.id, body.vendor_id, true);
        await tx.update(products).set(body).where(eq(products.id, p.id));
        return oneProduct(tx, business.id, p.id);
      });
    }),

    /** One movement of the ledger with a reason and a note; a subtraction below zero is refused and writes nothing. */
    implement(e.adjustStock, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const p = await liveProduct(tx, business.id, body.product_id, true);
        const [written] = await recordStockMovements(tx, {
          businessId: business.id,
          day: dayInZone(ctx.now(), business.timezone),
          userId: ctx.auth?.user.id ?? null,
          refuseBelowZero: true,
          movements: [{ product_id: p.id, reason: body.reason, quantity: body.quantity, note: body.note, source: STOCK_SOURCE.ADJUSTMENT }],
        });
        const [movement] = await stockMovementsWhere(tx, business.id, sql`m.id = ${written!.id}`, 1);
        return { movement: movement!, product: await oneProduct(tx, business.id, p.id) };
      });
    }),

    implement(e.stockHistory, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      const product = await oneProduct(ctx.db, business.id, params.productId);
      return { product, movements: await stockMovementsWhere(ctx.db, business.id, sql`m.product_id = ${product.id}`) };
    }),
  ];
}

import { catalogueFilterFor, catalogueKinds, dayInZone, endpoints, filterCatalogue, MESSAGES, STOCK_REASON, STOCK_SOURCE, userCan } from '@salondesk/core';
import { and, count, eq, isNull, max } from 'drizzle-orm';
import { HttpError } from '../http/errors';
import { type HandlerContext, implement, businessOf } from '../http/registry';
import type { Executor } from '../db/executor';
import { loadCatalogue, toCategory, toProduct, toService } from './queries';
import { onHandOf, recordStockMovements } from '../inventory/ledger';
import { categories, products, services } from './schema';
import { mediaOfBusiness } from '../media/queries';
import { readTogether } from '../db/executor';

const missing = (message: string) => new HttpError(404, message);

/** A category of the business that is not retired, or a 404 (400 when it was named in a body). */
async function liveCategory(db: Executor, businessId: number, categoryId: number, inBody = false) {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.business_id, businessId), eq(categories.id, categoryId), isNull(categories.deleted_at)))
    .limit(1);
  if (!row) throw new HttpError(inBody ? 400 : 404, MESSAGES.categoryNotFound);
  return row;
}

const mayViewProducts = (ctx: HandlerContext) => ctx.auth !== null && userCan(ctx.auth.user, 'operation.view-inventory');

export function catalogueHandlers() {
  return [
    /** The filters of spec 000 §5 run here, on the server; products only for those who may view inventory. */
    implement(endpoints.catalogue.list, async ({ query }, ctx) => {
      const all = await loadCatalogue(ctx.db, businessOf(ctx).id, mayViewProducts(ctx));
      return filterCatalogue(all, catalogueFilterFor(query.scope));
    }),

    implement(endpoints.catalogue.kinds, async (_request, ctx) => {
      const all = await loadCatalogue(ctx.db, businessOf(ctx).id, true);
      return catalogueKinds(all, catalogueFilterFor('current'));
    }),

    implement(endpoints.catalogue.addCategory, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const [last] = await ctx.db.select({ order: max(categories.order) }).from(categories).where(eq(categories.business_id, business.id));
      const [row] = await ctx.db
        .insert(categories)
        .values({ business_id: business.id, name: body.name, categorystatus: body.categorystatus, giftcard: body.giftcard, order: (last?.order ?? 0) + 1 })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      return toCategory(row);
    }),

    /** A change of kind (`giftcard`) carries over to the category's services. */
    implement(endpoints.catalogue.updateCategory, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const current = await liveCategory(tx, business.id, params.categoryId);
        const [row] = await tx.update(categories).set(body).where(eq(categories.id, current.id)).returning();
        if (!row) throw missing(MESSAGES.categoryNotFound);
        if (body.giftcard !== undefined && body.giftcard !== current.giftcard) {
          await tx.update(services).set({ giftcard: body.giftcard }).where(and(eq(services.category_id, row.id), eq(services.business_id, business.id)));
        }
        const [serviceRows, productRows] = await readTogether(tx, [
          () => tx.select().from(services).where(and(eq(services.category_id, row.id), isNull(services.deleted_at))),
          () => tx.select().from(products).where(and(eq(products.category_id, row.id), isNull(products.deleted_at))),
        ]);
        return toCategory(row, serviceRows, productRows, await onHandOf(tx, business.id, productRows.map((p) => p.id)));
      });
    }),

    /** Retires an empty category; one still holding services or products is refused. */
    implement(endpoints.catalogue.retireCategory, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const current = await liveCategory(tx, business.id, params.categoryId);
        const [s] = await tx.select({ n: count() }).from(services).where(and(eq(services.category_id, current.id), isNull(services.deleted_at)));
        const [p] = await tx.select({ n: count() }).from(products).where(and(eq(products.category_id, current.id), isNull(products.deleted_at)));
        if ((s?.n ?? 0) + (p?.n ?? 0) > 0) throw new HttpError(400, MESSAGES.categoryNotEmpty);
        const [row] = await tx.update(categories).set({ deleted_at: ctx.now() }).where(eq(categories.id, current.id)).returning();
        if (!row) throw missing(MESSAGES.categoryNotFound);
        return toCategory(row);
      });
    }),

    implement(endpoints.catalogue.addService, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const category = await liveCategory(ctx.db, business.id, body.category_id, true);
      if (body.image_media_id !== null && !(await mediaOfBusiness(ctx.db, business.id, body.image_media_id))) throw new HttpError(400, MESSAGES.mediaImageNotFound);
      const [last] = await ctx.db.select({ order: max(services.order) }).from(services).where(eq(services.category_id, category.id));
      const [row] = await ctx.db
        .insert(services)
        .values({
          business_id: business.id,
          category_id: category.id,
          name: body.name,
          price: body.price,
          duration_minutes: body.duration_minutes,
          servicestatus: body.servicestatus,
          giftcard: category.giftcard,
          order: (last?.order ?? 0) + 1,
          attributes: { taxable: body.taxable },
          image_media_id: body.image_media_id,
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      return toService(row);
    }),

    implement(endpoints.catalogue.updateService, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(services)
          .where(and(eq(services.business_id, business.id), eq(services.id, params.serviceId), isNull(services.deleted_at)))
          .limit(1);
        if (!current) throw missing(MESSAGES.serviceNotFound);
        const { taxable, category_id, ...rest } = body;
        const category = category_id !== undefined ? await liveCategory(tx, business.id, category_id, true) : undefined;
        if (rest.image_media_id != null && !(await mediaOfBusiness(tx, business.id, rest.image_media_id))) throw new HttpError(400, MESSAGES.mediaImageNotFound);
        const [row] = await tx
          .update(services)
          .set({
            ...rest,
            ...(category ? { category_id: category.id, giftcard: category.giftcard } : {}),
            ...(taxable !== undefined ? { attributes: { ...current.attributes, taxable } } : {}),
          })
          .where(eq(services.id, current.id))
          .returning();
        if (!row) throw missing(MESSAGES.serviceNotFound);
        return toService(row);
      });
    }),

    implement(endpoints.catalogue.retireService, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      const [row] = await ctx.db
        .update(services)
        .set({ deleted_at: ctx.now() })
        .where(and(eq(services.business_id, business.id), eq(services.id, params.serviceId), isNull(services.deleted_at)))
        .returning();
      if (!row) throw missing(MESSAGES.serviceNotFound);
      return toService(row);
    }),

    /** A new product; its opening count (`stock`) is the ledger's first movement (an exact count, source `opening`). */
    implement(endpoints.catalogue.addProduct, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const category = await liveCategory(tx, business.id, body.category_id, true);
        const [last] = await tx.select({ order: max(products.order) }).from(products).where(eq(products.category_id, category.id));
        const { taxable, category_id: _category, stock, ...rest } = body;
        const [row] = await tx
          .insert(products)
          .values({ ...rest, barcode: rest.barcode || null, product_code: rest.product_code || null, business_id: business.id, category_id: category.id, order: (last?.order ?? 0) + 1, attributes: taxable ? {} : { taxable: false } })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        if (stock > 0) {
          await recordStockMovements(tx, {
            businessId: business.id,
            day: dayInZone(ctx.now(), business.timezone),
            userId: ctx.auth?.user.id ?? null,
            movements: [{ product_id: row.id, reason: STOCK_REASON.OTHER, quantity: stock, source: STOCK_SOURCE.OPENING }],
          });
        }
        return toProduct(row, stock);
      });
    }),

    /** A change of `stock` is an exact recount (`ADJUSTMENT`) written to the ledger, never a stored number. */
    implement(endpoints.catalogue.updateProduct, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(products)
          .where(and(eq(products.business_id, business.id), eq(products.id, params.productId), isNull(products.deleted_at)))
          .limit(1);
        if (!current) throw missing(MESSAGES.productNotFound);
        const { taxable, category_id, stock, ...rest } = body;
        const category = category_id !== undefined ? await liveCategory(tx, business.id, category_id, true) : undefined;
        const set = {
          ...rest,
          ...(category ? { category_id: category.id } : {}),
          ...(taxable !== undefined ? { attributes: { ...current.attributes, taxable } } : {}),
        };
        // A change of only the count touches the ledger, not the product row.
        const [row] = Object.keys(set).length > 0 ? await tx.update(products).set(set).where(eq(products.id, current.id)).returning() : [current];
        if (!row) throw missing(MESSAGES.productNotFound);
        if (stock !== undefined) {
          await recordStockMovements(tx, {
            businessId: business.id,
            day: dayInZone(ctx.now(), business.timezone),
            userId: ctx.auth?.user.id ?? null,
            movements: [{ product_id: row.id, reason: STOCK_REASON.ADJUSTMENT, quantity: stock, source: STOCK_SOURCE.ADJUSTMENT }],
          });
        }
        return toProduct(row, (await onHandOf(tx, business.id, [row.id])).get(row.id) ?? 0);
      });
    }),

    implement(endpoints.catalogue.retireProduct, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      const [row] = await ctx.db
        .update(products)
        .set({ deleted_at: ctx.now() })
        .where(and(eq(products.business_id, business.id), eq(products.id, params.productId), isNull(products.deleted_at)))
        .returning();
      if (!row) throw missing(MESSAGES.productNotFound);
      return toProduct(row, (await onHandOf(ctx.db, business.id, [row.id])).get(row.id) ?? 0);
    }),
  ];
}

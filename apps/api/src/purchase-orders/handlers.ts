import {
  applyReceipt,
  dayInZone,
  endpoints,
  MESSAGES,
  PO_STATUS,
  PO_STATUS_LABEL,
  type PoAction,
  poActionProblem,
  receiptProblems,
  statusAfterReceipts,
} from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { asOfToday } from '../export/context';
import { implementExport, once } from '../export/implementExport';
import { HttpError, pleaseLogIn } from '../http/errors';
import { type HandlerContext, implement } from '../http/registry';
import { recordStockMovements } from '../inventory/ledger';
import { type Executor, rows } from '../db/executor';
import { purchaseOrderLines, purchaseOrderReceiptLines, purchaseOrderReceipts } from './schema';
import { listPurchaseOrders, loadPurchaseOrder, lockPurchaseOrder, readPoSettings, reorderSuggestionsOf } from './queries';

/** The signed-in user and the (already access-checked) business of the path. */
function scope(ctx: HandlerContext): { userId: number; businessId: number; timezone: string } {
  if (!ctx.auth) throw pleaseLogIn();
  if (!ctx.business) throw new HttpError(500, MESSAGES.serverError);
  return { userId: ctx.auth.user.id, businessId: ctx.business.id, timezone: ctx.business.timezone };
}

/** Refuses an action its status does not allow (409, with the reason). */
function allow(action: PoAction, status: Parameters<typeof poActionProblem>[1]): void {
  const problem = poActionProblem(action, status);
  if (problem) throw new HttpError(409, problem);
}

/**
 * Checks an order's lines against the business: its vendor is live, every product is live, this
 * business's and that vendor's. Returns each line with its unit cost (the product's, unless given).
 */
async function checkedLines(db: Executor, businessId: number, vendorId: number, lines: readonly { product_id: number; quantity: number; unit_cost?: number }[]) {
  const [vendor] = await rows<{ id: number }>(db, sql`select id from vendors where business_id = ${businessId} and id = ${vendorId} and deleted_at is null`);
  if (!vendor) throw new HttpError(404, MESSAGES.vendorNotFound, { issues: [{ path: ['vendor_id'], message: MESSAGES.vendorNotFound }] });
  const ids = lines.map((l) => l.product_id);
  const found = await rows<{ id: number; vendor_id: number | null; cost: number }>(
    db,
    sql`select id, vendor_id, cost from products where business_id = ${businessId} and deleted_at is null and id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
  );
  const byId = new Map(found.map((p) => [p.id, p]));
  return lines.map((line, i) => {
    const product = byId.get(line.product_id);
    if (!product) throw new HttpError(404, MESSAGES.productNotFound, { issues: [{ path: ['lines', i, 'product_id'], message: MESSAGES.productNotFound }] });
    if (product.vendor_id !== vendorId) throw new HttpError(400, MESSAGES.poProductOtherVendor, { issues: [{ path: ['lines', i, 'product_id'], message: MESSAGES.poProductOtherVendor }] });
    return { product_id: line.product_id, quantity: line.quantity, unit_cost: line.unit_cost ?? product.cost };
  });
}

async function writeLines(tx: Executor, businessId: number, poId: number, lines: Awaited<ReturnType<typeof checkedLines>>) {
  await tx.delete(purchaseOrderLines).where(sql`${purchaseOrderLines.purchase_order_id} = ${poId}`);
  await tx.insert(purchaseOrderLines).values(lines.map((l, position) => ({ purchase_order_id: poId, business_id: businessId, product_id: l.product_id, position, quantity: l.quantity, unit_cost: l.unit_cost })));
}

/**
 * Purchase orders: the PO config (`tablesettings/po-settings/get`, `/update`, one per business),
 * the reorder suggestions, and the orders from draft to closed. Every change locks its order, so
 * two receipts of one order at once are checked one after the other and never exceed it.
 */
export function purchaseOrderHandlers() {
  const e = endpoints.purchaseOrders;
  const x = endpoints.purchaseOrderExports;
  /** A list of the business as of today, read whole by the screen's own query (a location has hundreds of orders and products, not millions). */
  const listOf = <T,>(ctx: HandlerContext, load: (businessId: number) => Promise<T[]>) => {
    if (!ctx.business) throw new HttpError(500, MESSAGES.serverError);
    const business = ctx.business;
    return { ...asOfToday(ctx, business), rows: once(() => load(business.id)) };
  };
  return [
    implementExport(x.orders, async ({ query }, ctx) =>
      listOf(ctx, async (businessId) =>
        (await listPurchaseOrders(ctx.db, businessId, query.status)).map((o) => ({
          id: o.id,
          vendor: o.vendor_name,
          status: PO_STATUS_LABEL[o.status],
          lines: o.lines,
          total: o.total,
          received_total: o.received_total,
          created_at: o.created_at,
          sent_at: o.sent_at,
          received_at: o.received_at,
          closed_at: o.closed_at,
          note: o.note,
        })),
      ),
    ),
    implementExport(x.suggestions, async (_request, ctx) =>
      listOf(ctx, async (businessId) => {
        const settings = await readPoSettings(ctx.db, businessId);
        return (await reorderSuggestionsOf(ctx.db, businessId, settings.configuration.config)).map((s) => ({
          vendor: s.vendor_name,
          category: s.category_name,
          product: s.product_name,
          barcode: s.barcode,
          unit: s.unit,
          on_hand: s.on_hand,
          par: s.par_quantity,
          full: s.full_quantity,
          on_order: s.on_order,
          quantity: s.quantity,
          unit_cost: s.unit_cost,
        }));
      }),
    ),

    implement(e.settings, async (_request, ctx) => readPoSettings(ctx.db, scope(ctx).businessId)),

    implement(e.updateSettings, async ({ body }, ctx) => {
      const { userId, businessId } = scope(ctx);
      const { title, configuration, id } = body.settings;
      return ctx.db.transaction(async (tx) => {
        const value = JSON.stringify(configuration);
        if (id !== undefined && id !== null) {
          const [row] = await rows<{ id: number }>(
            tx,
            sql`update purchase_order_settings set title = ${title}, configuration = ${value}::jsonb, updated_by = ${userId}, updated_at = now()
                where id = ${id} and business_id = ${businessId} returning id`,
          );
          if (!row) throw new HttpError(404, MESSAGES.tableSettingsNotFound);
        } else {
          await rows(
            tx,
            sql`insert into purchase_order_settings (business_id, title, configuration, updated_by) values (${businessId}, ${title}, ${value}::jsonb, ${userId})
                on conflict (business_id) do update set title = excluded.title, configuration = excluded.configuration, updated_by = excluded.updated_by, updated_at = now()
                returning id`,
          );
        }
        return readPoSettings(tx, businessId);
      });
    }),

    implement(e.suggestions, async (_request, ctx) => {
      const { businessId } = scope(ctx);
      const settings = await readPoSettings(ctx.db, businessId);
      return { config: settings.configuration.config, suggestions: await reorderSuggestionsOf(ctx.db, businessId, settings.configuration.config) };
    }),

    implement(e.list, async ({ query }, ctx) => listPurchaseOrders(ctx.db, scope(ctx).businessId, query.status)),

    implement(e.get, async ({ params }, ctx) => loadPurchaseOrder(ctx.db, scope(ctx).businessId, params.poId)),

    implement(e.add, async ({ body }, ctx) => {
      const { userId, businessId } = scope(ctx);
      return ctx.db.transaction(async (tx) => {
        const lines = await checkedLines(tx, businessId, body.vendor_id, body.lines);
        const [order] = await rows<{ id: number }>(
          tx,
          sql`insert into purchase_orders (business_id, vendor_id, status, note, created_by) values (${businessId}, ${body.vendor_id}, ${PO_STATUS.DRAFT}, ${body.note ?? ''}, ${userId}) returning id`,
        );
        const poId = (order as { id: number }).id;
        await writeLines(tx, businessId, poId, lines);
        return loadPurchaseOrder(tx, businessId, poId);
      });
    }),

    implement(e.update, async ({ params, body }, ctx) => {
      const { businessId } = scope(ctx);
      return ctx.db.transaction(async (tx) => {
        const order = await lockPurchaseOrder(tx, businessId, params.poId);
        allow('edit', order.status);
        if (body.lines) await writeLines(tx, businessId, order.id, await checkedLines(tx, businessId, order.vendor_id, body.lines));
        if (body.note !== undefined) await rows(tx, sql`update purchase_orders set note = ${body.note} where id = ${order.id}`);
        return loadPurchaseOrder(tx, businessId, order.id);
      });
    }),

    implement(e.send, async ({ params }, ctx) => {
      const { businessId } = scope(ctx);
      return ctx.db.transaction(async (tx) => {
        const order = await lockPurchaseOrder(tx, businessId, params.poId);
        allow('send', order.status);
        await rows(tx, sql`update purchase_orders set status = ${PO_STATUS.SENT}, sent_at = now() where id = ${order.id}`);
        return loadPurchaseOrder(tx, businessId, order.id);
      });
    }),

    implement(e.receive, async ({ params, body }, ctx) => {
      const { userId, businessId, timezone } = scope(ctx);
      return ctx.db.transaction(async (tx) => {
        const order = await lockPurchaseOrder(tx, businessId, params.poId);
        allow('receive', order.status);
        const current = await loadPurchaseOrder(tx, businessId, order.id);
        const lines = current.order_lines.map((l) => ({ id: l.id, quantity: l.quantity, received: l.received, product_id: l.product_id }));
        const receipt = body.lines.map((l) => ({ lineId: l.line_id, quantity: l.quantity }));
        const problems = receiptProblems(lines, receipt);
        if (problems.length > 0) {
          const issues = problems.map((p) => ({ path: p.lineId === null ? ['lines'] : ['lines', body.lines.findIndex((l) => l.line_id === p.lineId), 'quantity'], message: p.message }));
          throw new HttpError(400, problems[0]?.message ?? MESSAGES.poNothingReceived, { issues });
        }
        const note = body.note ?? '';
        const [made] = await tx
          .insert(purchaseOrderReceipts)
          .values({ purchase_order_id: order.id, business_id: businessId, received_by: userId, note })
          .returning({ id: purchaseOrderReceipts.id });
        const receiptId = (made as { id: number }).id;
        const productOf = new Map(lines.map((l) => [l.id, l.product_id]));
        const movements = await recordStockMovements(tx, {
          businessId,
          day: dayInZone(ctx.now(), timezone),
          userId,
          movements: body.lines.map((l) => ({
            product_id: productOf.get(l.line_id) as number,
            reason: 'NEWSTOCK',
            source: 'receiving',
            quantity: l.quantity,
            note: note === '' ? `Purchase order #${order.id}` : `Purchase order #${order.id}: ${note}`,
            purchase_order_id: order.id,
          })),
        });
        await tx.insert(purchaseOrderReceiptLines).values(body.lines.map((l, i) => ({ receipt_id: receiptId, line_id: l.line_id, quantity: l.quantity, stock_movement_id: movements[i]?.id ?? null })));
        const status = statusAfterReceipts(applyReceipt(lines, receipt));
        await rows(tx, sql`update purchase_orders set status = ${status}, received_at = ${status === PO_STATUS.RECEIVED ? sql`now()` : sql`null`} where id = ${order.id}`);
        return loadPurchaseOrder(tx, businessId, order.id);
      });
    }),

    implement(e.close, async ({ params }, ctx) => {
      const { businessId } = scope(ctx);
      return ctx.db.transaction(async (tx) => {
        const order = await lockPurchaseOrder(tx, businessId, params.poId);
        allow('close', order.status);
        await rows(tx, sql`update purchase_orders set status = ${PO_STATUS.CLOSED}, closed_at = now() where id = ${order.id}`);
        return loadPurchaseOrder(tx, businessId, order.id);
      });
    }),
  ];
}

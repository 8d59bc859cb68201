import {
  clientName,
  dayInZone,
  decodeTicketCursor,
  searchRangeProblem,
  STOCK_SOURCE,
  endpoints,
  HISTORY_ACTION,
  loyaltyProgress,
  MESSAGES,
  operations,
  statusAfterReactivation,
  statusAfterRemoval,
  TRANSACTION_STATUS_LABEL,
  TRANSACTION_STATUSES,
  transactionCan,
  isOpen,
  type HistoryAction,
  type TransactionDay,
  type TransactionStatus,
} from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { checkRange } from '../http/checkRange';
import { HttpError, invalidRequest, notFound } from '../http/errors';
import { type HandlerContext, implement, businessOf } from '../http/registry';
import { implementOperation } from '../proxy/registry';
import { preSerialized } from '../http/pre-serialized';
import { reverseSaleStock } from '../inventory/sales';
import { countHistory, listHistory } from './history';
import { refundTicket } from './refund';
import { takeBackIssuedCards } from '../prepaid/issue';
import { returnPrepaidForRefund, reversePrepaidForRemoval, syncGiftTender } from '../prepaid/ledger';
import { resolveTicketFilter, ticketListSummary, ticketPage } from './search';
import { listDay, listDayJson, loadTransaction, lockTicket, mergeDetails, PAYMENT_COLUMNS, type PaymentRow, recordHistory, toPayment } from './queries';
import { iso } from '../db/instants';
import { rows } from '../db/executor';

const userOf = (ctx: HandlerContext) => ctx.auth?.user ?? null;

export function transactionHandlers() {
  const e = endpoints.transactions;
  return [
    implement(e.queueSummary, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      checkRange(query.start, query.end);
      const counts = await rows<{ status: TransactionStatus; n: number }>(
        ctx.db,
        sql`select status, count(*)::int as n from queue where business_id = ${business.id} and day between ${query.start} and ${query.end} group by status`,
      );
      const byStatus = TRANSACTION_STATUSES.map((status) => ({
        status,
        label: TRANSACTION_STATUS_LABEL[status],
        count: counts.find((c) => c.status === status)?.n ?? 0,
      }));
      return {
        start: query.start,
        end: query.end,
        total: byStatus.reduce((s, r) => s + r.count, 0),
        open: byStatus.filter((r) => isOpen(r.status)).reduce((s, r) => s + r.count, 0),
        byStatus,
      };
    }),

    // The hot list: PostgreSQL builds the JSON, the registry sends it as is (http/pre-serialized.ts).
    implement(e.day, async ({ params }, ctx) => preSerialized<TransactionDay>(await listDayJson(ctx.db, businessOf(ctx).id, params.day))),

    implement(e.search, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const problem = searchRangeProblem(query);
      if (problem) throw invalidRequest([{ path: ['query', 'end'], message: problem }]);
      const cursor = query.cursor === undefined ? null : decodeTicketCursor(query.cursor);
      if (query.cursor !== undefined && (cursor === null || cursor.sort !== query.sort || cursor.dir !== query.dir)) {
        throw invalidRequest([{ path: ['query', 'cursor'], message: 'Must be the next-page cursor of a search in the same order' }]);
      }
      const filter = await resolveTicketFilter(ctx.db, business, query);
      const [page, summary] = await Promise.all([
        ticketPage(ctx.db, filter, { sort: query.sort, dir: query.dir }, cursor, query.limit),
        cursor === null ? ticketListSummary(ctx.db, filter) : null,
      ]);
      return { start: query.start, end: query.end, transactions: page.transactions, next: page.next, summary };
    }),

    implement(e.providerDay, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      const list = await rows<PaymentRow & { status: TransactionStatus; firstname: string | null; lastname: string | null; phone: string | null; phone_type: string | null }>(
        ctx.db,
        sql`select ${PAYMENT_COLUMNS}, q.status, c.firstname, c.lastname, c.phone, c.phone_type
            from payments p join queue q on q.id = p.queue_id left join customers c on c.id = q.customer_id
            where p.business_id = ${business.id} and p.provider = ${params.provider} and p.day = ${params.day}
            order by p.created_at desc, p.id desc`,
      );
      return {
        provider: params.provider,
        day: params.day,
        transactions: list.map((p) => ({
          ...toPayment(p),
          status: p.status,
          customer: clientName(p),
        })),
      };
    }),

    implement(e.detail, async ({ params }, ctx) => loadTransaction(ctx.db, businessOf(ctx).id, params.txId)),

    implement(e.remove, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      const user = userOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const ticket = await lockTicket(tx, business.id, params.txId);
        if (!transactionCan.remove({ status: ticket.status, refunded: ticket.checkout?.refunded ?? 0 })) throw new HttpError(409, MESSAGES.cannotRemove);
        const next = statusAfterRemoval({ status: ticket.status, serviced: ticket.service_at !== null });
        const details = mergeDetails(ticket.details, [
          { name: 'removedetail', value: body.reason },
          { name: 'removenote', value: body.note },
          { name: 'removed_by', value: user?.fullname ?? 'Unknown' },
        ]);
        await tx.execute(sql`update queue set status = ${next}, details = ${JSON.stringify(details)}::jsonb, updated_at = now() where id = ${ticket.id}`);
        let cards: Awaited<ReturnType<typeof takeBackIssuedCards>> = [];
        if (ticket.checkout) {
          await tx.execute(sql`update checkouts set voided_at = now() where id = ${ticket.checkout.id}`);
          await tx.execute(sql`update saleslogs set voided = true where queue_id = ${ticket.id} and checkout_id = ${ticket.checkout.id}`);
          await tx.execute(sql`update payments set charge_status = 'VOID' where queue_id = ${ticket.id}`);
          await reversePrepaidForRemoval(tx, { id: ticket.checkout.id, queue_id: ticket.id }, { businessId: business.id, timeZone: business.timezone, at: ctx.now(), userId: user?.id ?? null, note: body.reason });
          cards = await takeBackIssuedCards(tx, { id: ticket.checkout.id, queue_id: ticket.id, paid: ticket.checkout.paid, refundedBefore: ticket.checkout.refunded, refunded: ticket.checkout.paid }, { businessId: business.id, timeZone: business.timezone, at: ctx.now(), userId: user?.id ?? null, reason: 'Ticket deleted', note: body.reason });
          await reverseSaleStock(tx, { businessId: business.id, checkoutId: ticket.checkout.id, day: dayInZone(ctx.now(), business.timezone), source: STOCK_SOURCE.DELETION, userId: user?.id ?? null });
        }
        await recordHistory(tx, {
          businessId: business.id,
          queueId: ticket.id,
          at: ctx.now(),
          timeZone: business.timezone,
          action: HISTORY_ACTION.DELETE,
          userId: user?.id ?? null,
          reason: body.reason,
          note: body.note,
          amount: ticket.checkout?.paid ?? null,
          detail: { src: body.src, from: ticket.status, to: next, ...(cards.length ? { cards } : {}) },
        });
        return loadTransaction(tx, business.id, ticket.id);
      });
    }),

    implement(e.history, async ({ params, query }, ctx) => {
      const [business] = await rows<{ id: number }>(ctx.db, sql`select id from businesses where id = ${params.id}`);
      if (!business) throw new HttpError(404, MESSAGES.businessNotFound);
      checkRange(params.a, params.b);
      const pageSize = 50;
      const filter = { businessId: params.id, start: params.a, end: params.b, q: query.q, action: query.action };
      const total = await countHistory(ctx.db, filter);
      const { entries } = await listHistory(ctx.db, filter, { limit: pageSize, offset: (query.page - 1) * pageSize });
      return { total, page: query.page, pageSize, entries };
    }),

    implement(e.loyalty, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const [customer] = await rows<{ id: number; firstname: string | null; lastname: string | null; phone: string; phone_type: string; erased_at: Date | null; loyalty_points: number }>(
        ctx.db,
        sql`select id, firstname, lastname, phone, phone_type, erased_at, loyalty_points from customers where id = ${query.id} and business_id = ${business.id}`,
      );
      if (!customer) throw new HttpError(404, MESSAGES.customerNotFound);
      const info = business.info as { loyaltyPointsThreshold?: number };
      const progress = loyaltyProgress(customer.loyalty_points, info.loyaltyPointsThreshold);
      if (!progress.ok) throw new HttpError(400, MESSAGES.requestNotFulfilled);
      return {
        customer_id: customer.id,
        name: clientName(customer),
        ...progress.value,
      };
    }),

    implement(e.reactivate, async ({ params }, ctx) => {
      const business = businessOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const ticket = await lockTicket(tx, business.id, params.txId);
        if (!transactionCan.reactivate({ status: ticket.status })) throw new HttpError(409, MESSAGES.cannotReactivate);
        const next = statusAfterReactivation({ serviced: ticket.service_at !== null });
        const details = ticket.details.filter((d) => !['removedetail', 'removenote', 'removed_by'].includes(d.name));
        await tx.execute(sql`update queue set status = ${next}, checkout_at = null, details = ${JSON.stringify(details)}::jsonb, updated_at = now() where id = ${ticket.id}`);
        await recordHistory(tx, {
          businessId: business.id,
          queueId: ticket.id,
          at: ctx.now(),
          timeZone: business.timezone,
          action: HISTORY_ACTION.REACTIVATE,
          userId: userOf(ctx)?.id ?? null,
          detail: { from: ticket.status, to: next },
        });
        return loadTransaction(tx, business.id, ticket.id);
      });
    }),

    implement(e.update, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      if (body.serviced_by === undefined && body.notes === undefined && body.tender === undefined) {
        throw invalidRequest([{ path: [], message: 'Change at least one of staff, notes or tender.' }]);
      }
      return ctx.db.transaction(async (tx) => {
        const ticket = await lockTicket(tx, business.id, params.txId);
        if (!transactionCan.update({ status: ticket.status })) throw new HttpError(409, MESSAGES.cannotUpdate);
        const changes: Record<string, unknown> = {};
        if (body.serviced_by !== undefined) {
          const [member] = await rows<{ id: number }>(tx, sql`select id from staff where id = ${body.serviced_by} and business_id = ${business.id} and deleted_at is null`);
          if (!member) throw invalidRequest([{ path: ['serviced_by'], message: MESSAGES.staffNotInBusiness }]);
          await tx.execute(sql`update queue set serviced_by = ${member.id} where id = ${ticket.id}`);
          if (ticket.checkout) {
            await tx.execute(sql`update checkouts set employee_id = ${member.id} where id = ${ticket.checkout.id}`);
            await tx.execute(sql`update saleslogs set employee_id = ${member.id} where queue_id = ${ticket.id} and checkout_id = ${ticket.checkout.id}`);
          }
          changes.serviced_by = member.id;
        }
        if (body.tender !== undefined) {
          if (!ticket.checkout) throw invalidRequest([{ path: ['tender'], message: MESSAGES.cannotUpdate }]);
          const { cashamount, creditamount, giftamount } = body.tender;
          if (cashamount + creditamount + giftamount !== ticket.checkout.paid) throw invalidRequest([{ path: ['tender'], message: MESSAGES.tenderMismatch }]);
          await tx.execute(sql`update checkouts set cashamount = ${cashamount}, creditamount = ${creditamount}, giftamount = ${giftamount} where id = ${ticket.checkout.id}`);
          await syncGiftTender(tx, { ...ticket.checkout, queue_id: ticket.id }, giftamount, body.tender.giftcard, { businessId: business.id, timeZone: business.timezone, at: ctx.now(), userId: userOf(ctx)?.id ?? null });
          changes.tender = { from: { cashamount: ticket.checkout.cashamount, creditamount: ticket.checkout.creditamount, giftamount: ticket.checkout.giftamount }, to: body.tender };
        }
        if (body.notes !== undefined) {
          const details = mergeDetails(ticket.details, [{ name: 'appointmentnotes', value: body.notes.trim() }]);
          await tx.execute(sql`update queue set details = ${JSON.stringify(details)}::jsonb where id = ${ticket.id}`);
          changes.notes = body.notes.trim();
        }
        await tx.execute(sql`update queue set updated_at = now() where id = ${ticket.id}`);
        await recordHistory(tx, { businessId: business.id, queueId: ticket.id, at: ctx.now(), timeZone: business.timezone, action: HISTORY_ACTION.UPDATE, userId: userOf(ctx)?.id ?? null, detail: changes });
        return loadTransaction(tx, business.id, ticket.id);
      });
    }),

    /** A refund: the one refund flow (refund.ts). */
    implement(e.refund, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      return refundTicket(ctx.db, { businessId: business.id, timeZone: business.timezone, txId: params.txId, body, userId: userOf(ctx)?.id ?? null, now: ctx.now() });
    }),
  ];
}

export function transactionOperationHandlers() {
  const o = operations.transactions;
  return [
    implementOperation(o.bypassMode, async ({ query }, ctx) => {
      if (!ctx.business) throw notFound();
      return listDay(ctx.db, ctx.business.id, query.day, { bypassOnly: true });
    }),
    implementOperation(o.updateDetails, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const ticket = await lockTicket(tx, business.id, params.txId);
        if (!transactionCan.update({ status: ticket.status })) throw new HttpError(409, MESSAGES.cannotUpdate);
        const changes = body.details.map((d) => ({ name: d.name, value: d.value.trim() }));
        const details = mergeDetails(ticket.details, changes);
        await tx.execute(sql`update queue set details = ${JSON.stringify(details)}::jsonb, updated_at = now() where id = ${ticket.id}`);
        await recordHistory(tx, { businessId: business.id, queueId: ticket.id, at: ctx.now(), timeZone: business.timezone, action: HISTORY_ACTION.UPDATE, userId: userOf(ctx)?.id ?? null, detail: { details: changes } });
        return loadTransaction(tx, business.id, ticket.id);
      });
    }),
  ];
}

import { checkRefund, dayInZone, HISTORY_ACTION, MESSAGES, type RefundBody, STOCK_SOURCE, transactionCan } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rows } from '../db/executor';
import { HttpError, notFound } from '../http/errors';
import { reverseSaleStock } from '../inventory/sales';
import { takeBackIssuedCards } from '../prepaid/issue';
import { returnPrepaidForRefund } from '../prepaid/ledger';
import { lockTicket, recordHistory } from './queries';

/**
 * The refund of a ticket (`dashboardrefund/{txId}`), one module for the one flow (STYLE.md "A money
 * flow is one module"). One transaction under a row lock on the ticket and its checkout, so
 * concurrent refunds are decided one after another and together never exceed what was paid:
 *
 * 1. the idempotency key, looked up after the lock: a retry (even one racing the first request)
 *    gets the first answer; the key with another ticket or amount is refused;
 * 2. core's rules decide: `transactionCan.refund` (a completed ticket) and `checkRefund` (a
 *    positive whole amount, at most what is left: the same rule the refund dialog shows);
 * 3. the refund row (dated the business day it is made, in the business's time zone, never the
 *    ticket's day: that day may be closed), the checkout's refunded total, the prepaid ledger
 *    (money paid from a card goes back to it; cards the ticket issued are taken back), the stock
 *    of a ticket refunded in full, and the ticket's history.
 */

export interface RefundInput {
  businessId: number;
  timeZone: string;
  txId: number;
  body: RefundBody;
  userId: number | null;
  now: Date;
}

export interface RefundAnswer {
  refund_id: number;
  txId: number;
  amount: number;
  refunded: number;
  refundable: number;
}

const PG_UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === PG_UNIQUE_VIOLATION || e?.cause?.code === PG_UNIQUE_VIOLATION;
};

/** Refunds `body.amount` of a ticket; answers the refund (the same answer for every retry with its key). */
export async function refundTicket(db: Database, input: RefundInput): Promise<RefundAnswer> {
  const { businessId, timeZone, txId, body, userId, now } = input;
  const fingerprint = `${txId}:${body.amount}`;
  try {
    const refundId = await db.transaction(async (tx) => {
      const ticket = await lockTicket(tx, businessId, txId);
      const [previous] = await rows<{ id: number; request_fingerprint: string }>(
        tx,
        sql`select id, request_fingerprint from refunds where business_id = ${businessId} and idempotency_key = ${body.idempotencyKey}`,
      );
      if (previous) {
        if (previous.request_fingerprint !== fingerprint) throw new HttpError(409, MESSAGES.refundKeyReused);
        return previous.id;
      }
      if (!ticket.checkout || !transactionCan.refund({ status: ticket.status })) throw new HttpError(409, MESSAGES.cannotRefund);
      const checkout = ticket.checkout;
      const check = checkRefund(body.amount, checkout.paid, checkout.refunded);
      if (!check.ok) throw new HttpError(409, MESSAGES.refundTooMuch);
      const day = dayInZone(now, timeZone);
      const [created] = await rows<{ id: number }>(
        tx,
        sql`insert into refunds (business_id, queue_id, checkout_id, day, amount, reason, note, refunded_by, idempotency_key, request_fingerprint, created_at)
            values (${businessId}, ${ticket.id}, ${checkout.id}, ${day}, ${body.amount}, ${body.reason}, ${body.note}, ${userId},
                    ${body.idempotencyKey}, ${fingerprint}, ${now.toISOString()})
            returning id`,
      );
      await tx.execute(sql`update checkouts set refunded = refunded + ${body.amount} where id = ${checkout.id}`);
      const ledger = { businessId, timeZone, at: now, userId, note: body.reason };
      await returnPrepaidForRefund(tx, { ...checkout, queue_id: ticket.id }, body.amount, ledger);
      const cards = await takeBackIssuedCards(tx, { id: checkout.id, queue_id: ticket.id, paid: checkout.paid, refundedBefore: checkout.refunded, refunded: checkout.refunded + body.amount }, ledger);
      if (check.remaining === 0) {
        await reverseSaleStock(tx, { businessId, checkoutId: checkout.id, day, source: STOCK_SOURCE.REFUND, userId, at: now });
      }
      await recordHistory(tx, {
        businessId,
        queueId: ticket.id,
        at: now,
        timeZone,
        action: HISTORY_ACTION.REFUND,
        userId,
        reason: body.reason,
        note: body.note,
        amount: body.amount,
        detail: { refundable: check.remaining, ...(cards.length ? { cards } : {}) },
      });
      return (created as { id: number }).id;
    });
    return refundAnswer(db, refundId);
  } catch (error) {
    // The same key used at once on another ticket of this business: the unique index decides.
    if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.refundKeyReused);
    throw error;
  }
}

/** A refund's answer, the same for the first request and every retry with its key. */
async function refundAnswer(db: Database, refundId: number): Promise<RefundAnswer> {
  const [r] = await rows<{ id: number; queue_id: number; amount: number; refunded: number; paid: number }>(
    db,
    sql`select r.id, r.queue_id, r.amount,
          (select sum(x.amount)::int from refunds x where x.queue_id = r.queue_id and x.checkout_id = r.checkout_id and x.id <= r.id) as refunded,
          (k.cashamount + k.creditamount + k.giftamount) as paid
        from refunds r join checkouts k on k.id = r.checkout_id where r.id = ${refundId}`,
  );
  if (!r) throw notFound();
  return { refund_id: r.id, txId: r.queue_id, amount: r.amount, refunded: r.refunded, refundable: Math.max(0, r.paid - r.refunded) };
}

import { applyCardEntry, CARD_ENTRY, type CardEntry, type CardRequest, dayInZone, giftShareOfRefunds, MESSAGES, replayCard } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { HttpError, invalidRequest } from '../http/errors';
import { rows } from '../db/executor';
import type { Executor } from '../db/executor';

/**
 * The one writer of card ledgers. Every entry is checked by core's `applyCardEntry` against the
 * card as its ledger stands, under a row lock on the card (`select … for update`), so entries of
 * one card are decided one after another: twenty redemptions at once never take more than the
 * card holds. The ticket paths call `redeemPrepaid`, `returnPrepaidForRefund` and
 * `reversePrepaidForRemoval` inside their own transaction, so the card moves with the sale or not
 * at all.
 */

export interface EntryMeta {
  businessId: number;
  timeZone: string;
  at: Date;
  /** The business day it counts on (default: `at` in `timeZone`). */
  day?: string;
  userId: number | null;
  queueId?: number | null;
  checkoutId?: number | null;
  reason?: string | null;
  note?: string | null;
}

/** Writes one entry on a card the caller has locked; refused (409 with the reason) when the rules say no. */
export async function writeCardEntry(tx: Executor, cardId: number, request: CardRequest, meta: EntryMeta): Promise<number> {
  const ledger = await rows<CardEntry>(tx, sql`select kind, amount from prepaid_ledger where card_id = ${cardId} order by id`);
  const result = applyCardEntry(replayCard(ledger), request);
  if (!result.ok) throw new HttpError(409, result.problem);
  await tx.execute(sql`insert into prepaid_ledger (card_id, business_id, kind, amount, day, at, queue_id, checkout_id, reason, note, user_id)
    values (${cardId}, ${meta.businessId}, ${request.kind}, ${result.amount}, ${meta.day ?? dayInZone(meta.at, meta.timeZone)}, ${meta.at.toISOString()},
      ${meta.queueId ?? null}, ${meta.checkoutId ?? null}, ${meta.reason ?? null}, ${meta.note || null}, ${meta.userId})`);
  return result.amount;
}

interface Checkout {
  id: number;
  queue_id: number;
  paid: number;
  giftamount: number;
  refunded: number;
}

/** What a checkout took from each card as tender and has not given back yet, the card used last first (cards it sold are `issue.ts`'s). */
async function netByCard(tx: Executor, checkoutId: number) {
  return rows<{ card_id: number; net: number }>(
    tx,
    sql`select card_id, (-sum(amount))::int as net from prepaid_ledger where checkout_id = ${checkoutId} and kind in (${CARD_ENTRY.REDEEM}, ${CARD_ENTRY.REFUND}) group by card_id order by max(id) desc`,
  );
}

/** Locks the cards in id order (two tickets on the same two cards never wait on each other in a circle). */
async function lockCards(tx: Executor, cardIds: readonly number[]) {
  for (const id of [...cardIds].sort((a, b) => a - b)) await tx.execute(sql`select id from prepaid_cards where id = ${id} for update`);
}

/** Gives `amount` back to the cards a checkout took it from, the last used first. */
async function giveBack(tx: Executor, checkout: Checkout, amount: number, meta: EntryMeta) {
  if (amount <= 0) return;
  const cards = (await netByCard(tx, checkout.id)).filter((c) => c.net > 0);
  await lockCards(tx, cards.map((c) => c.card_id));
  let left = amount;
  for (const card of cards) {
    if (left <= 0) break;
    const back = Math.min(left, card.net);
    await writeCardEntry(tx, card.card_id, { kind: CARD_ENTRY.REFUND, amount: back }, { ...meta, queueId: checkout.queue_id, checkoutId: checkout.id });
    left -= back;
  }
}

/**
 * A gift-card payment of a completed ticket: redeems `amount` from the card numbered `cardNumber`
 * of the ticket's network (or its location, without one). Refused with the reason when the card is
 * unknown, closed or holds less.
 */
export async function redeemPrepaid(tx: Executor, checkout: Pick<Checkout, 'id' | 'queue_id'>, cardNumber: string, amount: number, meta: EntryMeta): Promise<void> {
  if (amount <= 0) return;
  const [card] = await rows<{ id: number }>(
    tx,
    sql`select c.id from prepaid_cards c join businesses here on here.id = ${meta.businessId}
        where c.card_number = ${cardNumber} and (c.business_id = here.id or (here.network_id is not null and c.network_id = here.network_id)) for update of c`,
  );
  if (!card) throw invalidRequest([{ path: ['tender', 'giftcard'], message: MESSAGES.giftCardNotFound }]);
  await writeCardEntry(tx, card.id, { kind: CARD_ENTRY.REDEEM, amount }, { ...meta, queueId: checkout.queue_id, checkoutId: checkout.id });
}

/**
 * A changed tender split (`updatetransaction`): the cards end up holding exactly the new gift
 * tender, less its share of what was refunded. More gift tender redeems the difference from
 * `cardNumber` (else the card the ticket used); less gives the difference back.
 */
export async function syncGiftTender(tx: Executor, checkout: Checkout, newGift: number, cardNumber: string | undefined, meta: EntryMeta): Promise<void> {
  const nets = await netByCard(tx, checkout.id);
  const taken = nets.reduce((s, c) => s + c.net, 0);
  const target = newGift - giftShareOfRefunds(checkout.refunded, newGift, checkout.paid);
  const more = target - taken;
  if (more < 0) return giveBack(tx, checkout, -more, meta);
  if (more === 0) return;
  const number =
    cardNumber ?? (nets[0] ? (await rows<{ card_number: string }>(tx, sql`select card_number from prepaid_cards where id = ${nets[0].card_id}`))[0]?.card_number : undefined);
  if (!number) throw invalidRequest([{ path: ['tender', 'giftcard'], message: MESSAGES.giftCardRequired }]);
  await redeemPrepaid(tx, checkout, number, more, meta);
}

/** A refund of a ticket: its gift cards get their share of it back (`giftShareOfRefunds`). */
export async function returnPrepaidForRefund(tx: Executor, checkout: Checkout, refundAmount: number, meta: EntryMeta): Promise<void> {
  const before = giftShareOfRefunds(checkout.refunded, checkout.giftamount, checkout.paid);
  const after = giftShareOfRefunds(checkout.refunded + refundAmount, checkout.giftamount, checkout.paid);
  await giveBack(tx, checkout, after - before, meta);
}

/** A deleted ticket: everything its checkout still holds of its gift cards goes back to them. */
export async function reversePrepaidForRemoval(tx: Executor, checkout: Pick<Checkout, 'id' | 'queue_id'>, meta: EntryMeta): Promise<void> {
  const held = (await netByCard(tx, checkout.id)).reduce((s, c) => s + Math.max(0, c.net), 0);
  await giveBack(tx, { ...checkout, paid: 0, giftamount: 0, refunded: 0 }, held, meta);
}

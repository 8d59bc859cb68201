import { CARD_ENTRY, CARD_KIND, CARD_VALID_DAYS, GIFTCARD_KIND, issuedCardTakeBack, replayCard, type CardEntry, type CardKind } from '@salondesk/core';
import { type SQL, sql } from 'drizzle-orm';
import { clientNameSql } from '../customers/display-name';
import { rows } from '../db/executor';
import { type EntryMeta, writeCardEntry } from './ledger';
import type { Executor } from '../db/executor';

/**
 * Cards sold on tickets. Every unit of a completed ticket's prepaid line (`saleslogs.kind =
 * 'giftcard'`) issues a card: its kind from the service's `giftcard` (core `cardKindOfGiftcard`),
 * its amount the unit's share of the line total (core `cardAmountsOfLine`), at the ticket's
 * location, dated at the checkout in the location's time zone, the ticket's customer as purchaser,
 * the ISSUE entry tied to the ticket (`queue_id`, `checkout_id`). A refund or deletion of the
 * ticket takes back from those cards (core `issuedCardTakeBack`). The demo (`demo/seed-prepaid.ts`)
 * issues its year of cards from the same SQL (`saleCardsSql`, `cardNumberSql`, `purchaserSql`).
 */

/**
 * The one card number generator: 6, the network (3 digits), then a bijection of the card's
 * ordinal in its network (12 digits) — unique everywhere for ordinals below 999,999,999,989.
 */
export const cardNumberSql = (network: SQL, ordinal: SQL): SQL =>
  sql`('6' || lpad(coalesce(${network}, 0)::text, 3, '0') || lpad(((${ordinal})::bigint * 7919 % 999999999989)::text, 12, '0'))`;

/** A customer's name as a card shows it (`p`: a customers row, or nulls: Walk-in): core's `clientName`, the one SQL form. */
export const personNameSql = (p: string): SQL => clientNameSql(p);
/** A customer's phone as a card keeps it: digits only. */
export const personPhoneSql = (p: string): SQL => sql.raw(`nullif(regexp_replace(${p}.phone, '[^0-9]', '', 'g'), '')`);

/**
 * One row per card the prepaid lines of the checkouts `where` selects (`k`: checkouts, `b`: its
 * business) would issue: checkout_id, queue_id, business_id, network_id, timezone, saleslog_id,
 * unit (1…quantity), kind, amount (core `cardAmountsOfLine`: the first `total % quantity` units a
 * cent more; units worth nothing left out), day (the checkout's business day in the location's
 * time zone, the day its lines count on) and at (the checkout), expires_on, customer_id. Ordered as the cards are numbered.
 */
export function saleCardsSql(where: SQL): SQL {
  return sql`select x.* from (
      select k.id as checkout_id, k.queue_id, k.business_id, b.network_id, b.timezone, l.id as saleslog_id, u.unit::int as unit, c.kind,
        (greatest(l.total, 0) / l.quantity + case when u.unit <= greatest(l.total, 0) % l.quantity then 1 else 0 end)::int as amount,
        k.checkout_day as day, k.created_at as at,
        k.checkout_day + case c.kind when ${CARD_KIND.PREPAID} then ${CARD_VALID_DAYS.prepaid}::int else ${CARD_VALID_DAYS.giftcard}::int end as expires_on,
        q.customer_id
      from checkouts k
      join businesses b on b.id = k.business_id
      join queue q on q.id = k.queue_id
      join saleslogs l on l.checkout_id = k.id and l.business_id = k.business_id and l.kind = 'giftcard' and not l.voided and l.quantity > 0
      left join services s on s.id = l.service_id
      cross join lateral (select case when s.giftcard = ${GIFTCARD_KIND.PREPAID_PACKAGE} then ${CARD_KIND.PREPAID} else ${CARD_KIND.GIFTCARD} end as kind) c
      cross join lateral generate_series(1, l.quantity) u(unit)
      where ${where}
    ) x where x.amount > 0
    order by x.at, x.checkout_id, x.saleslog_id, x.unit`;
}

interface SaleCard {
  checkout_id: number;
  queue_id: number;
  business_id: number;
  network_id: number | null;
  timezone: string;
  saleslog_id: number;
  unit: number;
  kind: CardKind;
  amount: number;
  day: string;
  at: Date | string;
  expires_on: string;
  customer_id: number | null;
}

/** An advisory lock class of its own: card numbers of one network are drawn one transaction at a time. */
const CARD_NUMBER_LOCK = 7_140_001;

/**
 * Issues the cards a completed ticket's prepaid lines sold (none twice: lines whose cards exist are
 * left alone), each with its ISSUE entry through `writeCardEntry`. Returns the card numbers.
 */
export async function issueCardsForSale(tx: Executor, checkout: { id: number }, userId: number | null = null): Promise<string[]> {
  const units = await rows<SaleCard>(
    tx,
    saleCardsSql(sql`k.id = ${checkout.id} and k.voided_at is null and not exists (
      select 1 from prepaid_ledger x where x.checkout_id = k.id and x.kind = ${CARD_ENTRY.ISSUE})`),
  );
  if (units.length === 0) return [];
  const first = units[0] as SaleCard;
  await tx.execute(sql`select pg_advisory_xact_lock(${CARD_NUMBER_LOCK}, ${first.network_id ?? 0})`);
  const [have] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from prepaid_cards where network_id is not distinct from ${first.network_id}`);
  let ordinal = have?.n ?? 0;
  const numbers: string[] = [];
  for (const unit of units) {
    let card: { id: number; card_number: string } | undefined;
    while (!card) {
      ordinal += 1;
      [card] = await rows<{ id: number; card_number: string }>(
        tx,
        sql`insert into prepaid_cards (business_id, network_id, kind, card_number, customer_id, purchaser_name, purchaser_phone, purchaser_email,
              recipient_name, recipient_phone, recipient_email, issued_on, expires_on, created_at)
            select ${unit.business_id}, ${unit.network_id}, ${unit.kind}, ${cardNumberSql(sql`${unit.network_id}::int`, sql`${ordinal}::int`)}, p.id,
              ${personNameSql('p')}, ${personPhoneSql('p')}, p.email, ${personNameSql('p')}, ${personPhoneSql('p')}, p.email,
              ${unit.day}::date, ${unit.expires_on}::date, ${new Date(unit.at).toISOString()}::timestamptz
            from (select 1) one left join customers p on p.id = ${unit.customer_id}
            on conflict (card_number) do nothing
            returning id, card_number`,
      );
    }
    await writeCardEntry(tx, card.id, { kind: CARD_ENTRY.ISSUE, amount: unit.amount }, {
      businessId: unit.business_id,
      timeZone: unit.timezone,
      at: new Date(unit.at),
      day: unit.day,
      userId,
      queueId: unit.queue_id,
      checkoutId: unit.checkout_id,
    });
    numbers.push(card.card_number);
  }
  return numbers;
}

const cents = (amount: number) => (amount / 100).toFixed(2);

/** What a refund or deletion took back from one card the ticket sold. */
export interface TakenBack {
  card_number: string;
  kind: typeof CARD_ENTRY.ADJUST | typeof CARD_ENTRY.VOID | null;
  owed: number;
  taken: number;
  /** Owed but not taken: the card had been spent already. */
  short: number;
}

/**
 * A refund (`refunded` of the ticket's `paid` in total, `refundedBefore` before it) or a deletion
 * (`refunded` = `paid`) of a ticket that sold cards: each card gives up its share, at most what it
 * still holds (core `issuedCardTakeBack`), as an ADJUST, or a VOID once the ticket is refunded in
 * full or deleted. Returns what each card owed and gave, for the ticket's activity.
 */
export async function takeBackIssuedCards(
  tx: Executor,
  checkout: { id: number; queue_id: number; paid: number; refundedBefore: number; refunded: number },
  meta: EntryMeta,
): Promise<TakenBack[]> {
  const issued = await rows<{ card_id: number; card_number: string; amount: number }>(
    tx,
    sql`select x.card_id, c.card_number, x.amount from prepaid_ledger x join prepaid_cards c on c.id = x.card_id
        where x.checkout_id = ${checkout.id} and x.kind = ${CARD_ENTRY.ISSUE} order by x.card_id for update of c`,
  );
  const result: TakenBack[] = [];
  for (const card of issued) {
    const ledger = await rows<CardEntry>(tx, sql`select kind, amount from prepaid_ledger where card_id = ${card.card_id} order by id`);
    const state = replayCard(ledger);
    const back = issuedCardTakeBack({ issued: card.amount, paid: checkout.paid, refundedBefore: checkout.refundedBefore, refunded: checkout.refunded, balance: state.balance, closed: state.closed !== null });
    if (back.kind) {
      // A card spent already gives what it holds; its ledger says what the refund was owed.
      const note = back.short > 0 ? `${cents(back.owed)} owed to the ticket, ${cents(back.taken)} was left on the card` : meta.note;
      await writeCardEntry(tx, card.card_id, { kind: back.kind, amount: -back.taken }, { ...meta, queueId: checkout.queue_id, checkoutId: checkout.id, reason: meta.reason ?? 'Ticket refunded', note });
    }
    result.push({ card_number: card.card_number, ...back });
  }
  return result;
}

import {
  clientName,
  amountsOf,
  compareMovements,
  dayInZone,
  type Discrepancy,
  explainingKeys,
  feeFor,
  formatMoney,
  itemisePayout,
  PAYMENT_PROVIDER_LABEL,
  type PaymentProvider,
  type Payout,
  type PayoutComparison,
  type PayoutDetail,
  type PayoutDifference,
  payoutDifferenceMessage,
  type PayoutItemKind,
  PAYOUT_ITEM_KINDS,
  type PayoutStatus,
  reconcilePayout,
  STANDARD_PRICING,
  type WebPayment,
  type WebPaymentKind,
  MESSAGES,
} from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { HttpError } from '../http/errors';
import { type Executor, rows } from '../db/executor';
import { iso } from '../db/instants';
import type { ProviderListing, ProviderMovement } from './reconcile';

/**
 * The reads of web payments and payouts: every call of the area reads through these, and so do
 * its exports and the bench (one definition of each sum). A payout's gross and fee are its items'
 * sums, reconciled by core's `reconcilePayout`/`itemisePayout`.
 */

export interface Range {
  start: string;
  end: string;
  provider?: PaymentProvider | undefined;
}

export const payoutNotFound = () => new HttpError(404, MESSAGES.payoutNotFound);

const providerFilter = (column: string, provider: PaymentProvider | undefined) =>
  provider === undefined ? sql`` : sql` and ${sql.raw(column)} = ${provider}`;

// ── Web payment rows ────────────────────────────────────────────────────────────────────────

interface WebPaymentRow {
  id: number;
  provider: PaymentProvider;
  kind: WebPaymentKind;
  amount: number;
  fee: number;
  invoice: string | null;
  queue_id: number | null;
  customer_id: number | null;
  firstname: string | null;
  lastname: string | null;
  phone: string | null;
  phone_type: string | null;
  provider_tx_id: string;
  receipt_url: string | null;
  created_at: Date | string;
  checkout_day: string;
  payout_id: number | null;
}

const WEB_PAYMENT_SELECT = sql`select w.id, w.provider, w.kind, w.amount, w.fee, w.invoice, w.queue_id, w.customer_id, c.firstname, c.lastname, c.phone, c.phone_type,
    w.provider_tx_id, w.receipt_url, w.created_at, w.checkout_day::text as checkout_day, w.payout_id
  from web_payments w left join customers c on c.id = w.customer_id`;

export const toWebPayment = (w: WebPaymentRow): WebPayment => ({
  id: w.id,
  provider: w.provider,
  kind: w.kind,
  amount: w.amount,
  fee: w.fee,
  Invoice: w.queue_id !== null ? String(w.queue_id) : w.invoice,
  queue_id: w.queue_id,
  customer_id: w.customer_id,
  customer: clientName(w),
  providerTxId: w.provider_tx_id,
  receipt: w.receipt_url,
  created_at: iso(w.created_at),
  checkout_day: w.checkout_day,
  payout_id: w.payout_id,
});

/** The web payments of a range, newest first. */
export async function webPaymentsOf(db: Executor, businessId: number, range: Range): Promise<WebPayment[]> {
  const list = await rows<WebPaymentRow>(
    db,
    sql`${WEB_PAYMENT_SELECT}
        where w.business_id = ${businessId} and w.checkout_day between ${range.start} and ${range.end}${providerFilter('w.provider', range.provider)}
        order by w.created_at desc, w.id desc`,
  );
  return list.map(toWebPayment);
}

/** The charges and refunds of one checkout day a payout paid, oldest first. */
export async function paymentsOfPayoutDay(db: Executor, businessId: number, payoutId: number, day: string): Promise<WebPayment[]> {
  const list = await rows<WebPaymentRow>(
    db,
    sql`${WEB_PAYMENT_SELECT}
        where w.business_id = ${businessId} and w.payout_id = ${payoutId} and w.checkout_day = ${day}
        order by w.created_at, w.id`,
  );
  return list.map(toWebPayment);
}

// ── Payouts ─────────────────────────────────────────────────────────────────────────────────

interface PayoutRow {
  id: number;
  provider: PaymentProvider;
  provider_payout_id: string;
  created_at: Date | string;
  created_day: string;
  arrival_date: string;
  status: PayoutStatus;
  manual: boolean;
  amount: number;
  gross: number;
  fee: number;
  items: number;
}

/**
 * The sums of each payout's items, as core's `itemisePayout` takes them: gross = every movement's
 * amount but the fee lines', fee = the movements' fees plus the fee lines' (−amount).
 */
const PAYOUT_SELECT = sql`select p.id, p.provider, p.provider_payout_id, p.created_at, p.created_day::text as created_day, p.arrival_date::text as arrival_date,
    p.status, p.manual, p.amount,
    coalesce(s.gross, 0)::int as gross, coalesce(s.fee, 0)::int as fee, coalesce(s.items, 0)::int as items
  from payouts p
  left join lateral (
    select sum(i.amount) filter (where i.kind <> 'fee') as gross,
      sum(i.fee) - coalesce(sum(i.amount) filter (where i.kind = 'fee'), 0) as fee,
      count(*) as items
    from payout_items i where i.payout_id = p.id
  ) s on true`;

export function toPayout(p: PayoutRow): Payout {
  const r = reconcilePayout(p);
  return {
    id: p.id,
    provider: p.provider,
    providerPayoutId: p.provider_payout_id,
    created: iso(p.created_at),
    created_day: p.created_day,
    arrival_date: p.arrival_date,
    status: p.status,
    manual: p.manual,
    gross: p.gross,
    fee: p.fee,
    amount: p.amount,
    netamount: r.netamount,
    reconciled: r.reconciled,
    difference: r.difference,
    message: r.message,
    items: p.items,
  };
}

/** The payouts created in a range, newest first, reconciled. */
export async function payoutsOf(db: Executor, businessId: number, range: Range): Promise<Payout[]> {
  const list = await rows<PayoutRow>(
    db,
    sql`${PAYOUT_SELECT}
        where p.business_id = ${businessId} and p.created_day between ${range.start} and ${range.end}${providerFilter('p.provider', range.provider)}
        order by p.created_at desc, p.id desc`,
  );
  return list.map(toPayout);
}

/** One payout of the business, reconciled; 404 for another's. */
export async function loadPayout(db: Executor, businessId: number, payoutId: number): Promise<Payout> {
  const [row] = await rows<PayoutRow>(db, sql`${PAYOUT_SELECT} where p.business_id = ${businessId} and p.id = ${payoutId}`);
  if (!row) throw payoutNotFound();
  return toPayout(row);
}

interface ItemRow {
  key: string;
  kind: Exclude<PayoutItemKind, 'unexplained'>;
  amount: number;
  fee: number;
  web_payment_id: number | null;
  source_tx_id: string | null;
  /** For a refund: the charge it refunds, as our record of it says. */
  charge_tx_id: string | null;
  queue_id: number | null;
  checkout_day: string | null;
  description: string;
  /** Refunds of this charge the provider made but no payout paid (cents, negative). */
  unpaid_refunds: number;
}

/** How the payout's page shows money and days, and how it reads the provider's listing of the payout. */
export interface PayoutDetailOptions {
  /** The provider's movements of the payout (`reconcile.ts` `providerListingOf`); without it nothing is compared. */
  listing?: (payout: Payout) => Promise<ProviderListing>;
  /** The business's currency symbol, for the sentences naming a difference (`$`). */
  symbol?: string;
  /** The business's time zone, for the day of a movement only the provider has. */
  timezone?: string;
}

/** Our record of a charge or refund by the provider's id: the row, its ticket, and for a refund the charge it refunds. */
interface RecordRow {
  id: number;
  provider_tx_id: string;
  charge_tx_id: string | null;
  queue_id: number | null;
  checkout_day: string;
}

/**
 * A payout in full: its movements in the order they happened, then the unexplained remainder
 * when they do not sum to the amount, compared with the provider's own listing of the payout
 * (issue 28). What the two disagree on — a movement the provider counted and we have no record of
 * (a refund made in the provider's dashboard), one we count and the provider does not, one with
 * another amount or fee — is named by its id and amount, linked to our charge and ticket where we
 * have them, and the unexplained line says it. Without the provider's listing (unreachable, a
 * payout made by hand) a movement explains the remainder when correcting it would close the gap: a
 * charge whose refund the provider made but no payout lists (its discrepancy: −refund), or a
 * charge whose recorded fee is not the provider's standard price for it (recorded − expected;
 * `STANDARD_PRICING`; Stripe only, where fees are per charge).
 */
export async function payoutDetailOf(db: Executor, businessId: number, payoutId: number, options: PayoutDetailOptions = {}): Promise<PayoutDetail> {
  const payout = await loadPayout(db, businessId, payoutId);
  const [items, listing] = await Promise.all([
    rows<ItemRow>(
      db,
      sql`select i.provider_item_id as key, i.kind, i.amount, i.fee, i.web_payment_id, i.source_tx_id, w.charge_tx_id, w.queue_id, w.checkout_day::text as checkout_day, i.description,
            coalesce((select sum(r.amount) from web_payments r
                      where r.business_id = i.business_id and r.kind = 'refund' and r.charge_tx_id = i.source_tx_id and r.payout_id is null), 0)::int as unpaid_refunds
          from payout_items i left join web_payments w on w.id = i.web_payment_id
          where i.business_id = ${businessId} and i.payout_id = ${payoutId}
          order by i.created_at, i.id`,
    ),
    options.listing ? options.listing(payout) : Promise.resolve<ProviderListing>({ state: 'unavailable', message: MESSAGES.providerUnavailable }),
  ]);
  const itemised = itemisePayout(payout.amount, items);
  const { comparison, days } = await compareWithProvider(db, businessId, payout, items, listing, itemised.unexplained, options);
  let explaining: Set<string>;
  if (comparison.state === 'compared') {
    // Our lines that are wrong or that the provider does not count explain the remainder themselves.
    explaining = new Set(comparison.differences.filter((d) => d.side !== 'missing_here').map((d) => d.key));
  } else {
    const pricing = STANDARD_PRICING[payout.provider];
    // Fees per charge only where the provider records them so (Stripe); NMI takes its fees per batch, as one line.
    const feesPerCharge = payout.provider === 'stripe';
    const candidates: Discrepancy[] = items
      .filter((i) => i.kind === 'charge')
      .flatMap((i) => [
        { key: i.key, discrepancy: i.unpaid_refunds },
        ...(feesPerCharge ? [{ key: i.key, discrepancy: i.fee - feeFor(i.amount, pricing) }] : []),
      ]);
    explaining = new Set(explainingKeys(itemised.unexplained, candidates));
  }
  const byKind = PAYOUT_ITEM_KINDS.map((kind) => {
    const lines = itemised.lines.filter((l) => l.kind === kind);
    return {
      kind,
      count: lines.length,
      amount: lines.reduce((s, l) => s + l.amount, 0),
      fee: lines.reduce((s, l) => s + l.fee, 0),
      net: lines.reduce((s, l) => s + l.net, 0),
    };
  }).filter((k) => k.count > 0);
  // The unexplained line names what the provider's listing shows it is made of; when that is one movement, it carries its ids.
  const named = comparison.differences;
  const single = named.length === 1 ? (named[0] as PayoutDifference) : null;
  const unexplainedDescription = named.length > 0 ? named.map((d) => d.message).join(' ') : (payout.message ?? '');
  return {
    payout,
    items: itemised.lines.map((l) =>
      l.line
        ? {
            key: l.key,
            kind: l.kind,
            amount: l.amount,
            fee: l.fee,
            net: l.net,
            web_payment_id: l.line.web_payment_id,
            providerTxId: l.line.source_tx_id,
            queue_id: l.line.queue_id,
            checkout_day: l.line.checkout_day,
            description: l.line.description,
            explains: explaining.has(l.key),
          }
        : {
            key: l.key,
            kind: l.kind,
            amount: l.amount,
            fee: l.fee,
            net: l.net,
            web_payment_id: single?.web_payment_id ?? null,
            providerTxId: single?.providerTxId ?? null,
            queue_id: single?.queue_id ?? null,
            checkout_day: single ? (days.get(single.key) ?? null) : null,
            description: unexplainedDescription,
            explains: false,
          },
    ),
    byKind,
    comparison,
  };
}

/**
 * Our movements of a payout against the provider's listing of it (core's `compareMovements`): each
 * difference named with the catalogue's sentence, linked to our record of the charge or refund (or
 * of the charge a refund is about) and its ticket; with the business day of each one's movement.
 */
async function compareWithProvider(
  db: Executor,
  businessId: number,
  payout: Payout,
  items: readonly ItemRow[],
  listing: ProviderListing,
  unexplained: number,
  options: PayoutDetailOptions,
): Promise<{ comparison: PayoutComparison; days: Map<string, string> }> {
  const days = new Map<string, string>();
  if (listing.state !== 'compared') return { comparison: { state: listing.state, differences: [], remainder: unexplained, message: listing.message }, days };
  const ours = items.map((i) => ({ ...i, sourceId: i.source_tx_id }));
  const found = compareMovements<(typeof ours)[number], ProviderMovement>(ours, listing.lines);
  // Our records of every charge and refund a difference names, or of the charge it refunds.
  const ids = [...new Set(found.flatMap((d) => [d.provider?.sourceId, d.provider?.chargeId, d.ours?.source_tx_id, d.ours?.charge_tx_id]).filter((x): x is string => typeof x === 'string'))];
  const records =
    ids.length === 0
      ? new Map<string, RecordRow>()
      : new Map(
          (
            await rows<RecordRow>(
              db,
              sql`select id, provider_tx_id, charge_tx_id, queue_id, checkout_day::text as checkout_day from web_payments
                  where business_id = ${businessId} and provider = ${payout.provider} and provider_tx_id in ${ids}`,
            )
          ).map((r) => [r.provider_tx_id, r]),
        );
  const symbol = options.symbol ?? '$';
  const money = (cents: number) => formatMoney(cents, symbol);
  const label = PAYMENT_PROVIDER_LABEL[payout.provider];
  const differences = found.map((d): PayoutDifference => {
    const providerTxId = d.provider?.sourceId ?? d.ours?.source_tx_id ?? null;
    const own = providerTxId === null ? undefined : records.get(providerTxId);
    const chargeTxId = d.kind === 'refund' || d.kind === 'dispute' ? (d.provider?.chargeId ?? d.ours?.charge_tx_id ?? own?.charge_tx_id ?? null) : null;
    const charge = chargeTxId === null ? undefined : records.get(chargeTxId);
    const record = own ?? charge;
    const shape = { side: d.side, kind: d.kind, key: d.key, providerTxId, provider: amountsOf(d.provider), ours: amountsOf(d.ours) };
    const difference: PayoutDifference = {
      ...shape,
      chargeTxId,
      web_payment_id: record?.id ?? null,
      queue_id: own?.queue_id ?? charge?.queue_id ?? null,
      effect: d.effect,
      message: payoutDifferenceMessage(shape, label, money),
    };
    const day = d.ours?.checkout_day ?? own?.checkout_day ?? (d.provider ? dayInZone(d.provider.created, options.timezone ?? 'UTC') : null);
    if (day) days.set(d.key, day);
    return difference;
  });
  return { comparison: { state: 'compared', differences, remainder: unexplained - differences.reduce((s, d) => s + d.effect, 0), message: null }, days };
}

/** Payouts × the checkout days of what they paid: a cell per payout and day, the sums of its charges and refunds. */
export async function payoutGridOf(db: Executor, businessId: number, range: Range) {
  const payouts = await payoutsOf(db, businessId, range);
  const cells =
    payouts.length === 0
      ? []
      : await rows<{ payout_id: number; checkout_day: string; count: number; amount: number }>(
          db,
          sql`select w.payout_id, w.checkout_day::text as checkout_day, count(*)::int as count, sum(w.amount)::int as amount
              from web_payments w join payouts p on p.id = w.payout_id
              where w.business_id = ${businessId} and p.business_id = ${businessId}
                and p.created_day between ${range.start} and ${range.end}${providerFilter('p.provider', range.provider)}
              group by w.payout_id, w.checkout_day order by w.checkout_day`,
        );
  const byPayout = new Map<number, { checkout_day: string; count: number; amount: number }[]>();
  for (const c of cells) {
    const list = byPayout.get(c.payout_id) ?? [];
    list.push({ checkout_day: c.checkout_day, count: c.count, amount: c.amount });
    byPayout.set(c.payout_id, list);
  }
  const days = [...new Set(cells.map((c) => c.checkout_day))].sort();
  return { days, rows: payouts.map((payout) => ({ payout, cells: byPayout.get(payout.id) ?? [] })) };
}

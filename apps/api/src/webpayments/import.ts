import { type BalanceKind, dayInZone, type PayoutStatus } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { BalanceTransaction, PaymentProviderAdapter, ProviderPayout } from '../payments/provider';
import { type Executor, rows } from '../db/executor';

/**
 * The import of payouts and what they paid from a location's payment provider (issue 15): each
 * payout, its balance movements (`payout_items`) and the charges and refunds they moved
 * (`web_payments`), upserted by the provider's ids — importing the same payout twice (on demand,
 * then on its `payout.paid` webhook, or a replayed one) changes nothing. The same code runs
 * against Stripe and NMI and their local simulators: it sees only the adapter's interface.
 *
 * A manual payout (Stripe cannot say what it paid) takes the movements not yet in any payout,
 * oldest first, created before it: the shortest run of them whose nets make its amount, else all
 * of them, and then the unexplained remainder shows on its itemisation.
 */

/** The metadata keys a charge carries (`ChargeInput.metadata`) to tie it to a ticket and an invoice. */
export const WEB_PAYMENT_METADATA = { ticket: 'queue_id', invoice: 'invoice' } as const;

export interface ImportCounts {
  payouts: number;
  items: number;
  payments: number;
}

interface Business {
  id: number;
  timezone: string;
}

const KIND: Record<Exclude<BalanceTransaction['type'], 'payout'>, BalanceKind> = {
  charge: 'charge',
  refund: 'refund',
  fee: 'fee',
  dispute: 'dispute',
  adjustment: 'adjustment',
};

const ticketOf = (bt: BalanceTransaction): number | null => {
  const value = bt.metadata[WEB_PAYMENT_METADATA.ticket];
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
};

/** Upserts the payout row; returns its id. */
async function upsertPayout(db: Executor, business: Business, provider: PaymentProviderAdapter['name'], p: ProviderPayout): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into payouts (business_id, provider, provider_payout_id, amount, currency, status, manual, created_at, created_day, arrival_date)
        values (${business.id}, ${provider}, ${p.id}, ${p.amountCents}, ${p.currency.toLowerCase()}, ${p.status satisfies PayoutStatus}, ${!p.automatic},
                ${p.created.toISOString()}, ${dayInZone(p.created, business.timezone)}, ${p.arrivalDate})
        on conflict (business_id, provider, provider_payout_id) do update
          set amount = excluded.amount, status = excluded.status, arrival_date = excluded.arrival_date, manual = excluded.manual, imported_at = now()
        returning id`,
  );
  return (row as { id: number }).id;
}

/**
 * Upserts the charges and refunds some movements moved (with the payout that paid them, or none
 * yet), in one statement; returns each one's row id by the provider's id.
 */
async function upsertWebPayments(db: Executor, business: Business, provider: PaymentProviderAdapter['name'], lines: readonly BalanceTransaction[], payoutId: number | null): Promise<Map<string, number>> {
  // One row per provider id: a second movement of the same charge or refund (none in practice) is its first's.
  const seen = new Set<string>();
  const moved = lines.filter((bt) => (bt.type === 'charge' || bt.type === 'refund') && bt.sourceId !== null && !seen.has(bt.sourceId) && seen.add(bt.sourceId));
  if (moved.length === 0) return new Map();
  const records = moved.map((bt) => ({
    tx: bt.sourceId,
    kind: bt.type === 'refund' ? 'refund' : 'charge',
    charge: bt.type === 'refund' ? bt.chargeId : null,
    amount: bt.amountCents,
    fee: bt.feeCents,
    currency: bt.currency.toLowerCase(),
    invoice: bt.metadata[WEB_PAYMENT_METADATA.invoice] ?? bt.description,
    ticket: ticketOf(bt),
    created: bt.created.toISOString(),
    day: dayInZone(bt.created, business.timezone),
  }));
  const saved = await rows<{ id: number; provider_tx_id: string }>(
    db,
    sql`with x as (
          select * from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
            as x(tx text, kind text, charge text, amount int, fee int, currency text, invoice text, ticket int, created timestamptz, day date)
        )
        insert into web_payments (business_id, provider, kind, provider_tx_id, charge_tx_id, amount, fee, currency, invoice, queue_id, payment_id, customer_id,
                                  created_at, checkout_day, payout_id)
        select ${business.id}, ${provider}, x.kind, x.tx, x.charge, x.amount, x.fee, x.currency, x.invoice, q.id,
          (select p.id from payments p where p.queue_id = q.id and p.provider = ${provider} order by p.id limit 1), q.customer_id,
          x.created, x.day, ${payoutId}::int
        from x left join queue q on q.id = x.ticket and q.business_id = ${business.id}
        on conflict (business_id, provider, provider_tx_id) do update
          set amount = excluded.amount, fee = excluded.fee, payout_id = coalesce(excluded.payout_id, web_payments.payout_id),
              charge_tx_id = coalesce(web_payments.charge_tx_id, excluded.charge_tx_id),
              queue_id = coalesce(web_payments.queue_id, excluded.queue_id),
              payment_id = coalesce(web_payments.payment_id, excluded.payment_id),
              customer_id = coalesce(web_payments.customer_id, excluded.customer_id),
              invoice = coalesce(web_payments.invoice, excluded.invoice),
              imported_at = now()
        returning id, provider_tx_id`,
  );
  return new Map(saved.map((r) => [r.provider_tx_id, r.id]));
}

/** Upserts a payout's movements, in one statement. */
async function upsertItems(db: Executor, business: Business, lines: readonly BalanceTransaction[], payoutId: number, webPaymentIds: Map<string, number>): Promise<void> {
  if (lines.length === 0) return;
  const records = lines.map((bt) => ({
    id: bt.id,
    kind: KIND[bt.type as keyof typeof KIND],
    amount: bt.amountCents,
    fee: bt.feeCents,
    source: bt.sourceId,
    web_payment: bt.sourceId !== null && (bt.type === 'charge' || bt.type === 'refund') ? (webPaymentIds.get(bt.sourceId) ?? null) : null,
    description: bt.description ?? '',
    created: bt.created.toISOString(),
  }));
  await db.execute(
    sql`insert into payout_items (business_id, payout_id, provider_item_id, kind, amount, fee, source_tx_id, web_payment_id, description, created_at)
        select ${business.id}, ${payoutId}, x.id, x.kind, x.amount, x.fee, x.source, x.web_payment, x.description, x.created
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
          as x(id text, kind text, amount int, fee int, source text, web_payment int, description text, created timestamptz)
        on conflict (business_id, provider_item_id) do update
          set payout_id = excluded.payout_id, kind = excluded.kind, amount = excluded.amount, fee = excluded.fee,
              source_tx_id = excluded.source_tx_id, web_payment_id = coalesce(excluded.web_payment_id, payout_items.web_payment_id),
              description = excluded.description`,
  );
}

/** The movements a manual payout paid: the shortest oldest-first run of unassigned ones whose nets make its amount, else all of them. */
async function manualPayoutLines(db: Executor, business: Business, adapter: PaymentProviderAdapter, payout: ProviderPayout): Promise<BalanceTransaction[]> {
  const assigned = new Set(
    (await rows<{ provider_item_id: string }>(db, sql`select provider_item_id from payout_items where business_id = ${business.id}`)).map((r) => r.provider_item_id),
  );
  const open: BalanceTransaction[] = [];
  for await (const bt of adapter.listBalanceTransactions({ createdTo: payout.created })) {
    if (bt.type === 'payout' || assigned.has(bt.id)) continue;
    if (bt.payoutId !== null && bt.payoutId !== payout.id) continue;
    open.push(bt);
  }
  open.sort((a, b) => a.created.getTime() - b.created.getTime() || a.id.localeCompare(b.id));
  let net = 0;
  for (let i = 0; i < open.length; i++) {
    net += (open[i] as BalanceTransaction).netCents;
    if (net === payout.amountCents) return open.slice(0, i + 1);
  }
  return open;
}

/** Imports one payout and everything it paid, in one database transaction. */
export async function importPayout(db: Executor, business: Business, adapter: PaymentProviderAdapter, payout: ProviderPayout): Promise<ImportCounts> {
  const lines: BalanceTransaction[] = [];
  if (payout.automatic) {
    for await (const bt of adapter.listBalanceTransactions({ payoutId: payout.id })) if (bt.type !== 'payout') lines.push(bt);
  } else {
    lines.push(...(await manualPayoutLines(db, business, adapter, payout)));
  }
  const counts: ImportCounts = { payouts: 1, items: 0, payments: 0 };
  await db.transaction(async (tx) => {
    const payoutId = await upsertPayout(tx, business, adapter.name, payout);
    const webPaymentIds = await upsertWebPayments(tx, business, adapter.name, lines, payoutId);
    await upsertItems(tx, business, lines, payoutId, webPaymentIds);
    counts.payments = webPaymentIds.size;
    counts.items = lines.length;
  });
  return counts;
}

/**
 * Imports every payout the provider created from `from` to `to` (inclusive), oldest first, then
 * the charges and refunds of those instants that no payout has paid yet.
 */
export async function importPayouts(db: Executor, business: Business, adapter: PaymentProviderAdapter, range: { from: Date; to: Date }): Promise<ImportCounts> {
  const payouts: ProviderPayout[] = [];
  for await (const p of adapter.listPayouts(range)) payouts.push(p);
  payouts.sort((a, b) => a.created.getTime() - b.created.getTime() || a.id.localeCompare(b.id));
  const total: ImportCounts = { payouts: 0, items: 0, payments: 0 };
  for (const p of payouts) {
    const c = await importPayout(db, business, adapter, p);
    total.payouts += c.payouts;
    total.items += c.items;
    total.payments += c.payments;
  }
  // The range's charges and refunds no payout has paid yet: on the web payments list before their
  // payout. A payout pays what is available when it is made, so only what came after the latest
  // payout less the schedule's delay (a day for NMI's nightly batches) can be unpaid.
  const latest = payouts.filter((p) => p.automatic).at(-1);
  let unpaidFrom = range.from;
  if (latest) {
    const delayDays = await adapter.getPayoutSchedule().then(
      (s) => s.delay_days,
      () => 1,
    );
    const since = new Date(latest.created.getTime() - (delayDays + 1) * 86_400_000);
    if (since > unpaidFrom) unpaidFrom = since;
  }
  const unpaid: BalanceTransaction[] = [];
  for await (const bt of adapter.listBalanceTransactions({ createdFrom: unpaidFrom, createdTo: range.to })) if (bt.payoutId === null) unpaid.push(bt);
  total.payments += (await upsertWebPayments(db, business, adapter.name, unpaid, null)).size;
  return total;
}

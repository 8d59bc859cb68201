import { type BalanceKind, dayInZone, type PayoutStatus } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { BalanceTransaction, PaymentProviderAdapter, ProviderPayout } from '../payments/provider';
import { type Executor, rows } from '../transactions/queries';

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

/** Upserts the charge or refund a movement moved; returns its row id. */
async function upsertWebPayment(db: Executor, business: Business, provider: PaymentProviderAdapter['name'], bt: BalanceTransaction, payoutId: number): Promise<number> {
  const kind = bt.type === 'refund' ? 'refund' : 'charge';
  const ticket = ticketOf(bt);
  const [row] = await rows<{ id: number }>(
    db,
    sql`with ticket as (
          select q.id, q.customer_id, (select p.id from payments p where p.queue_id = q.id and p.provider = ${provider} order by p.id limit 1) as payment_id
          from queue q where q.id = ${ticket}::int and q.business_id = ${business.id}
        )
        insert into web_payments (business_id, provider, kind, provider_tx_id, charge_tx_id, amount, fee, currency, invoice, queue_id, payment_id, customer_id,
                                  created_at, checkout_day, payout_id)
        values (${business.id}, ${provider}, ${kind}, ${bt.sourceId}, ${kind === 'refund' ? bt.chargeId : null}, ${bt.amountCents}, ${bt.feeCents},
                ${bt.currency.toLowerCase()}, ${bt.metadata[WEB_PAYMENT_METADATA.invoice] ?? bt.description},
                (select id from ticket), (select payment_id from ticket), (select customer_id from ticket),
                ${bt.created.toISOString()}, ${dayInZone(bt.created, business.timezone)}, ${payoutId})
        on conflict (business_id, provider, provider_tx_id) do update
          set amount = excluded.amount, fee = excluded.fee, payout_id = excluded.payout_id,
              charge_tx_id = coalesce(web_payments.charge_tx_id, excluded.charge_tx_id),
              queue_id = coalesce(web_payments.queue_id, excluded.queue_id),
              payment_id = coalesce(web_payments.payment_id, excluded.payment_id),
              customer_id = coalesce(web_payments.customer_id, excluded.customer_id),
              invoice = coalesce(web_payments.invoice, excluded.invoice),
              imported_at = now()
        returning id`,
  );
  return (row as { id: number }).id;
}

async function upsertItem(db: Executor, business: Business, bt: BalanceTransaction, payoutId: number, webPaymentId: number | null): Promise<void> {
  const kind = KIND[bt.type as keyof typeof KIND];
  await db.execute(
    sql`insert into payout_items (business_id, payout_id, provider_item_id, kind, amount, fee, source_tx_id, web_payment_id, description, created_at)
        values (${business.id}, ${payoutId}, ${bt.id}, ${kind}, ${bt.amountCents}, ${bt.feeCents}, ${bt.sourceId}, ${webPaymentId}, ${bt.description ?? ''}, ${bt.created.toISOString()})
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
    for (const bt of lines) {
      let webPaymentId: number | null = null;
      if ((bt.type === 'charge' || bt.type === 'refund') && bt.sourceId !== null) {
        webPaymentId = await upsertWebPayment(tx, business, adapter.name, bt, payoutId);
        counts.payments += 1;
      }
      await upsertItem(tx, business, bt, payoutId, webPaymentId);
      counts.items += 1;
    }
  });
  return counts;
}

/** Imports every payout the provider created from `from` to `to` (inclusive), oldest first. */
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
  return total;
}

import type { BalanceKind, PaymentProvider, PayoutStatus, WebPaymentKind } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../db/columns';
import { customers } from '../customers/schema';
import { businesses } from '../db/schema';
import { payments, queue } from '../transactions/schema';

/**
 * Web payments and payouts (spec 001 §3, §4; issue 15): what the provider took online for a
 * location (`web_payments`: charges and refunds), the payouts it sent to the bank (`payouts`) and
 * the balance movements each payout paid (`payout_items`). Every row is keyed by the provider's own
 * id within the business, so an import written twice (on demand, then on the `payout.paid`
 * webhook) changes nothing. Money is integer cents whatever the provider's unit (core's
 * `providerCents`). A payout's gross, fee and reconciliation are never stored: they are its items'
 * sums (core's `itemisePayout`), so nothing can drift.
 */

const business = () =>
  integer('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });
const providerCheck = (column: unknown) => sql`${column} in ('stripe', 'nmi')`;

export const payouts = pgTable(
  'payouts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    /** The provider's id (`po_…` at Stripe, the settlement batch id at NMI). */
    provider_payout_id: text('provider_payout_id').notNull(),
    /** What the provider sent to the bank, in cents. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').$type<PayoutStatus>().notNull(),
    /** Made by hand, not by the schedule. */
    manual: boolean('manual').notNull().default(false),
    created_at: at('created_at').notNull(),
    /** The business day of `created_at` in the location's time zone. */
    created_day: date('created_day', { mode: 'string' }).notNull(),
    arrival_date: date('arrival_date', { mode: 'string' }).notNull(),
    imported_at: at('imported_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_business_provider_id_key').on(t.business_id, t.provider, t.provider_payout_id),
    index('payouts_business_day_idx').on(t.business_id, t.created_day),
    check('payouts_provider_check', providerCheck(t.provider)),
  ],
);

export const webPayments = pgTable(
  'web_payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    kind: text('kind').$type<WebPaymentKind>().notNull(),
    /** The provider's id of the charge or refund (`ch_…`/`re_…`, NMI's transaction id). */
    provider_tx_id: text('provider_tx_id').notNull(),
    /** For a refund: the provider's id of the charge it refunds. */
    charge_tx_id: text('charge_tx_id'),
    /** Cents; negative for a refund. */
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    /** The invoice it paid as the provider describes it, when no ticket is known. */
    invoice: text('invoice'),
    queue_id: integer('queue_id').references(() => queue.id, { onDelete: 'set null' }),
    /** The ticket's card payment this charge is (a refund: null). */
    payment_id: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    receipt_url: text('receipt_url'),
    created_at: at('created_at').notNull(),
    checkout_day: date('checkout_day', { mode: 'string' }).notNull(),
    payout_id: integer('payout_id').references(() => payouts.id, { onDelete: 'set null' }),
    imported_at: at('imported_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('web_payments_business_provider_tx_key').on(t.business_id, t.provider, t.provider_tx_id),
    index('web_payments_business_day_idx').on(t.business_id, t.checkout_day),
    index('web_payments_payout_idx').on(t.payout_id, t.checkout_day),
    index('web_payments_charge_idx').on(t.business_id, t.charge_tx_id).where(sql`${t.charge_tx_id} is not null`),
    check('web_payments_provider_check', providerCheck(t.provider)),
    check('web_payments_kind_check', sql`${t.kind} in ('charge', 'refund')`),
  ],
);

/** A balance movement a payout paid: a charge, a refund, a fee, a dispute or an adjustment. */
export const payoutItems = pgTable(
  'payout_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    payout_id: integer('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    /** The provider's id of the movement (`txn_…`). */
    provider_item_id: text('provider_item_id').notNull(),
    kind: text('kind').$type<BalanceKind>().notNull(),
    /** Cents, signed: money in positive. A fee line's amount is the fee, negative. */
    amount: integer('amount').notNull(),
    /** The provider's fee on the movement, in cents. */
    fee: integer('fee').notNull().default(0),
    /** The provider's id of the charge or refund it moved, when it moved one. */
    source_tx_id: text('source_tx_id'),
    web_payment_id: integer('web_payment_id').references(() => webPayments.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    created_at: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('payout_items_business_item_key').on(t.business_id, t.provider_item_id),
    index('payout_items_payout_idx').on(t.payout_id),
    check('payout_items_kind_check', sql`${t.kind} in ('charge', 'refund', 'fee', 'dispute', 'adjustment')`),
  ],
);

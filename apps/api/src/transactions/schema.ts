import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../db/columns';
import { customers } from '../customers/schema';
import { businesses, networks, users } from '../db/schema';

/**
 * Transactions (spec 001 §3 Transaction and Saleslog): the queue entry (ticket), its checkout,
 * its sales lines, card payments, refunds, and a history of who did what. Money is integer
 * cents of the business's currency; `day` is the business day in its time zone.
 */

const money = (name: string) => integer(name).notNull().default(0);
const business = () =>
  integer('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

export interface NameValue {
  name: string;
  value: string;
}

export const queue = pgTable(
  'queue',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    network_id: integer('network_id').references(() => networks.id, { onDelete: 'restrict' }),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** What the customer came for, before anything was sold: `[{ id, name }]` of services. */
    requested: jsonb('requested').$type<{ id: number; name: string }[]>().notNull().default([]),
    checkin_at: at('checkin_at').notNull(),
    service_at: at('service_at'),
    checkout_at: at('checkout_at'),
    updated_at: at('updated_at').notNull().defaultNow(),
    booked_for: at('booked_for'),
    serviced_by: integer('serviced_by'),
    /** Checkout details: name/value pairs (customername, removedetail, removed_by, appointmentnotes). */
    details: jsonb('details').$type<NameValue[]>().notNull().default([]),
  },
  (t) => [
    index('queue_business_day_idx').on(t.business_id, t.day),
    index('queue_customer_idx').on(t.customer_id),
    // A range's tickets in the search's day-and-time order, so a page reads only its rows (keyset).
    index('queue_business_day_checkin_idx').on(t.business_id, t.day, t.checkin_at, t.id),
  ],
);

export const checkouts = pgTable(
  'checkouts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    queue_id: integer('queue_id')
      .notNull()
      .references(() => queue.id, { onDelete: 'cascade' }),
    cashamount: money('cashamount'),
    creditamount: money('creditamount'),
    giftamount: money('giftamount'),
    tipamount: money('tipamount'),
    feesamount: money('feesamount'),
    withfees: boolean('withfees').notNull().default(false),
    coupons: jsonb('coupons').$type<string[]>().notNull().default([]),
    globalcoupons: jsonb('globalcoupons').$type<string[]>().notNull().default([]),
    subtotal: money('subtotal'),
    discount: money('discount'),
    tax: money('tax'),
    total: money('total'),
    /** Sum of the refunds; never more than cash + credit + gift (enforced under a row lock). */
    refunded: money('refunded'),
    employee_id: integer('employee_id'),
    payeetips: money('payeetips'),
    paidtips: money('paidtips'),
    bypass: boolean('bypass').notNull().default(false),
    checkout_day: date('checkout_day', { mode: 'string' }).notNull(),
    /** The receipt page's unguessable key: `/receipt/{token}`. */
    receipt_token: text('receipt_token').notNull().default(sql`gen_random_uuid()::text`),
    /** Set when the ticket is deleted after checkout: the sale no longer counts. */
    voided_at: at('voided_at'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    // One live checkout per ticket; a voided one (ticket deleted, then reactivated) stays for the books.
    uniqueIndex('checkouts_queue_id_live_key').on(t.queue_id).where(sql`${t.voided_at} is null`),
    uniqueIndex('checkouts_receipt_token_key').on(t.receipt_token),
    index('checkouts_business_day_idx').on(t.business_id, t.checkout_day),
  ],
);

export const saleslogs = pgTable(
  'saleslogs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    queue_id: integer('queue_id')
      .notNull()
      .references(() => queue.id, { onDelete: 'cascade' }),
    checkout_id: integer('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    /** The checkout day, kept on the line so a range report reads one table. */
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    service_id: integer('service_id'),
    product_id: integer('product_id'),
    /** The item's name as sold. */
    name: text('name').notNull(),
    price: money('price'),
    discount: money('discount'),
    quantity: integer('quantity').notNull().default(1),
    tax: money('tax'),
    total: money('total'),
    employee_id: integer('employee_id'),
    voided: boolean('voided').notNull().default(false),
  },
  (t) => [
    index('saleslogs_business_day_idx').on(t.business_id, t.day).where(sql`not ${t.voided}`),
    index('saleslogs_queue_idx').on(t.queue_id),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    queue_id: integer('queue_id')
      .notNull()
      .references(() => queue.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    provider: text('provider').notNull(),
    amount: money('amount'),
    auth_code: text('auth_code').notNull(),
    auth_guid: text('auth_guid').notNull(),
    charge_status: text('charge_status').notNull().default('CAPTURE'),
    card_brand: text('card_brand'),
    card_last4: text('card_last4'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('payments_business_provider_day_idx').on(t.business_id, t.provider, t.day), index('payments_queue_idx').on(t.queue_id)],
);

export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    queue_id: integer('queue_id')
      .notNull()
      .references(() => queue.id, { onDelete: 'cascade' }),
    checkout_id: integer('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    refunded_by: integer('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The client's key: the same key again returns this refund and refunds nothing more. */
    idempotency_key: text('idempotency_key'),
    /** What the key was first used for (amount, ticket), so a reused key for something else is refused. */
    request_fingerprint: text('request_fingerprint'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_business_idempotency_key').on(t.business_id, t.idempotency_key),
    index('refunds_queue_idx').on(t.queue_id),
    index('refunds_business_day_idx').on(t.business_id, t.day),
  ],
);

/** Who did what to a ticket, and why: refunds, deletions, updates, reactivations. */
export const transactionHistory = pgTable(
  'transaction_history',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: business(),
    queue_id: integer('queue_id')
      .notNull()
      .references(() => queue.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    action: text('action').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    note: text('note'),
    amount: integer('amount'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('transaction_history_business_day_idx').on(t.business_id, t.day), index('transaction_history_queue_idx').on(t.queue_id)],
);

// ── Daily sales rollups ─────────────────────────────────────────────────────────────────────
//
// What the sales reports read instead of every sales line: sums per business day, kept by
// PostgreSQL triggers on saleslogs, checkouts and refunds (migration 0007_sales_rollup_triggers),
// so they change in the same transaction as the checkout, refund, deletion or update that
// moves them. Only live rows count: lines not voided, checkouts not voided, every refund
// (on the day it was made). A year's summary reads ~365 daily rows plus a few per item and staff
// member per day. `rollup.test.ts` holds them to the raw lines.

const sum = (name: string) => integer(name).notNull().default(0);

/** Per business day: the checkouts (tickets, tips, tender), the refunds, and the sales lines. */
export const salesDaily = pgTable(
  'sales_daily',
  {
    business_id: business(),
    day: date('day', { mode: 'string' }).notNull(),
    tickets: sum('tickets'),
    tips: sum('tips'),
    cash: sum('cash'),
    credit: sum('credit'),
    gift: sum('gift'),
    refunds: sum('refunds'),
    lines: sum('lines'),
    sales: sum('sales'),
    subtotal: sum('subtotal'),
    discounts: sum('discounts'),
    tax: sum('tax'),
    services: sum('services'),
    products: sum('products'),
    giftcards: sum('giftcards'),
    service_quantity: sum('service_quantity'),
    product_quantity: sum('product_quantity'),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.day] })],
);

/** Per business day and item sold (kind and name as sold): the by-kind and top-items breakdowns. */
export const salesDailyItems = pgTable(
  'sales_daily_items',
  {
    business_id: business(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    lines: sum('lines'),
    quantity: sum('quantity'),
    total: sum('total'),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.day, t.kind, t.name] })],
);

/** Per business day and staff member credited (null: unassigned): the by-staff breakdown. */
export const salesDailyStaff = pgTable(
  'sales_daily_staff',
  {
    business_id: business(),
    day: date('day', { mode: 'string' }).notNull(),
    employee_id: integer('employee_id'),
    lines: sum('lines'),
    quantity: sum('quantity'),
    total: sum('total'),
  },
  (t) => [unique('sales_daily_staff_key').on(t.business_id, t.day, t.employee_id).nullsNotDistinct()],
);

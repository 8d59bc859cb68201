import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';
import type {
  AccountBalanceKind,
  AdjustmentType,
  AmountKind,
  BillingActor,
  BillingInterval,
  Currency,
  InvoiceStatus,
  InvoiceType,
  PauseMode,
  PaymentMethodKind,
  PlanKind,
  SubscriptionSetStatus,
} from '@salondesk/core';
import { businesses, users } from '../db/schema';

/**
 * Billing (spec 000 §7 Billing): how the platform bills the businesses on it. Money in integer
 * cents, in the row's `currency`; days (`date`) in the business's time zone; instants `timestamptz`.
 * Payment methods keep the provider's ids only (`pm_…`, `cus_…`), never a card number. Money that
 * moves is a ledger: an invoice's payments and refunds are rows, never a stored balance; what is
 * left to refund of a payment is its amount minus its refunds' sum (read under the payment's row lock).
 */

export const billingPlans = pgTable(
  'billing_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    kind: text('kind').$type<PlanKind>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    /** Null for a Onetime plan. */
    interval: text('interval').$type<BillingInterval>(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [
    check('billing_plans_kind', sql`${t.kind} in ('Reoccuring', 'Onetime')`),
    check('billing_plans_amount', sql`${t.amount} >= 0`),
    check('billing_plans_interval', sql`(${t.kind} = 'Onetime') = (${t.interval} is null)`),
  ],
);

/** The provider's customer of a user who pays (one per user and provider). */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** Stripe `cus_…`. */
    customer_id: text('customer_id').notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('billing_customers_user_provider_idx').on(t.user_id, t.provider)],
);

export const billingPaymentMethods = pgTable(
  'billing_payment_methods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's id of the method (Stripe `pm_…`); never shown. */
    foreign_id: text('foreign_id').notNull(),
    kind: text('kind').$type<PaymentMethodKind>().notNull(),
    name: text('name').notNull(),
    brand: text('brand'),
    last4: text('last4').notNull(),
    exp_month: integer('exp_month'),
    exp_year: integer('exp_year'),
    is_default: boolean('is_default').notNull().default(false),
    /** Added through a share link (`billing_share_links`). */
    share_link_id: integer('share_link_id'),
    removed_at: timestamp('removed_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index('billing_payment_methods_user_idx').on(t.user_id),
    uniqueIndex('billing_payment_methods_foreign_idx').on(t.provider, t.foreign_id),
    /** At most one default per user among the methods kept. */
    uniqueIndex('billing_payment_methods_default_idx').on(t.user_id).where(sql`${t.is_default} and ${t.removed_at} is null`),
    check('billing_payment_methods_kind', sql`${t.kind} in ('card', 'bank_account')`),
    check('billing_payment_methods_last4', sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
);

export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Who pays. */
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    plan_id: integer('plan_id')
      .notNull()
      .references(() => billingPlans.id, { onDelete: 'restrict' }),
    /** Cents per cycle before adjustments (the plan's when created). */
    amount: integer('amount').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    interval: text('interval').$type<BillingInterval>().notNull().default('monthly'),
    /** The first cycle's start; its day of month anchors the later cycles (clamped to short months). */
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    anchor_day: integer('anchor_day').notNull(),
    /** The start of the latest cycle invoiced (null before the first). */
    current_billing_cycle_start: date('current_billing_cycle_start', { mode: 'string' }),
    /** The start of the next cycle to invoice: the scheduler opens it on that day. */
    next_billing_day: date('next_billing_day', { mode: 'string' }).notNull(),
    payment_method_id: integer('payment_method_id').references(() => billingPaymentMethods.id, { onDelete: 'set null' }),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index('billing_subscriptions_business_idx').on(t.business_id),
    index('billing_subscriptions_user_idx').on(t.user_id),
    index('billing_subscriptions_due_idx').on(t.next_billing_day).where(sql`${t.deleted_at} is null`),
    check('billing_subscriptions_amount', sql`${t.amount} >= 0`),
    check('billing_subscriptions_anchor', sql`${t.anchor_day} between 1 and 31`),
  ],
);

export const billingSubscriptionAdjustments = pgTable(
  'billing_subscription_adjustments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscription_id: integer('subscription_id')
      .notNull()
      .references(() => billingSubscriptions.id, { onDelete: 'cascade' }),
    type: text('type').$type<AdjustmentType>().notNull(),
    amount_kind: text('amount_kind').$type<AmountKind>().notNull(),
    value: integer('value').notNull(),
    description: text('description'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('billing_subscription_adjustments_sub_idx').on(t.subscription_id),
    check('billing_subscription_adjustments_type', sql`${t.type} in ('d', 'a') and ${t.amount_kind} in ('a', 'p') and ${t.value} >= 0`),
  ],
);

/** Statuses set on a subscription (`change-status`): scheduled until `starts_on`, in effect until `ends_on` or removed. */
export const billingSubscriptionStatuses = pgTable(
  'billing_subscription_statuses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscription_id: integer('subscription_id')
      .notNull()
      .references(() => billingSubscriptions.id, { onDelete: 'cascade' }),
    status: text('status').$type<SubscriptionSetStatus>().notNull(),
    pause_mode: text('pause_mode').$type<PauseMode>(),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }),
    reason: text('reason'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    removed_at: timestamp('removed_at', { withTimezone: true }),
    removed_by: integer('removed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('billing_subscription_statuses_sub_idx').on(t.subscription_id),
    check('billing_subscription_statuses_status', sql`${t.status} in ('paused', 'alternate', 'withdrawn')`),
    check('billing_subscription_statuses_mode', sql`(${t.status} = 'paused') = (${t.pause_mode} is not null) and (${t.pause_mode} is null or ${t.pause_mode} in ('PAUSE', 'PAUSEWITHOUTINVOICE'))`),
    check('billing_subscription_statuses_range', sql`${t.ends_on} is null or ${t.ends_on} >= ${t.starts_on}`),
  ],
);

/** Instalment plans (`charge-installment`): each instalment is an invoice with its own status (`installment_plan_id`, `installment_number`). */
export const billingInstallmentPlans = pgTable(
  'billing_installment_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    description: text('description').notNull(),
    total: integer('total').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    count: integer('count').notNull(),
    /** The caller's key: the same key makes one plan. */
    idempotency_key: text('idempotency_key'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('billing_installment_plans_business_idx').on(t.business_id),
    uniqueIndex('billing_installment_plans_key_idx').on(t.business_id, t.idempotency_key),
    check('billing_installment_plans_total', sql`${t.total} > 0 and ${t.count} >= 2`),
  ],
);

export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    subscription_id: integer('subscription_id').references(() => billingSubscriptions.id, { onDelete: 'set null' }),
    type: text('type').$type<InvoiceType>().notNull(),
    status: text('status').$type<InvoiceStatus>().notNull().default('unpaid'),
    currency: text('currency').$type<Currency>().notNull(),
    /** Hundredths of a percent. */
    tax_rate: integer('tax_rate').notNull().default(0),
    /** `invoiceTotals` of its lines and adjustments, kept with them. */
    subtotal: integer('subtotal').notNull().default(0),
    adjustments_total: integer('adjustments_total').notNull().default(0),
    tax: integer('tax').notNull().default(0),
    total: integer('total').notNull().default(0),
    due_date: date('due_date', { mode: 'string' }),
    current_billing_cycle_start: date('current_billing_cycle_start', { mode: 'string' }),
    comment: text('comment'),
    payment_method_id: integer('payment_method_id').references(() => billingPaymentMethods.id, { onDelete: 'set null' }),
    /** Charge attempts since the last reset, and when the scheduler tries again. */
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }),
    installment_plan_id: integer('installment_plan_id').references(() => billingInstallmentPlans.id, { onDelete: 'cascade' }),
    installment_number: integer('installment_number'),
    /** A one-time charge's key (`onetimebilling/charge`): the same key opens one invoice. */
    idempotency_key: text('idempotency_key'),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    created_at: createdAt(),
    /** Every change bumps it; the PDF is regenerated when it is newer than the PDF. */
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('billing_invoices_business_idx').on(t.business_id, t.created_at),
    index('billing_invoices_retry_idx').on(t.next_attempt_at).where(sql`${t.deleted_at} is null and ${t.next_attempt_at} is not null`),
    /** One invoice per subscription cycle: the scheduler's idempotency. */
    uniqueIndex('billing_invoices_cycle_idx').on(t.subscription_id, t.current_billing_cycle_start).where(sql`${t.type} = 'recurring'`),
    uniqueIndex('billing_invoices_installment_idx').on(t.installment_plan_id, t.installment_number),
    uniqueIndex('billing_invoices_key_idx').on(t.business_id, t.idempotency_key),
    check('billing_invoices_type', sql`${t.type} in ('recurring', 'onetime')`),
    check(
      'billing_invoices_status',
      sql`${t.status} in ('unpaid', 'paid', 'pending', 'fail', 'withdrawn', 'paused', 'queued', 'refund', 'alternate')`,
    ),
    check('billing_invoices_amounts', sql`${t.subtotal} >= 0 and ${t.total} >= 0 and ${t.tax} >= 0 and ${t.attempts} >= 0`),
  ],
);

export const billingInvoiceLines = pgTable(
  'billing_invoice_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => billingInvoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unit_amount: integer('unit_amount').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [uniqueIndex('billing_invoice_lines_position_idx').on(t.invoice_id, t.position), check('billing_invoice_lines_amount', sql`${t.amount} = ${t.quantity} * ${t.unit_amount}`)],
);

export const billingInvoiceAdjustments = pgTable(
  'billing_invoice_adjustments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => billingInvoices.id, { onDelete: 'cascade' }),
    type: text('type').$type<AdjustmentType>().notNull(),
    amount_kind: text('amount_kind').$type<AmountKind>().notNull(),
    value: integer('value').notNull(),
    description: text('description'),
    /** Its signed cents in the invoice's totals (`adjustmentCents`). */
    cents: integer('cents').notNull(),
  },
  (t) => [index('billing_invoice_adjustments_invoice_idx').on(t.invoice_id)],
);

/** Every status change of an invoice, with its actor, reason and time (`rules/billing.ts` `transition`). */
export const billingInvoiceStatusHistory = pgTable(
  'billing_invoice_status_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => billingInvoices.id, { onDelete: 'cascade' }),
    /** Null for the invoice's opening. */
    from_status: text('from_status').$type<InvoiceStatus>(),
    to_status: text('to_status').$type<InvoiceStatus>().notNull(),
    actor: text('actor').$type<BillingActor>().notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_invoice_status_history_invoice_idx').on(t.invoice_id, t.id), check('billing_invoice_status_history_actor', sql`${t.actor} in ('system', 'admin', 'owner')`)],
);

/** Charges of invoices through the provider: one row per attempt, its idempotency key unique. */
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => billingInvoices.id, { onDelete: 'cascade' }),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    payment_method_id: integer('payment_method_id').references(() => billingPaymentMethods.id, { onDelete: 'set null' }),
    /** Card brand and last 4 when charged (never the number). */
    method_label: text('method_label'),
    amount: integer('amount').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    status: text('status').$type<'succeeded' | 'pending' | 'failed'>().notNull(),
    provider: text('provider').notNull(),
    /** The provider's charge id (`ch_…`); null when the provider refused before making one. */
    foreign_payment_id: text('foreign_payment_id'),
    /** `invoice-{id}-attempt-{n}` for the scheduler; the caller's for the embed. */
    idempotency_key: text('idempotency_key').notNull(),
    failure_message: text('failure_message'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('billing_payments_invoice_idx').on(t.invoice_id),
    uniqueIndex('billing_payments_key_idx').on(t.idempotency_key),
    uniqueIndex('billing_payments_foreign_idx').on(t.provider, t.foreign_payment_id),
    check('billing_payments_amount', sql`${t.amount} > 0`),
    check('billing_payments_status', sql`${t.status} in ('succeeded', 'pending', 'failed')`),
  ],
);

export const billingRefunds = pgTable(
  'billing_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    payment_id: integer('payment_id')
      .notNull()
      .references(() => billingPayments.id, { onDelete: 'cascade' }),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => billingInvoices.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    status: text('status').$type<'succeeded' | 'pending' | 'failed'>().notNull(),
    /** The provider's refund id (`re_…`). */
    foreign_refund_id: text('foreign_refund_id'),
    idempotency_key: text('idempotency_key').notNull(),
    reason: text('reason'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('billing_refunds_payment_idx').on(t.payment_id),
    uniqueIndex('billing_refunds_key_idx').on(t.idempotency_key),
    check('billing_refunds_amount', sql`${t.amount} > 0`),
  ],
);

/** A business's account balance ledger: funds (cents) and message credits; a balance is the sum of the entries kept. */
export const billingAccountBalances = pgTable(
  'billing_account_balances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AccountBalanceKind>().notNull(),
    amount: integer('amount').notNull(),
    description: text('description'),
    invoice_id: integer('invoice_id').references(() => billingInvoices.id, { onDelete: 'set null' }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('billing_account_balances_business_idx').on(t.business_id, t.kind),
    uniqueIndex('billing_account_balances_invoice_idx').on(t.invoice_id),
    check('billing_account_balances_kind', sql`${t.kind} in ('fund', 'message')`),
    check('billing_account_balances_amount', sql`${t.amount} <> 0`),
  ],
);

/** Every change to an account balance entry (create, update, delete): who, what it was, what it became. */
export const billingAccountBalanceHistory = pgTable(
  'billing_account_balance_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    entry_id: integer('entry_id')
      .notNull()
      .references(() => billingAccountBalances.id, { onDelete: 'cascade' }),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    action: text('action').$type<'create' | 'update' | 'delete'>().notNull(),
    old_amount: integer('old_amount'),
    new_amount: integer('new_amount'),
    old_description: text('old_description'),
    new_description: text('new_description'),
    by: integer('by').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_account_balance_history_business_idx').on(t.business_id, t.at)],
);

/** Single-use links (7 days) to the public page where someone adds a payment method for `user_id`. Only the token's SHA-256 is kept. */
export const billingShareLinks = pgTable(
  'billing_share_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    /** The setup intent the page opened (one per link). */
    setup_intent_id: text('setup_intent_id'),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('billing_share_links_token_idx').on(t.token_hash)],
);

/** Runs of the billing scheduler (bsched's job): what each opened, charged and failed. */
export const billingSchedulerRuns = pgTable(
  'billing_scheduler_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The day it billed for (in UTC terms of the run; each business's own day decides its cycles). */
    run_for: timestamp('run_for', { withTimezone: true }).notNull(),
    by: integer('by').references(() => users.id, { onDelete: 'set null' }),
    job_id: text('job_id'),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    opened: integer('opened').notNull().default(0),
    charged: integer('charged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    error: text('error'),
  },
  (t) => [index('billing_scheduler_runs_started_idx').on(t.started_at)],
);

import { z } from 'zod/mini';
import { CURRENCY, type Currency } from './business';
import { id, instant, reportedDay } from './ids';
import { amount, boundedInt, text } from './input';

/**
 * Billing (spec 000 §1, §3 Invoice and Payment refund, §4 statuses and billing kinds, §5 past
 * due, §7 Billing, §9 constants): how the platform bills the businesses on it. Shared by the
 * billing dests (`api/billing.ts`), the rules (`rules/billing.ts`), the server and the screens.
 *
 * Money is integer cents everywhere (`amount`, `total`, …), in the invoice's `currency`. Days
 * (`dueDate`, `current_billing_cycle_start`, `starts_on`) are `YYYY-MM-DD` in the business's time
 * zone; instants (`createdAt`, `at`) ISO-8601 UTC. Field names are the spec's where it names them
 * (`dueDate`, `current_billing_cycle_start`, `createdAt`, `invoice_id`, `foreign_payment_id`),
 * snake_case otherwise, like the columns.
 */

// ——— Statuses (spec 000 §4) ————————————————————————————————————————————————————————————

/** The nine statuses of an invoice (and of a subscription's invoices), spec 000 §4. */
export const INVOICE_STATUS = {
  UNPAID: 'unpaid',
  PAID: 'paid',
  PENDING: 'pending',
  FAIL: 'fail',
  WITHDRAWN: 'withdrawn',
  PAUSED: 'paused',
  QUEUED: 'queued',
  REFUND: 'refund',
  ALTERNATE: 'alternate',
} as const;
export type InvoiceStatus = (typeof INVOICE_STATUS)[keyof typeof INVOICE_STATUS];
export const INVOICE_STATUSES = Object.values(INVOICE_STATUS) as [InvoiceStatus, ...InvoiceStatus[]];
export const INVOICE_STATUS_LABEL: Record<InvoiceStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  pending: 'Pending',
  fail: 'Failed',
  withdrawn: 'Withdrawn',
  paused: 'Paused',
  queued: 'Queued',
  refund: 'Refunded',
  alternate: 'Alternate Arrangement',
};
export const invoiceStatus = z.enum(INVOICE_STATUSES, { error: `Must be one of ${INVOICE_STATUSES.join(', ')}` });

/** The only statuses the invoice list filter offers (spec 000 §4). */
export const INVOICE_FILTER_STATUSES = ['unpaid', 'paid', 'pending', 'fail'] as const satisfies readonly InvoiceStatus[];
export type InvoiceFilterStatus = (typeof INVOICE_FILTER_STATUSES)[number];
export const invoiceFilterStatus = z.enum(INVOICE_FILTER_STATUSES, { error: 'Must be unpaid, paid, pending or fail' });

/** An invoice is opened by a subscription's cycle (`recurring`) or by a one-time charge (`onetime`), spec 000 §3. */
export const INVOICE_TYPE = { RECURRING: 'recurring', ONETIME: 'onetime' } as const;
export type InvoiceType = (typeof INVOICE_TYPE)[keyof typeof INVOICE_TYPE];
export const INVOICE_TYPES = Object.values(INVOICE_TYPE) as [InvoiceType, ...InvoiceType[]];
export const INVOICE_TYPE_LABEL: Record<InvoiceType, string> = { recurring: 'Recurring', onetime: 'One-time' };

// ——— Other billing kinds (spec 000 §4) —————————————————————————————————————————————————

/** Plan kinds, spelled as the product spells them. */
export const PLAN_KIND = { REOCCURING: 'Reoccuring', ONETIME: 'Onetime' } as const;
export type PlanKind = (typeof PLAN_KIND)[keyof typeof PLAN_KIND];
export const PLAN_KINDS = Object.values(PLAN_KIND) as [PlanKind, ...PlanKind[]];
export const PLAN_KIND_LABEL: Record<PlanKind, string> = { Reoccuring: 'Reoccuring', Onetime: 'Onetime' };
export const planKind = z.enum(PLAN_KINDS, { error: 'Must be Reoccuring or Onetime' });

/** Transaction kinds: money in (a charge) or back out (a refund). */
export const TRANSACTION_KIND = { CHARGE: 'charge', REFUND: 'refund' } as const;
export type TransactionKind = (typeof TRANSACTION_KIND)[keyof typeof TRANSACTION_KIND];
export const TRANSACTION_KINDS = Object.values(TRANSACTION_KIND) as [TransactionKind, ...TransactionKind[]];
export const TRANSACTION_KIND_LABEL: Record<TransactionKind, string> = { charge: 'Charge', refund: 'Refund' };

/** Account balance kinds: money kept for the business (`fund`, cents) and message credits (`message`, a count). */
export const ACCOUNT_BALANCE_KIND = { FUND: 'fund', MESSAGE: 'message' } as const;
export type AccountBalanceKind = (typeof ACCOUNT_BALANCE_KIND)[keyof typeof ACCOUNT_BALANCE_KIND];
export const ACCOUNT_BALANCE_KINDS = Object.values(ACCOUNT_BALANCE_KIND) as [AccountBalanceKind, ...AccountBalanceKind[]];
export const ACCOUNT_BALANCE_KIND_LABEL: Record<AccountBalanceKind, string> = { fund: 'Funds', message: 'Messages' };
export const accountBalanceKind = z.enum(ACCOUNT_BALANCE_KINDS, { error: 'Must be fund or message' });

/** Adjustment types: Discount (d) takes off, Adjustment (a) adds (or, negative, takes off). */
export const ADJUSTMENT_TYPE = { DISCOUNT: 'd', ADJUSTMENT: 'a' } as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPE)[keyof typeof ADJUSTMENT_TYPE];
export const ADJUSTMENT_TYPES = Object.values(ADJUSTMENT_TYPE) as [AdjustmentType, ...AdjustmentType[]];
export const ADJUSTMENT_TYPE_LABEL: Record<AdjustmentType, string> = { d: 'Discount', a: 'Adjustment' };

/** Amount kinds: Amount (a) in cents, Percentage (p) in hundredths of a percent (1250 = 12.50 %). */
export const AMOUNT_KIND = { AMOUNT: 'a', PERCENTAGE: 'p' } as const;
export type AmountKind = (typeof AMOUNT_KIND)[keyof typeof AMOUNT_KIND];
export const AMOUNT_KINDS = Object.values(AMOUNT_KIND) as [AmountKind, ...AmountKind[]];
export const AMOUNT_KIND_LABEL: Record<AmountKind, string> = { a: 'Amount', p: 'Percentage' };
/** 100.00 % in hundredths of a percent. */
export const PERCENT_MAX = 10_000;

/**
 * Subscription pause modes: `PAUSE` keeps opening the cycle's invoices, marked `paused` and never
 * charged; `PAUSEWITHOUTINVOICE` opens none while paused.
 */
export const PAUSE_MODE = { PAUSE: 'PAUSE', PAUSEWITHOUTINVOICE: 'PAUSEWITHOUTINVOICE' } as const;
export type PauseMode = (typeof PAUSE_MODE)[keyof typeof PAUSE_MODE];
export const PAUSE_MODES = Object.values(PAUSE_MODE) as [PauseMode, ...PauseMode[]];
export const PAUSE_MODE_LABEL: Record<PauseMode, string> = { PAUSE: 'Pause (invoices kept, not charged)', PAUSEWITHOUTINVOICE: 'Pause without invoices' };
export const pauseMode = z.enum(PAUSE_MODES, { error: 'Must be PAUSE or PAUSEWITHOUTINVOICE' });

/**
 * A status set on a subscription (`subscription/change-status`) from a day, until a day or until
 * removed (`subscription/remove-status`): a pause, an alternate arrangement (invoices opened as
 * `alternate`, paid outside the platform), or withdrawn (no more invoices). Shown as scheduled from
 * the moment it is set, active from its `starts_on`.
 */
export const SUBSCRIPTION_SET_STATUSES = ['paused', 'alternate', 'withdrawn'] as const satisfies readonly InvoiceStatus[];
export type SubscriptionSetStatus = (typeof SUBSCRIPTION_SET_STATUSES)[number];
export const subscriptionSetStatus = z.enum(SUBSCRIPTION_SET_STATUSES, { error: 'Must be paused, alternate or withdrawn' });

/** What a subscription is on a day: billing as usual, or under one of its set statuses. */
export const SUBSCRIPTION_STATE = { ACTIVE: 'active', PAUSED: 'paused', ALTERNATE: 'alternate', WITHDRAWN: 'withdrawn' } as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATE)[keyof typeof SUBSCRIPTION_STATE];
export const SUBSCRIPTION_STATES = Object.values(SUBSCRIPTION_STATE) as [SubscriptionState, ...SubscriptionState[]];
export const SUBSCRIPTION_STATE_LABEL: Record<SubscriptionState, string> = {
  active: 'Active',
  paused: 'Paused',
  alternate: 'Alternate Arrangement',
  withdrawn: 'Withdrawn',
};

/** The default subscription interval list (spec 000 §9): monthly. */
export const BILLING_INTERVAL = { MONTHLY: 'monthly' } as const;
export type BillingInterval = (typeof BILLING_INTERVAL)[keyof typeof BILLING_INTERVAL];
export const BILLING_INTERVALS = Object.values(BILLING_INTERVAL) as [BillingInterval, ...BillingInterval[]];
export const BILLING_INTERVAL_LABEL: Record<BillingInterval, string> = { monthly: 'Monthly' };

/** The §9 "billing setting constant 3": charge attempts of an invoice before it stays failed. */
export const BILLING_MAX_ATTEMPTS = 3;

/** Who made a status change: the scheduler or the provider (`system`), a platform admin, or the business's owner. */
export const BILLING_ACTOR = { SYSTEM: 'system', ADMIN: 'admin', OWNER: 'owner' } as const;
export type BillingActor = (typeof BILLING_ACTOR)[keyof typeof BILLING_ACTOR];
export const BILLING_ACTORS = Object.values(BILLING_ACTOR) as [BillingActor, ...BillingActor[]];
export const BILLING_ACTOR_LABEL: Record<BillingActor, string> = { system: 'Billing scheduler', admin: 'Admin', owner: 'Owner' };

/** Payment method kinds. */
export const PAYMENT_METHOD_KIND = { CARD: 'card', BANK_ACCOUNT: 'bank_account' } as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KIND)[keyof typeof PAYMENT_METHOD_KIND];
export const PAYMENT_METHOD_KINDS = Object.values(PAYMENT_METHOD_KIND) as [PaymentMethodKind, ...PaymentMethodKind[]];
export const PAYMENT_METHOD_KIND_LABEL: Record<PaymentMethodKind, string> = { card: 'Card', bank_account: 'Bank account' };

/** A billing currency (spec 000 §9). */
export const BILLING_CURRENCIES = Object.values(CURRENCY) as [Currency, ...Currency[]];
export const billingCurrency = z.enum(BILLING_CURRENCIES, { error: `Must be one of ${BILLING_CURRENCIES.join(', ')}` });

/** The state of a business's suspension from its date (spec 001 §4): no date, a future one, a past one. */
export const SUSPENSION_STATE = { ACTIVE: 'active', WILL_BE_SUSPENDED: 'willBeSuspended', SUSPENDED: 'suspended' } as const;
export type SuspensionState = (typeof SUSPENSION_STATE)[keyof typeof SUSPENSION_STATE];
export const SUSPENSION_STATE_LABEL: Record<SuspensionState, string> = { active: 'Active', willBeSuspended: 'Will be suspended', suspended: 'Suspended' };

/** How long a payment-method share link is valid (spec 000 route rule `payment-method`): 7 days. */
export const SHARE_LINK_DAYS = 7;
/** The public page a share link opens; its path contains `payment-method`. */
export const PAYMENT_METHOD_SHARE_PATH = '/payment-method/{token}';
/** A share link's token: 43 URL-safe characters (32 random bytes). */
export const shareToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This link is not valid' }));

// ——— Building blocks of requests ————————————————————————————————————————————————————————

/** A name or description typed by a person. */
export const billingName = text(120, { min: 1, trim: true, tooShort: 'Enter a name' });
export const billingNote = text(1000);
/** A percentage in hundredths of a percent, 0 to 100.00 %. */
export const percentage = boundedInt(0, PERCENT_MAX, { tooLarge: 'At most 100%', tooSmall: 'At least 0%' });

/** An adjustment as a request gives it: Amount (a) in cents or Percentage (p) in hundredths of a percent. */
export const adjustmentInput = z
  .object({
    type: z.enum(ADJUSTMENT_TYPES, { error: 'Must be d (Discount) or a (Adjustment)' }),
    amount_kind: z.enum(AMOUNT_KINDS, { error: 'Must be a (Amount) or p (Percentage)' }),
    value: amount(),
    description: z.optional(text(200)),
  })
  .check(
    z.refine((a) => a.amount_kind !== 'p' || a.value <= PERCENT_MAX, { error: 'At most 100%', path: ['value'] }),
  );
export type AdjustmentInput = z.infer<typeof adjustmentInput>;

/** A line of a one-time charge. */
export const invoiceLineInput = z.object({
  description: text(200, { min: 1, trim: true, tooShort: 'Describe the line' }),
  quantity: boundedInt(1, 10_000),
  unit_amount: amount(),
});
export type InvoiceLineInput = z.infer<typeof invoiceLineInput>;

// ——— Entities (responses) ———————————————————————————————————————————————————————————————

export const plan = z.object({
  id,
  name: z.string(),
  kind: planKind,
  /** Cents per cycle (Reoccuring) or once (Onetime). */
  amount: z.number(),
  currency: billingCurrency,
  interval: z.nullable(z.enum(BILLING_INTERVALS)),
  description: z.nullable(z.string()),
  active: z.boolean(),
});
export type Plan = z.infer<typeof plan>;

export const adjustment = z.object({
  id,
  type: z.enum(ADJUSTMENT_TYPES),
  amount_kind: z.enum(AMOUNT_KINDS),
  /** Cents (a) or hundredths of a percent (p), as given. */
  value: z.number(),
  description: z.nullable(z.string()),
  /** What it does to the total, signed cents (`adjustmentCents`): a discount negative. */
  cents: z.number(),
});
export type Adjustment = z.infer<typeof adjustment>;

/** A status set on a subscription, scheduled or in effect. */
export const subscriptionStatusEntry = z.object({
  id,
  status: subscriptionSetStatus,
  /** Only for `paused`. */
  pause_mode: z.nullable(pauseMode),
  starts_on: reportedDay,
  /** The last day it holds; null: until removed. */
  ends_on: z.nullable(reportedDay),
  reason: z.nullable(z.string()),
  by: z.nullable(z.string()),
  created_at: instant,
  /** When `remove-status` took it away; a removed entry no longer applies. */
  removed_at: z.nullable(instant),
});
export type SubscriptionStatusEntry = z.infer<typeof subscriptionStatusEntry>;

export const subscription = z.object({
  id,
  business_id: id,
  business_name: z.string(),
  /** The user who pays (whose payment methods charge it). */
  user_id: id,
  plan_id: id,
  plan_name: z.string(),
  kind: planKind,
  /** Cents per cycle before adjustments. */
  amount: z.number(),
  currency: billingCurrency,
  interval: z.enum(BILLING_INTERVALS),
  /** What it is today (`subscriptionStateOn`). */
  state: z.enum(SUBSCRIPTION_STATES),
  /** The pause mode in effect today, if paused. */
  pause_mode: z.nullable(pauseMode),
  /** The first day of the current cycle (null before the first one starts). */
  current_billing_cycle_start: z.nullable(reportedDay),
  /** The day the next invoice opens. */
  next_billing_day: reportedDay,
  payment_method_id: z.nullable(id),
  adjustments: z.array(adjustment),
  /** Every status set on it, scheduled ones included, newest first. */
  statuses: z.array(subscriptionStatusEntry),
  deleted: z.boolean(),
  createdAt: instant,
});
export type Subscription = z.infer<typeof subscription>;

export const invoiceLine = z.object({ id, description: z.string(), quantity: z.number(), unit_amount: z.number(), amount: z.number() });
export type InvoiceLine = z.infer<typeof invoiceLine>;

/** One recorded status change of an invoice: who, why, when. */
export const statusHistoryEntry = z.object({
  id,
  from: z.nullable(invoiceStatus),
  to: invoiceStatus,
  actor: z.enum(BILLING_ACTORS),
  /** The user who made it; null for the scheduler. */
  user_id: z.nullable(id),
  by: z.nullable(z.string()),
  reason: z.string(),
  at: instant,
});
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntry>;

/** An invoice as lists show it. */
export const invoice = z.object({
  id,
  business_id: id,
  business_name: z.string(),
  user_id: id,
  subscription_id: z.nullable(id),
  type: z.enum(INVOICE_TYPES),
  status: invoiceStatus,
  currency: billingCurrency,
  /** Cents: lines, then adjustments (`invoiceTotals`), then tax. */
  subtotal: z.number(),
  adjustments_total: z.number(),
  tax: z.number(),
  total: z.number(),
  /** Cents charged successfully, and refunded of it. */
  paid: z.number(),
  refunded: z.number(),
  dueDate: z.nullable(reportedDay),
  current_billing_cycle_start: z.nullable(reportedDay),
  createdAt: instant,
  deleted: z.boolean(),
  /** Past due by spec 000 §5 (`isPastDue`), now. */
  past_due: z.boolean(),
  payment_method_id: z.nullable(id),
  comment: z.nullable(z.string()),
  /** Charge attempts made since the last `reset-attempts`, of `BILLING_MAX_ATTEMPTS` (or the configured number). */
  attempts: z.number(),
  next_attempt_at: z.nullable(instant),
  /** An instalment's plan and its number in it (1-based). */
  installment_plan_id: z.nullable(id),
  installment_number: z.nullable(z.number()),
});
export type Invoice = z.infer<typeof invoice>;

/** A charge or a refund (transaction kinds) of an invoice. */
export const billingTransaction = z.object({
  id,
  kind: z.enum(TRANSACTION_KINDS),
  invoice_id: id,
  /** The payment a refund gives back; for a charge, its own id. */
  payment_id: id,
  /** Cents, positive. */
  amount: z.number(),
  currency: billingCurrency,
  /** `succeeded`, `pending` or `failed`. */
  status: z.enum(['succeeded', 'pending', 'failed']),
  /** The provider's id (a charge `ch_…`, a refund `re_…`); never a card number. */
  foreign_payment_id: z.nullable(z.string()),
  /** Card brand and last 4, or the bank's name and last 4. */
  payment_method: z.nullable(z.string()),
  failure_message: z.nullable(z.string()),
  /** For a charge: cents refunded of it so far. */
  refunded: z.number(),
  by: z.nullable(z.string()),
  at: instant,
});
export type BillingTransaction = z.infer<typeof billingTransaction>;

export const installment = z.object({
  id,
  number: z.number(),
  due_on: reportedDay,
  amount: z.number(),
  status: invoiceStatus,
  /** The invoice opened for it. */
  invoice_id: id,
});
export type Installment = z.infer<typeof installment>;

export const installmentPlan = z.object({
  id,
  business_id: id,
  user_id: id,
  description: z.string(),
  total: z.number(),
  currency: billingCurrency,
  instalments: z.array(installment),
  createdAt: instant,
});
export type InstallmentPlan = z.infer<typeof installmentPlan>;

/** An invoice with everything about it. */
/** Where the method a charge uses comes from: the invoice's own, its subscription's, or the payer's default. */
export const CHARGE_METHOD_SOURCES = ['invoice', 'subscription', 'default'] as const;
export type ChargeMethodSource = (typeof CHARGE_METHOD_SOURCES)[number];

/** A saved method as a charge names it: its kind, brand and last four, where it comes from and whose it is. */
export const chargeMethod = z.object({
  id,
  kind: z.enum(PAYMENT_METHOD_KINDS),
  brand: z.nullable(z.string()),
  last4: z.string(),
  source: z.enum(CHARGE_METHOD_SOURCES),
  /** The business the invoice bills (whose method it is, as its users read it). */
  owner: z.string(),
});
export type ChargeMethod = z.infer<typeof chargeMethod>;

export const invoiceDetail = z.extend(invoice, {
  lines: z.array(invoiceLine),
  adjustments: z.array(adjustment),
  transactions: z.array(billingTransaction),
  history: z.array(statusHistoryEntry),
  installment_plan: z.nullable(installmentPlan),
  /** The statuses `change-invoice-status` may set now, for the caller (`transitionsFrom`). */
  next_statuses: z.array(invoiceStatus),
  /**
   * The payment method a charge of it now would use (issue 28) — the invoice's own, else its
   * subscription's, else the payer's default, never a removed one — and whose it is (the business
   * it bills); null when there is none to charge.
   */
  charge_method: z.optional(z.nullable(chargeMethod)),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

/** A saved payment method: the provider's id stays on the server; never a card number. */
export const paymentMethod = z.object({
  id,
  user_id: id,
  name: z.string(),
  kind: z.enum(PAYMENT_METHOD_KINDS),
  brand: z.nullable(z.string()),
  last4: z.string(),
  exp_month: z.nullable(z.number()),
  exp_year: z.nullable(z.number()),
  is_default: z.boolean(),
  /** Subscriptions it pays. */
  subscription_ids: z.array(id),
  createdAt: instant,
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

/** One entry of a business's account balance: signed cents (fund) or message credits (message). */
export const accountBalanceEntry = z.object({
  id,
  business_id: id,
  business_name: z.string(),
  kind: accountBalanceKind,
  amount: z.number(),
  description: z.nullable(z.string()),
  by: z.nullable(z.string()),
  createdAt: instant,
  /** The invoice that bought it (`charge-account-balance`). */
  invoice_id: z.nullable(id),
});
export type AccountBalanceEntry = z.infer<typeof accountBalanceEntry>;

/** A business's balances: the sums of its entries per kind. */
export const accountBalanceTotals = z.object({ business_id: id, business_name: z.string(), fund: z.number(), message: z.number() });
export type AccountBalanceTotals = z.infer<typeof accountBalanceTotals>;

export const shareLink = z.object({
  /** The path of the public page, `/payment-method/{token}`. */
  path: z.string(),
  token: z.string(),
  expires_at: instant,
});
export type ShareLink = z.infer<typeof shareLink>;

export const schedulerRun = z.object({
  id,
  by: z.nullable(z.string()),
  started_at: instant,
  finished_at: z.nullable(instant),
  opened: z.number(),
  charged: z.number(),
  failed: z.number(),
});
export type SchedulerRun = z.infer<typeof schedulerRun>;

/** A business as the admin's billing lists show it. */
export const billingBusiness = z.object({
  id,
  name: z.string(),
  currency: billingCurrency,
  subscriptions: z.number(),
  unpaid: z.number(),
  past_due: z.number(),
  /** Cents owed: totals of unpaid and failed invoices less what was paid on them. */
  balance_due: z.number(),
  suspended_after: z.nullable(z.string()),
  /** Why it is suspended, as the admin wrote it (issue 28); null without a reason or a suspension. */
  suspension_reason: z.optional(z.nullable(z.string())),
  /** Who may pay its subscriptions: the users who may see it (through it or its network), by name. */
  payers: z.array(z.object({ id, name: z.string() })),
});
export type BillingBusiness = z.infer<typeof billingBusiness>;

import { z } from 'zod/mini';
import { LINE_KIND, type LineKind } from './lineKind';
import { TRANSACTION_STATUSES } from './transactionStatus';
import { day, id, instant } from './ids';

/** Money on the wire: integer minor units (cents). */
export const cents = z.number().check(z.int());

export const transactionStatus = z.enum(TRANSACTION_STATUSES);

export const lineKind = z.enum(Object.values(LINE_KIND) as [LineKind, ...LineKind[]]);

/** A person on a ticket: a staff member, by id and display name (unique within the business, core's `staffDisplayNames`). */
export const staffRef = z.object({ id, name: z.string() });
export type StaffRef = z.infer<typeof staffRef>;

/** A phone of the customer on a ticket, with the customer profiles behind it (spec 001 §3). */
export const phoneEntry = z.object({
  type: z.string(),
  phone: z.string(),
  customerprofiles: z.array(z.object({ firstname: z.nullable(z.string()), lastname: z.nullable(z.string()), email: z.nullable(z.string()) })),
});
export type PhoneEntryWire = z.infer<typeof phoneEntry>;

/** One sales line (spec 001 §3 Saleslog): what was sold, as sold (name and price kept). */
export const saleslog = z.object({
  id,
  kind: lineKind,
  service_id: z.nullable(id),
  product_id: z.nullable(id),
  /** The service's name as sold (services and gift cards), else null. */
  service: z.nullable(z.string()),
  /** The product's name as sold, else null. */
  product: z.nullable(z.string()),
  price: cents,
  discount: cents,
  quantity: z.number().check(z.int()),
  employees: z.array(staffRef),
  tax: cents,
  total: cents,
});
export type Saleslog = z.infer<typeof saleslog>;

export const CHARGE_STATUS = { CAPTURE: 'CAPTURE', VOID: 'VOID' } as const;
export type ChargeStatus = (typeof CHARGE_STATUS)[keyof typeof CHARGE_STATUS];
export const CHARGE_STATUS_LABEL: Record<ChargeStatus, string> = { CAPTURE: 'Captured', VOID: 'Voided' };

export const PAYMENT_PROVIDER = { STRIPE: 'stripe', NMI: 'nmi' } as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDER)[keyof typeof PAYMENT_PROVIDER];
export const paymentProvider = z.enum(['stripe', 'nmi']);
/** Every payment provider, and how the screens name each. */
export const PAYMENT_PROVIDERS = ['stripe', 'nmi'] as const satisfies readonly PaymentProvider[];
export const PAYMENT_PROVIDER_LABEL: Record<PaymentProvider, string> = { stripe: 'Stripe', nmi: 'NMI' };

/** A card payment on a ticket. */
export const payment = z.object({
  id,
  queue_id: id,
  provider: paymentProvider,
  amount: cents,
  auth_code: z.string(),
  auth_guid: z.string(),
  charge_status: z.enum(['CAPTURE', 'VOID']),
  mappedCard: z.nullable(z.object({ brand: z.string(), last4: z.string() })),
  created_at: instant,
});
export type Payment = z.infer<typeof payment>;

/** A refund given on a ticket, with who gave it and why. */
export const refund = z.object({
  id,
  amount: cents,
  reason: z.string(),
  note: z.string(),
  /** Null when the user who refunded was since removed. */
  refunded_by: z.nullable(z.object({ id, name: z.string() })),
  /** When it was made. */
  created_at: instant,
  /** The business day it counts on: the day it was made, in the business's time zone (not the ticket's day). */
  day,
});
export type Refund = z.infer<typeof refund>;

/** The checkout record of a completed ticket (spec 001 §3). */
export const checkout = z.object({
  id,
  cashamount: cents,
  creditamount: cents,
  giftamount: cents,
  tipamount: cents,
  feesamount: cents,
  withfees: z.boolean(),
  withmultiplecoupons: z.boolean(),
  coupons: z.array(z.string()),
  globalcoupons: z.array(z.string()),
  subtotal: cents,
  discount: cents,
  tax: cents,
  /** Line totals, tax included. */
  total: cents,
  /** What was taken: cash + credit + gift (the total, tips and fees). */
  paid: cents,
  refunded: cents,
  isRefund: z.boolean(),
  /** The latest refund, if any. */
  refund_id: z.nullable(id),
  payee: z.nullable(staffRef),
  payeetips: cents,
  paidtips: cents,
  employee_id: z.nullable(id),
  /** Taken while the card terminal was bypassed (offline); captured later. */
  bypass: z.boolean(),
  created_at: instant,
  checkout_day: day,
  saleslogs: z.array(saleslog),
  refunds: z.array(refund),
});
export type Checkout = z.infer<typeof checkout>;

export const checkoutDetail = z.object({ name: z.string(), value: z.string() });
export type CheckoutDetail = z.infer<typeof checkoutDetail>;

/** One transaction (queue entry) in full, as its detail shows it. */
export const transaction = z.object({
  id,
  status: transactionStatus,
  /** The business day the ticket belongs to. */
  day,
  customer_id: z.nullable(id),
  phones: z.array(phoneEntry),
  checkout: z.nullable(checkout),
  payments: z.array(payment),
  services: z.array(z.object({ id, name: z.string() })),
  products: z.array(z.object({ id, name: z.string() })),
  checkin_at: instant,
  service_at: z.nullable(instant),
  checkout_at: z.nullable(instant),
  updated_at: instant,
  booked_for: z.nullable(instant),
  serviced_by: z.nullable(staffRef),
  checkoutdetails: z.array(checkoutDetail),
  /** The printable receipt, for completed tickets; null otherwise ("Receipt Not Available"). */
  receipt_url: z.nullable(z.string()),
});
export type Transaction = z.infer<typeof transaction>;

/** A ticket as a day's list shows it: enough to find it, filter and search. */
export const transactionRow = z.object({
  id,
  status: transactionStatus,
  phones: z.array(phoneEntry),
  /** Who served the ticket, by display name (unique within the business). */
  staff: z.nullable(z.string()),
  /** Their full name, so a search by surname finds the ticket. */
  staff_full_name: z.nullable(z.string()),
  checkin_at: instant,
  checkout_at: z.nullable(instant),
  /** Number of sales lines. */
  lines: z.number().check(z.int()),
  total: cents,
  tipamount: cents,
  refunded: cents,
  cashamount: cents,
  creditamount: cents,
  giftamount: cents,
  bypass: z.boolean(),
});
export type TransactionRow = z.infer<typeof transactionRow>;

export const transactionDay = z.object({
  day,
  /** Refunds made on this business day, on its tickets or earlier ones (each ticket's `refunded` is its own, whenever made). */
  refunds: cents,
  transactions: z.array(transactionRow),
});
export type TransactionDay = z.infer<typeof transactionDay>;

/** One card payment as a provider's list for a day shows it. */
export const providerTransaction = z.extend(payment, { customer: z.string(), status: transactionStatus });
export const providerTransactions = z.object({ provider: paymentProvider, day, transactions: z.array(providerTransaction) });
export type ProviderTransactions = z.infer<typeof providerTransactions>;

/** Counts by status over a range (queue/summary). */
export const queueSummary = z.object({
  start: day,
  end: day,
  total: z.number(),
  /** Still waiting or being served. */
  open: z.number(),
  byStatus: z.array(z.object({ status: transactionStatus, label: z.string(), count: z.number() })),
});
export type QueueSummary = z.infer<typeof queueSummary>;

export const loyaltyDetail = z.object({
  customer_id: id,
  name: z.string(),
  points: z.number(),
  threshold: z.number(),
  slots: z.number(),
  stars: z.number(),
  percent: z.number(),
  rewards: z.number(),
});
export type LoyaltyDetail = z.infer<typeof loyaltyDetail>;

export const HISTORY_ACTION = { CHECKOUT: 'CHECKOUT', UPDATE: 'UPDATE', REFUND: 'REFUND', DELETE: 'DELETE', REACTIVATE: 'REACTIVATE' } as const;
export type HistoryAction = (typeof HISTORY_ACTION)[keyof typeof HISTORY_ACTION];
export const HISTORY_ACTION_LABEL: Record<HistoryAction, string> = {
  CHECKOUT: 'Checked out',
  UPDATE: 'Updated',
  REFUND: 'Refunded',
  DELETE: 'Deleted',
  REACTIVATE: 'Reactivated',
};
export const historyAction = z.enum(['CHECKOUT', 'UPDATE', 'REFUND', 'DELETE', 'REACTIVATE']);

/** One entry of a ticket's history: who did what, when, and why. */
export const historyEntry = z.object({
  id,
  queue_id: id,
  /** The business day the event happened on (its `created_at` in the business's time zone). */
  day,
  /** The business day of the ticket it was done to. */
  ticket_day: day,
  action: historyAction,
  user: z.nullable(z.object({ id, name: z.string() })),
  reason: z.nullable(z.string()),
  note: z.nullable(z.string()),
  amount: z.nullable(cents),
  detail: z.record(z.string(), z.unknown()),
  created_at: instant,
});
export type HistoryEntry = z.infer<typeof historyEntry>;
export const historyPage = z.object({ entries: z.array(historyEntry), total: z.number(), page: z.number(), pageSize: z.number() });
export type HistoryPage = z.infer<typeof historyPage>;

// ── Ticket search over a range ──────────────────────────────────────────────────────────────

/** A ticket as the range search lists it: a day list's row and the business day it belongs to. */
export const ticketSearchRow = z.extend(transactionRow, { day });
export type TicketSearchRow = z.infer<typeof ticketSearchRow>;

/**
 * The figures of the tickets a list holds, by the definitions of `FIGURES` and `dayListFigures`
 * (a range's are the sums of its days'): `listed` counts every ticket the list shows; `tickets`,
 * `sales`, `tips` and `collected` the completed ones; `refunds` those made on the range's days.
 */
export const listFigures = z.object({
  listed: z.number(),
  tickets: z.number(),
  sales: cents,
  tips: cents,
  refunds: cents,
  collected: cents,
});
export type ListFigures = z.infer<typeof listFigures>;

/** One page of a ticket search (`transactions/search`). */
export const ticketSearchPage = z.object({
  start: day,
  end: day,
  transactions: z.array(ticketSearchRow),
  /** The cursor of the next page; null on the last. */
  next: z.nullable(z.string()),
  /** On the first page only (no cursor): how many tickets match, and the range's figures (whatever the query and status). */
  summary: z.nullable(z.object({ matched: z.number(), figures: listFigures })),
});
export type TicketSearchPage = z.infer<typeof ticketSearchPage>;

import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { day, id, instant, reportedDay } from './ids';
import { boundedInt } from './input';
import { cents, paymentProvider } from './transaction';

/**
 * Web payments and payouts (spec 001 §3 Web payment row, Payout; §4 Payout; §5; §9): what the
 * customers paid online through the business's payment provider (Stripe or NMI), and the payouts
 * the provider sent to the bank, each itemised into the balance movements it paid. Every amount is
 * integer cents of the business's currency, whatever the provider's own unit (`rules/payouts.ts`
 * `providerCents`).
 */

/** What a web payment row is: a charge taken online, or a refund of one. */
export const WEB_PAYMENT_KIND = { CHARGE: 'charge', REFUND: 'refund' } as const;
export type WebPaymentKind = (typeof WEB_PAYMENT_KIND)[keyof typeof WEB_PAYMENT_KIND];
export const webPaymentKind = z.enum(['charge', 'refund']);
export const WEB_PAYMENT_KIND_LABEL: Record<WebPaymentKind, string> = { charge: 'Charge', refund: 'Refund' };

/**
 * One web payment (spec 001 §3): Provider, Amount, Invoice, Customer#, providerTxId, receipt. A
 * refund's amount is negative. `receipt` is the provider's receipt address when it gives one, else
 * null — the screen then says `Receipt Not Available` (§5).
 */
export const webPayment = z.object({
  id,
  provider: paymentProvider,
  kind: webPaymentKind,
  /** Cents; negative for a refund. */
  amount: cents,
  /** The provider's fee on it, in cents (0 for a refund unless the provider keeps one). */
  fee: cents,
  /** The invoice it paid: the ticket's number in Salondesk (`queue.id`), or the provider's description when none. */
  Invoice: z.nullable(z.string()),
  /** The ticket it paid, when it paid one. */
  queue_id: z.nullable(id),
  /** Customer#: the customer's id, null for a guest. */
  customer_id: z.nullable(id),
  /** The customer's name as the business knows it, else `Walk-in`. */
  customer: z.string(),
  /** The provider's id of the charge or refund (`ch_…`/`re_…` at Stripe, the transaction id at NMI). */
  providerTxId: z.string(),
  /** The provider's receipt address, or null (`Receipt Not Available`). */
  receipt: z.nullable(z.string()),
  /** When it was taken. */
  created_at: instant,
  /** The business day it was taken (the ticket's checkout day for a sale). */
  checkout_day: day,
  /** The payout that paid it out, once there is one. */
  payout_id: z.nullable(id),
});
export type WebPayment = z.infer<typeof webPayment>;

/** Web payments of a range (`webpayments`), newest first, with their sums. */
export const webPaymentList = z.object({
  start: day,
  end: day,
  provider: z.nullable(paymentProvider),
  payments: z.array(webPayment),
  totals: z.object({ count: z.number().check(z.int()), amount: cents, fee: cents }),
});
export type WebPaymentList = z.infer<typeof webPaymentList>;

/** The query of `webpayments`: a range of business days (at most `WEB_PAYMENT_RANGE_MAX_DAYS`), and optionally one provider. */
export const webPaymentQuery = z.object({ start: day, end: day, provider: z.optional(paymentProvider) });
export type WebPaymentQuery = z.infer<typeof webPaymentQuery>;

/** The most days one web payments or payouts call covers (a year and a day). */
export const WEB_PAYMENT_RANGE_MAX_DAYS = 366;

// ── Payouts ────────────────────────────────────────────────────────────────────────────────

export const PAYOUT_STATUS = { PENDING: 'pending', IN_TRANSIT: 'in_transit', PAID: 'paid', FAILED: 'failed', CANCELED: 'canceled' } as const;
export type PayoutStatus = (typeof PAYOUT_STATUS)[keyof typeof PAYOUT_STATUS];
export const payoutStatus = z.enum(['pending', 'in_transit', 'paid', 'failed', 'canceled']);
export const PAYOUT_STATUS_LABEL: Record<PayoutStatus, string> = {
  pending: 'Pending',
  in_transit: 'In transit',
  paid: 'Paid',
  failed: 'Failed',
  canceled: 'Canceled',
};

/**
 * A payout (spec 001 §3, §4): id, created, arrival_date, gross, fee, amount, netamount,
 * reconciled. `gross` and `fee` are the sums of the movements it paid (its items), `amount` what
 * the provider sent, `netamount` = gross − fee; reconciled when netamount = amount, otherwise
 * `difference` = amount − netamount and `message` is `Transaction amount did not match stripe
 * payout amount` (§5; `rules/payouts.ts` `reconcilePayout`).
 */
export const payout = z.object({
  id,
  provider: paymentProvider,
  /** The provider's id (`po_…` at Stripe, the batch id at NMI). */
  providerPayoutId: z.string(),
  /** When the provider created it. */
  created: instant,
  /** The business day it was created. */
  created_day: reportedDay,
  /** The day it reaches the bank. */
  arrival_date: reportedDay,
  status: payoutStatus,
  /** Made by hand (not by the schedule): the provider does not list what it paid, Salondesk matches it. */
  manual: z.boolean(),
  gross: cents,
  fee: cents,
  amount: cents,
  netamount: cents,
  reconciled: z.boolean(),
  /** amount − netamount: 0 when reconciled. */
  difference: cents,
  /** `Transaction amount did not match stripe payout amount` when not reconciled, else null. */
  message: z.nullable(z.string()),
  /** How many movements (charges, refunds, fees, ...) it paid. */
  items: z.number().check(z.int()),
});
export type Payout = z.infer<typeof payout>;

/** The payouts of a range (`webpayments/payouts`), newest first. */
export const payoutList = z.object({
  start: day,
  end: day,
  provider: z.nullable(paymentProvider),
  payouts: z.array(payout),
  /** How many of them are not reconciled. */
  mismatched: z.number().check(z.int()),
});
export type PayoutList = z.infer<typeof payoutList>;

/** The kinds of line a payout's itemisation has; `unexplained` is the remainder nothing explains. */
export const PAYOUT_ITEM_KIND = {
  CHARGE: 'charge',
  REFUND: 'refund',
  FEE: 'fee',
  DISPUTE: 'dispute',
  ADJUSTMENT: 'adjustment',
  UNEXPLAINED: 'unexplained',
} as const;
export type PayoutItemKind = (typeof PAYOUT_ITEM_KIND)[keyof typeof PAYOUT_ITEM_KIND];
export const PAYOUT_ITEM_KINDS = ['charge', 'refund', 'fee', 'dispute', 'adjustment', 'unexplained'] as const;
export const payoutItemKind = z.enum(PAYOUT_ITEM_KINDS);
/** The kinds a provider's balance movement can have (every kind but `unexplained`). */
export const BALANCE_KINDS = ['charge', 'refund', 'fee', 'dispute', 'adjustment'] as const;
export type BalanceKind = (typeof BALANCE_KINDS)[number];
export const PAYOUT_ITEM_KIND_LABEL: Record<PayoutItemKind, string> = {
  charge: 'Charge',
  refund: 'Refund',
  fee: 'Fee',
  dispute: 'Dispute',
  adjustment: 'Adjustment',
  unexplained: 'Unexplained',
};

/**
 * One line of a payout's itemisation: a balance movement the provider counted in it (a charge, a
 * refund, a fee, a dispute, an adjustment), or the `unexplained` remainder. `net` = amount − fee;
 * the lines' nets sum to the payout's amount.
 */
export const payoutItem = z.object({
  /** The provider's id of the movement (`txn_…`), or `unexplained`. Unique within the payout. */
  key: z.string(),
  kind: payoutItemKind,
  /** Cents: positive for money in (a charge), negative for money out (a refund, a dispute). */
  amount: cents,
  /** The provider's fee on it, in cents. */
  fee: cents,
  net: cents,
  /** The charge or refund it moved, when it moved one (the web payment row), else null. */
  web_payment_id: z.nullable(id),
  /** The provider's id of the charge or refund, when there is one. */
  providerTxId: z.nullable(z.string()),
  /** The ticket it paid (Invoice), when known. */
  queue_id: z.nullable(id),
  /** The business day of the charge or refund (null for the unexplained line). */
  checkout_day: z.nullable(reportedDay),
  description: z.string(),
  /** True when this line explains (all or part of) the unexplained remainder: see `explainingKeys`. */
  explains: z.boolean(),
});
export type PayoutItem = z.infer<typeof payoutItem>;

/**
 * How a movement of a payout differs between the provider's listing (its balance transactions of
 * the payout) and our records: the provider counted it and we have no record of it
 * (`missing_here`: a refund made in the provider's dashboard, say), we count it in this payout and
 * the provider does not (`missing_at_provider`), or both have it with different amounts or fees
 * (`differs`).
 */
export const PAYOUT_DIFFERENCE_SIDE = { MISSING_HERE: 'missing_here', MISSING_AT_PROVIDER: 'missing_at_provider', DIFFERS: 'differs' } as const;
export type PayoutDifferenceSide = (typeof PAYOUT_DIFFERENCE_SIDE)[keyof typeof PAYOUT_DIFFERENCE_SIDE];
export const payoutDifferenceSide = z.enum(['missing_here', 'missing_at_provider', 'differs']);
export const PAYOUT_DIFFERENCE_SIDE_LABEL: Record<PayoutDifferenceSide, string> = {
  missing_here: 'Missing from our records',
  missing_at_provider: 'Not counted by the provider',
  differs: 'Recorded differently',
};

/** A movement's amounts as one side records them, in cents. */
export const movementAmounts = z.object({ amount: cents, fee: cents, net: cents });
export type MovementAmounts = z.infer<typeof movementAmounts>;

/** One movement the provider's listing of a payout and our records disagree on. */
export const payoutDifference = z.object({
  /** The provider's id of the movement (`txn_…`). */
  key: z.string(),
  side: payoutDifferenceSide,
  kind: z.enum(['charge', 'refund', 'fee', 'dispute', 'adjustment']),
  /** The provider's id of the charge or refund it moved (`re_…`, `ch_…`), when it moved one. */
  providerTxId: z.nullable(z.string()),
  /** For a refund or a dispute: the provider's id of the charge it is about. */
  chargeTxId: z.nullable(z.string()),
  /** Our record of the charge or refund (the web payment row), or of the charge a refund is about, when we have one. */
  web_payment_id: z.nullable(id),
  /** The ticket it (or the charge it refunds) paid, when we know it. */
  queue_id: z.nullable(id),
  /** The provider's amounts, or null when the provider does not count it in this payout. */
  provider: z.nullable(movementAmounts),
  /** Ours, or null when we have no record of it in this payout. */
  ours: z.nullable(movementAmounts),
  /** Cents it accounts for of the unexplained remainder: the provider's net − ours (a missing side counts 0). */
  effect: cents,
  /** The catalogue's sentence naming it, its id and amount (`payoutMovementMissingHere`, ...). */
  message: z.string(),
});
export type PayoutDifference = z.infer<typeof payoutDifference>;

/**
 * Whether the provider's movements of the payout could be read to compare with ours: `compared`;
 * `unavailable` (the provider did not answer, or the location has no account there); `not_listed`
 * (a payout made by hand, whose movements the provider does not list).
 */
export const PAYOUT_COMPARISON_STATE = { COMPARED: 'compared', UNAVAILABLE: 'unavailable', NOT_LISTED: 'not_listed' } as const;
export type PayoutComparisonState = (typeof PAYOUT_COMPARISON_STATE)[keyof typeof PAYOUT_COMPARISON_STATE];
export const payoutComparisonState = z.enum(['compared', 'unavailable', 'not_listed']);

/** The payout's movements at the provider against ours (`payouts/{payoutId}`'s `comparison`). */
export const payoutComparison = z.object({
  state: payoutComparisonState,
  /** Every movement the two disagree on: the provider's order, then ours the provider does not count. Empty unless compared. */
  differences: z.array(payoutDifference),
  /** What the differences leave unexplained: the unexplained remainder − their effects (the whole remainder unless compared). */
  remainder: cents,
  /** Why nothing was compared (`payoutProviderUnavailable`, `payoutProviderNotListed`), else null. */
  message: z.nullable(z.string()),
});
export type PayoutComparison = z.infer<typeof payoutComparison>;

/** A payout in full (`payouts/{payoutId}`): the payout and its itemisation, the unexplained line last (present only when not reconciled). */
export const payoutDetail = z.object({
  payout,
  items: z.array(payoutItem),
  /** The sums of its lines by kind (the unexplained line included). */
  byKind: z.array(z.object({ kind: payoutItemKind, count: z.number().check(z.int()), amount: cents, fee: cents, net: cents })),
  /** The provider's movements of the payout compared with ours: what the unexplained remainder is made of. */
  comparison: payoutComparison,
});
export type PayoutDetail = z.infer<typeof payoutDetail>;

/** One cell of the payout grid: the charges of one checkout day a payout paid. */
export const payoutGridCell = z.object({ checkout_day: reportedDay, count: z.number().check(z.int()), amount: cents });

/** The payouts grid (`webpayments/payoutgrid`): payouts (rows) × checkout days (columns) of their charges. */
export const payoutGrid = z.object({
  start: day,
  end: day,
  provider: z.nullable(paymentProvider),
  /** Every checkout day that has a cell, ascending. */
  days: z.array(reportedDay),
  rows: z.array(z.object({ payout, cells: z.array(payoutGridCell) })),
});
export type PayoutGrid = z.infer<typeof payoutGrid>;

/** The query of `webpayments/allpayoutcharges`: a payout (`id`) and one checkout day of its charges. */
export const payoutChargesQuery = z.object({ id, checkout_day: day });

/** The charges (and refunds) of one checkout day a payout paid (`webpayments/allpayoutcharges`). */
export const payoutCharges = z.object({ payout_id: id, checkout_day: day, payments: z.array(webPayment) });
export type PayoutCharges = z.infer<typeof payoutCharges>;

// ── Payout schedule ────────────────────────────────────────────────────────────────────────

export const PAYOUT_INTERVALS = ['daily', 'weekly', 'monthly', 'manual'] as const;
export type PayoutInterval = (typeof PAYOUT_INTERVALS)[number];
export const payoutInterval = z.enum(PAYOUT_INTERVALS);
export const PAYOUT_INTERVAL_LABEL: Record<PayoutInterval, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly', manual: 'Manual' };

export const WEEKLY_ANCHORS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type WeeklyAnchor = (typeof WEEKLY_ANCHORS)[number];
export const weeklyAnchor = z.enum(WEEKLY_ANCHORS);
export const WEEKLY_ANCHOR_LABEL: Record<WeeklyAnchor, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** The fewest and most days a payout waits after a charge (Stripe's `delay_days`: 2 to 365). */
export const PAYOUT_DELAY_MIN = 2;
export const PAYOUT_DELAY_MAX = 365;

/** A schedule's fields without the rule tying anchors to the interval (`payoutSchedule` adds it). */
const payoutScheduleShape = z.object({
  delay_days: boundedInt(PAYOUT_DELAY_MIN, PAYOUT_DELAY_MAX, { tooSmall: MESSAGES.payoutDelayDays, tooLarge: MESSAGES.payoutDelayDays }),
  interval: payoutInterval,
  /** The day of the week of a weekly schedule; null for every other interval. */
  weekly_anchor: z.nullable(weeklyAnchor),
  /** The day of the month (1–31; the month's last day when it has fewer) of a monthly schedule; null for every other interval. */
  monthly_anchor: z.nullable(boundedInt(1, 31, { tooSmall: MESSAGES.payoutMonthlyAnchor, tooLarge: MESSAGES.payoutMonthlyAnchor })),
});

/** The anchor that does not fit the interval, with the message saying why, or null (a weekly schedule needs a day of the week and no day of the month; a monthly one the other way round; daily and manual neither). */
export function scheduleAnchorProblem(
  interval: PayoutInterval,
  weekly: WeeklyAnchor | null,
  monthly: number | null,
): { field: 'weekly_anchor' | 'monthly_anchor'; message: string } | null {
  if (interval === 'weekly' && weekly === null) return { field: 'weekly_anchor', message: MESSAGES.payoutWeeklyAnchorRequired };
  if (interval === 'monthly' && monthly === null) return { field: 'monthly_anchor', message: MESSAGES.payoutMonthlyAnchorRequired };
  if (interval !== 'weekly' && weekly !== null) return { field: 'weekly_anchor', message: MESSAGES.payoutWeeklyAnchorOnlyWeekly };
  if (interval !== 'monthly' && monthly !== null) return { field: 'monthly_anchor', message: MESSAGES.payoutMonthlyAnchorOnlyMonthly };
  return null;
}

/**
 * A payout schedule (Stripe's `settings.payouts.schedule`, kept the same way for NMI): how many
 * days a charge waits (`delay_days`), how often the provider pays out, and on which day of the
 * week (`weekly_anchor`, weekly only) or of the month (`monthly_anchor`, monthly only). An anchor
 * that does not fit the interval is refused with a message naming it (`scheduleAnchorProblem`).
 */
export const payoutSchedule = payoutScheduleShape.check(
  z.check((ctx) => {
    const { interval, weekly_anchor, monthly_anchor } = ctx.value;
    const problem = scheduleAnchorProblem(interval, weekly_anchor, monthly_anchor);
    if (problem) ctx.issues.push({ code: 'custom', message: problem.message, path: [problem.field], input: ctx.value });
  }),
);
export type PayoutSchedule = z.infer<typeof payoutSchedule>;

/** The payload of the payout schedule update (`{ schedule: {...} }`, spec 001 §7). */
export const payoutScheduleUpdate = z.object({ schedule: payoutSchedule });

/** The payout schedule as the get and the update answer: the provider's schedule and the next payout it gives. */
export const payoutScheduleState = z.object({
  provider: paymentProvider,
  schedule: payoutSchedule,
  /** The next payout day in the business's time zone (null for manual payouts). */
  next_payout_date: z.nullable(reportedDay),
  /** The last checkout day whose charges that payout pays (next payout date − delay_days), or null. */
  pays_through: z.nullable(reportedDay),
  timezone: z.string(),
});
export type PayoutScheduleState = z.infer<typeof payoutScheduleState>;

/** What an import of payouts did (`webpayments/import`). */
export const payoutImportResult = z.object({
  /** The queued job's id, when queued; null when the import ran in the request. */
  job_id: z.nullable(z.string()),
  payouts: z.number().check(z.int()),
  items: z.number().check(z.int()),
  payments: z.number().check(z.int()),
});
export type PayoutImportResult = z.infer<typeof payoutImportResult>;

/** The query of an import: the days of payouts to fetch from the provider (at most `WEB_PAYMENT_RANGE_MAX_DAYS`). */
export const payoutImportBody = z.object({ start: day, end: day });

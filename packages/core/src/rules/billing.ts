import { addDays, format, parseISO } from 'date-fns';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { CURRENCY_SYMBOL, type Currency } from '../models/business';
import {
  ADJUSTMENT_TYPE,
  AMOUNT_KIND,
  type AdjustmentType,
  type AmountKind,
  BILLING_ACTOR,
  type BillingActor,
  INVOICE_FILTER_STATUSES,
  INVOICE_STATUS,
  INVOICE_STATUSES,
  type InvoiceStatus,
  type InvoiceType,
  PERCENT_MAX,
  type PauseMode,
  SUBSCRIPTION_STATE,
  type SubscriptionSetStatus,
  type SubscriptionState,
  SUSPENSION_STATE,
  type SuspensionState,
} from '../models/billing';
import { isAdmin, type User } from '../models/user';
import { formatMoney } from './money';

/**
 * The billing rules (spec 000 §4, §5, §9; spec 001 §4, §6), pure: "now" is an argument. The
 * server, the scheduler, the screens and the embed bridge all decide with these functions.
 */

// ——— The transition table ——————————————————————————————————————————————————————————————

const { SYSTEM, ADMIN, OWNER } = BILLING_ACTOR;
/** Who pays or is charged: the scheduler, or someone paying now (the owner, an admin for them). */
const CHARGERS = [SYSTEM, ADMIN, OWNER] as const;

/**
 * Which status may follow which, and who may make the change (spec 000 §4 leaves it open; this is
 * the one table). The scheduler and the provider (`system`) move an invoice through its charge:
 * `unpaid`/`fail`/`queued` → `queued` → `pending` → `paid`/`fail`; anyone paying (`owner`, or an
 * admin for them) makes the same charge moves. Only an admin sets a status by hand: withdraws,
 * arranges otherwise, pauses, marks paid outside the platform, or puts one back to `unpaid`. A
 * `paid` invoice becomes `refund` only when refunded in full; `refund` is final.
 */
export const INVOICE_TRANSITIONS: Readonly<Record<InvoiceStatus, Readonly<Partial<Record<InvoiceStatus, readonly BillingActor[]>>>>> = {
  unpaid: { queued: [SYSTEM, ADMIN], pending: CHARGERS, paid: [...CHARGERS], fail: CHARGERS, withdrawn: [ADMIN], paused: [SYSTEM, ADMIN], alternate: [ADMIN] },
  queued: { unpaid: [ADMIN], pending: CHARGERS, paid: CHARGERS, fail: CHARGERS, withdrawn: [ADMIN], paused: [SYSTEM, ADMIN] },
  pending: { paid: [SYSTEM, ADMIN], fail: [SYSTEM, ADMIN] },
  fail: { queued: [SYSTEM, ADMIN], pending: CHARGERS, paid: CHARGERS, unpaid: [ADMIN], withdrawn: [ADMIN], alternate: [ADMIN], paused: [SYSTEM, ADMIN] },
  paid: { refund: [SYSTEM, ADMIN, OWNER] },
  paused: { unpaid: [SYSTEM, ADMIN], withdrawn: [ADMIN] },
  alternate: { paid: [ADMIN], unpaid: [ADMIN], withdrawn: [ADMIN] },
  withdrawn: { unpaid: [ADMIN] },
  refund: {},
};

/** May `actor` move an invoice from `from` to `to`? */
export const canTransition = (from: InvoiceStatus, to: InvoiceStatus, actor: BillingActor): boolean =>
  INVOICE_TRANSITIONS[from]?.[to]?.includes(actor) ?? false;

/** The statuses `actor` may move an invoice in `from` to, in the order of `INVOICE_STATUSES`. */
export const transitionsFrom = (from: InvoiceStatus, actor: BillingActor): InvoiceStatus[] =>
  INVOICE_STATUSES.filter((to) => canTransition(from, to, actor));

/** A status change as it is recorded: every change has an actor, a reason and a time. */
export interface TransitionRecord {
  from: InvoiceStatus;
  to: InvoiceStatus;
  actor: BillingActor;
  userId: number | null;
  reason: string;
  at: string;
}

export type TransitionResult = { ok: true; record: TransitionRecord } | { ok: false; message: string };

/**
 * Checks one status change and gives the record to keep, or why it is refused. The same status
 * again, a change the table does not allow, an actor who may not make it, or no reason are refused.
 */
export function transition(
  from: InvoiceStatus,
  to: InvoiceStatus,
  by: { actor: BillingActor; userId: number | null },
  reason: string,
  now: Date,
): TransitionResult {
  if (from === to) return { ok: false, message: `The invoice is already ${to}` };
  const actors = INVOICE_TRANSITIONS[from]?.[to];
  if (!actors) return { ok: false, message: `An invoice that is ${from} cannot become ${to}` };
  if (!actors.includes(by.actor)) return { ok: false, message: `Only ${actors.join(' or ')} may make an invoice that is ${from} ${to}` };
  if (reason.trim() === '') return { ok: false, message: 'Give a reason for the change' };
  return { ok: true, record: { from, to, actor: by.actor, userId: by.userId, reason: reason.trim(), at: now.toISOString() } };
}

/** The actor a user is for billing: a platform admin, else the owner paying. */
export const billingActorOf = (user: Pick<User, 'role'>): BillingActor => (isAdmin(user) ? ADMIN : OWNER);

// ——— The invoice list filter and past due (spec 000 §4, §5) ———————————————————————————————

/** Whether a status is one the invoice list filter offers (only unpaid, paid, pending, fail). */
export const isFilterStatus = (status: string): status is (typeof INVOICE_FILTER_STATUSES)[number] =>
  (INVOICE_FILTER_STATUSES as readonly string[]).includes(status);

/** Hours after its due date (or cycle start) an unpaid invoice becomes past due. */
export const PAST_DUE_HOURS = 24;
/** Days after its creation an unpaid one-time invoice becomes past due. */
export const ONETIME_PAST_DUE_DAYS = 28;

export interface PastDueInput {
  status: InvoiceStatus;
  type: InvoiceType;
  /** `YYYY-MM-DD` in the business's time zone, or null. */
  dueDate: string | null;
  current_billing_cycle_start: string | null;
  /** An instant. */
  createdAt: string;
  deleted: boolean;
}

/** The instant a day starts in a time zone. */
export const startOfDayIn = (day: string, timeZone: string): Date => fromZonedTime(`${day}T00:00:00`, timeZone);

/**
 * Spec 000 §5, exactly: an unpaid invoice is past due when more than 24 hours have passed since
 * its due date (the start of that day in the business's time zone), or, lacking one, since its
 * current billing cycle start; a one-time invoice is past due when created more than 28 days ago
 * (28 calendar days in the business's time zone: the same wall-clock time 28 days later, whatever
 * DST does); deleted invoices never. "Unpaid" is the status `unpaid` (a failed charge is in the
 * `fail` filter). A recurring invoice with neither day is not past due.
 */
export function isPastDue(invoice: PastDueInput, now: Date, timeZone: string): boolean {
  if (invoice.deleted || invoice.status !== INVOICE_STATUS.UNPAID) return false;
  if (invoice.type === 'onetime') {
    const created = new Date(invoice.createdAt);
    const localCreated = formatInTimeZone(created, timeZone, "yyyy-MM-dd'T'HH:mm:ss.SSS");
    const [datePart, timePart] = localCreated.split('T') as [string, string];
    const limitDay = format(addDays(parseISO(datePart), ONETIME_PAST_DUE_DAYS), 'yyyy-MM-dd');
    const limit = fromZonedTime(`${limitDay}T${timePart}`, timeZone);
    return now.getTime() > limit.getTime();
  }
  const from = invoice.dueDate ?? invoice.current_billing_cycle_start;
  if (!from) return false;
  return now.getTime() - startOfDayIn(from, timeZone).getTime() > PAST_DUE_HOURS * 3_600_000;
}

// ——— Adjustments and totals in integer cents ————————————————————————————————————————————

/**
 * The one rounding rule of billing: a fraction of a cent rounds half away from zero (12.5 → 13,
 * −12.5 → −13), once, per adjustment or tax.
 */
export function roundCents(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  const rounded = Math.floor((2 * n + d) / (2 * d));
  return rounded === 0 ? 0 : sign * rounded;
}

export interface AdjustmentLike {
  type: AdjustmentType;
  amount_kind: AmountKind;
  /** Cents (a) or hundredths of a percent (p). */
  value: number;
}

/**
 * What one adjustment does to a total of `base` cents, signed: a Discount takes off (negative),
 * an Adjustment adds; Amount (a) is its cents, Percentage (p) that part of `base`, rounded once.
 */
export function adjustmentCents(adjustment: AdjustmentLike, base: number): number {
  const magnitude = adjustment.amount_kind === AMOUNT_KIND.PERCENTAGE ? roundCents(base * Math.min(adjustment.value, PERCENT_MAX), PERCENT_MAX) : adjustment.value;
  return adjustment.type === ADJUSTMENT_TYPE.DISCOUNT && magnitude !== 0 ? -magnitude : magnitude;
}

export interface InvoiceTotals {
  subtotal: number;
  /** Each adjustment's signed cents, in order. */
  adjustments: number[];
  /** Their sum, after the floor at zero (never takes the total below 0). */
  adjustments_total: number;
  tax: number;
  total: number;
}

/**
 * An invoice's totals: the lines' sum; every adjustment computed on that subtotal (percentages
 * never compound); the adjusted amount floored at 0 (discounts never make an invoice owe the
 * customer); tax at `taxRate` hundredths of a percent on it; each rounded once by `roundCents`.
 */
export function invoiceTotals(lines: readonly { quantity: number; unit_amount: number }[], adjustments: readonly AdjustmentLike[], taxRate = 0): InvoiceTotals {
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unit_amount, 0);
  const each = adjustments.map((a) => adjustmentCents(a, subtotal));
  const adjusted = Math.max(0, subtotal + each.reduce((s, c) => s + c, 0));
  const tax = roundCents(adjusted * taxRate, PERCENT_MAX);
  return { subtotal, adjustments: each, adjustments_total: adjusted - subtotal, tax, total: adjusted + tax };
}

// ——— Refunds ——————————————————————————————————————————————————————————————————————————

/** What is left to refund of a payment: what was paid on it minus what was refunded of it, never below 0. */
export const refundableCents = (payment: { amount: number; refunded: number }): number => Math.max(0, payment.amount - payment.refunded);

/** Why a refund of `amount` cents on this payment is refused, or null when it may be made. */
export function refundProblem(payment: { amount: number; refunded: number; status: string }, amount: number): string | null {
  if (payment.status !== 'succeeded') return 'Only a successful charge can be refunded';
  if (!Number.isInteger(amount) || amount <= 0) return 'Enter an amount above 0';
  const left = refundableCents(payment);
  if (amount > left) return left === 0 ? 'This payment is already refunded in full' : 'The refund is more than what is left to refund on this payment';
  return null;
}

// ——— Currency display (spec 000 §9) ——————————————————————————————————————————————————————

/** Money in a billing currency: its symbol plus the amount from hundredths with two decimals (`€1,234.56`). */
export const formatBillingAmount = (cents: number, currency: Currency): string => formatMoney(cents, CURRENCY_SYMBOL[currency]);

// ——— Subscriptions ————————————————————————————————————————————————————————————————————

export interface StatusEntryLike {
  status: SubscriptionSetStatus;
  pause_mode: PauseMode | null;
  starts_on: string;
  ends_on: string | null;
  removed_at: string | null;
  /** Later entries win when two hold on the same day. */
  created_at: string;
}

/** The entry in effect on `day` (`YYYY-MM-DD`), if any: not removed, started, not ended; the newest wins. */
export function statusEntryOn<T extends StatusEntryLike>(entries: readonly T[], day: string): T | null {
  let best: T | null = null;
  for (const e of entries) {
    if (e.removed_at !== null || e.starts_on > day || (e.ends_on !== null && e.ends_on < day)) continue;
    if (!best || e.created_at > best.created_at) best = e;
  }
  return best;
}

/** What a subscription is on `day`, from its status entries. */
export function subscriptionStateOn(entries: readonly StatusEntryLike[], day: string): { state: SubscriptionState; pause_mode: PauseMode | null } {
  const entry = statusEntryOn(entries, day);
  if (!entry) return { state: SUBSCRIPTION_STATE.ACTIVE, pause_mode: null };
  return { state: entry.status, pause_mode: entry.status === 'paused' ? (entry.pause_mode ?? 'PAUSE') : null };
}

/** Entries set but not yet in effect on `day` (shown as scheduled at once). */
export const scheduledStatuses = <T extends StatusEntryLike>(entries: readonly T[], day: string): T[] =>
  entries.filter((e) => e.removed_at === null && e.starts_on > day);

/**
 * What the scheduler does on a cycle start under a subscription's state: open an invoice to
 * charge (`charge`), open one marked with a status and not charged, or open none.
 */
export function cycleInvoicePlan(state: SubscriptionState, pauseMode: PauseMode | null): { open: false } | { open: true; status: InvoiceStatus; charge: boolean } {
  switch (state) {
    case 'active':
      return { open: true, status: INVOICE_STATUS.UNPAID, charge: true };
    case 'paused':
      return pauseMode === 'PAUSEWITHOUTINVOICE' ? { open: false } : { open: true, status: INVOICE_STATUS.PAUSED, charge: false };
    case 'alternate':
      return { open: true, status: INVOICE_STATUS.ALTERNATE, charge: false };
    case 'withdrawn':
      return { open: false };
  }
}

/** The first day of the next monthly cycle after `day`, keeping the anchor day of month (clamped to the month's end). */
export function nextCycleStart(cycleStart: string, anchorDayOfMonth: number): string {
  const [y, m] = cycleStart.split('-').map(Number) as [number, number];
  const year = m === 12 ? y + 1 : y;
  const month = m === 12 ? 1 : m + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const d = Math.min(anchorDayOfMonth, last);
  return `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

// ——— Suspension (spec 001 §4) ———————————————————————————————————————————————————————————

/** No date → active; a date still to come → will be suspended; a date reached → suspended. */
export function suspensionState(suspendedAfter: Date | string | null | undefined, now: Date): SuspensionState {
  if (suspendedAfter === null || suspendedAfter === undefined || suspendedAfter === '') return SUSPENSION_STATE.ACTIVE;
  const at = typeof suspendedAfter === 'string' ? new Date(suspendedAfter) : suspendedAfter;
  if (Number.isNaN(at.getTime())) return SUSPENSION_STATE.ACTIVE;
  return at.getTime() > now.getTime() ? SUSPENSION_STATE.WILL_BE_SUSPENDED : SUSPENSION_STATE.SUSPENDED;
}

// ——— Predicates with their states (STYLE: `invoiceCan.chargeFromEmbed(inv)`) —————————————————

const statePredicate = <S extends readonly InvoiceStatus[]>(states: S) =>
  Object.assign((invoice: { status: InvoiceStatus; deleted?: boolean }) => !invoice.deleted && (states as readonly InvoiceStatus[]).includes(invoice.status), { states });

export const invoiceCan = {
  /** The embed's charge works only for an unpaid or failed invoice (spec 001 §4). */
  chargeFromEmbed: statePredicate(['unpaid', 'fail'] as const),
  /** `onetimebilling/charge-invoice` and the scheduler's charge: never a paid, refunded, withdrawn… invoice. */
  charge: statePredicate(['unpaid', 'fail', 'queued'] as const),
  /** A refund needs money paid on it. */
  refund: statePredicate(['paid'] as const),
  /** `reset-attempts` starts the retries over for a failed (or unpaid) invoice. */
  resetAttempts: statePredicate(['fail', 'unpaid', 'queued'] as const),
  /** Due date, payment method and comment change while the invoice is still to be paid. */
  edit: statePredicate(['unpaid', 'fail', 'queued', 'paused', 'alternate', 'pending'] as const),
};

// ——— Installments (spec 001 §6) —————————————————————————————————————————————————————————

/** Admins create installment invoices for any user; anyone else only for themselves. */
export const canCreateInstallmentFor = (actor: Pick<User, 'id' | 'role'>, forUserId: number): boolean => isAdmin(actor) || actor.id === forUserId;

/**
 * Splits `total` cents into `count` instalments that sum to it exactly: equal parts, the
 * remainder's cents one each on the first instalments.
 */
export function splitInstallments(total: number, count: number): number[] {
  const base = Math.floor(total / count);
  const rest = total - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < rest ? 1 : 0));
}

/** The due days of `count` monthly instalments from `firstDay` (the first day's day of month kept, clamped). */
export function installmentDays(firstDay: string, count: number): string[] {
  const anchor = Number(firstDay.slice(8, 10));
  const days = [firstDay];
  while (days.length < count) days.push(nextCycleStart(days[days.length - 1] as string, anchor));
  return days;
}

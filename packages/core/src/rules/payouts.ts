import { MESSAGES, payoutMovementDeductedMissingHere, payoutMovementDiffers, payoutMovementMissingAtProvider, payoutMovementPaidMissingHere } from '../messages';
import type { PaymentProvider } from '../models/transaction';
import {
  type BalanceKind,
  type MovementAmounts,
  PAYOUT_ITEM_KIND_LABEL,
  type PayoutDifferenceSide,
  type PayoutItemKind,
  type PayoutSchedule,
  scheduleAnchorProblem,
  type WeeklyAnchor,
} from '../models/webPayments';
import { addDays, dayOfWeekOf, todayIn } from './scheduleTime';

/**
 * Web payments and payouts (spec 001 §4 Payout, §5, §9): the provider's amounts as integer cents,
 * a payout's reconciliation, its itemisation with the unexplained remainder, and the payout
 * schedule's next payout day in the business's time zone. Pure: "now" is an argument.
 */

// ── Cents per provider ──────────────────────────────────────────────────────────────────────

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * A decimal amount of money (`"12.345"`, `12.3`, `"1e-3"`, `-0.005`) as integer hundredths,
 * rounded half away from zero, read digit by digit (never through floating point), so
 * `decimalToCents('0.285')` is exactly 29 and `decimalToCents('-0.005')` is -1. A number is read
 * through its shortest decimal form (`String(0.1 + 0.2)` is `0.30000000000000004`, 30 cents).
 * Throws a `RangeError` for anything that is not a finite decimal.
 */
export function decimalToCents(value: string | number): number {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new RangeError(`Not a decimal amount: ${String(value)}`);
  const sign = match[1] === '-' ? -1 : 1;
  const exponent = Number(match[4] ?? '0') + 2; // hundredths
  if (Math.abs(exponent) > 40) throw new RangeError(`Not an amount of money: ${String(value)}`);
  let digits = `${match[2]}${match[3] ?? ''}`;
  // The position of the decimal point within `digits`, moved by the exponent.
  let point = (match[2] ?? '').length + exponent;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits = digits + '0'.repeat(point - digits.length);
  const whole = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const firstDropped = digits.charAt(point);
  let cents = Number(whole);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount too large: ${String(value)}`);
  if (firstDropped !== '' && firstDropped >= '5') cents += 1;
  return cents === 0 ? 0 : sign * cents;
}

/**
 * An amount (or fee) as the provider writes it, in integer cents (spec 001 §9): Stripe's are
 * already in cents (a whole number, taken as is); NMI's are in the currency's units, multiplied by
 * 100 and rounded half away from zero (`providerCents('nmi', '10.005')` → 1001). Throws a
 * `RangeError` for a Stripe amount that is not whole or an NMI amount that is not a decimal.
 */
export function providerCents(provider: PaymentProvider, value: string | number): number {
  if (provider === 'stripe') {
    const n = typeof value === 'number' ? value : /^[+-]?\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n)) throw new RangeError(`A Stripe amount is whole cents: ${String(value)}`);
    return n === 0 ? 0 : n;
  }
  return decimalToCents(value);
}

// ── Reconciliation ──────────────────────────────────────────────────────────────────────────

export interface Reconciliation {
  /** gross − fee. */
  netamount: number;
  /** True when gross − fee = amount (spec 001 §4). */
  reconciled: boolean;
  /** amount − netamount: what the payout holds that its movements do not explain (0 when reconciled). */
  difference: number;
  /** `Transaction amount did not match stripe payout amount` when not reconciled (§5), else null. */
  message: string | null;
}

/** Spec 001 §4: a payout is reconciled when gross minus fee equals the amount it paid. */
export function reconcilePayout(payout: { gross: number; fee: number; amount: number }): Reconciliation {
  const netamount = payout.gross - payout.fee;
  const difference = payout.amount - netamount;
  return { netamount, reconciled: difference === 0, difference, message: difference === 0 ? null : MESSAGES.payoutMismatch };
}

/** One balance movement a provider counted in a payout, in cents. */
export interface BalanceLine {
  /** The provider's id of the movement; unique within the payout. */
  key: string;
  kind: BalanceKind;
  /** Positive for money in, negative for money out. A `fee` line's amount is the fee, negative. */
  amount: number;
  /** The provider's fee on the movement (positive: kept by the provider). */
  fee: number;
}

export interface ItemisedLine<L> {
  key: string;
  kind: PayoutItemKind;
  amount: number;
  fee: number;
  /** amount − fee. */
  net: number;
  /** The movement, or null for the unexplained line. */
  line: L | null;
}

export interface Itemisation<L> extends Reconciliation {
  /** The movements in the order given, then the unexplained line when the nets do not sum to the amount. */
  lines: ItemisedLine<L>[];
  /** Every movement's amount but the fees' (charges − refunds − disputes ± adjustments). */
  gross: number;
  /** Every fee: the movements' fees and the fee lines. */
  fee: number;
  /** The unexplained remainder (amount − the lines' nets), 0 when there is none. */
  unexplained: number;
}

/** The key of the unexplained line of an itemisation. */
export const UNEXPLAINED_KEY = 'unexplained';

/**
 * A payout's itemisation (issue 15): its movements (charges, refunds, fees, disputes,
 * adjustments), each with its net (amount − fee), and — when their nets do not sum to what the
 * provider paid — an `unexplained` line with the remainder, so the lines always sum to `amount`.
 * `gross` sums the movements' amounts (fee lines aside), `fee` every fee (a fee line's −amount
 * too), so `gross − fee` is the lines' net and the payout is reconciled exactly when nothing is
 * unexplained.
 */
export function itemisePayout<L extends BalanceLine>(amount: number, movements: readonly L[]): Itemisation<L> {
  let gross = 0;
  let fee = 0;
  const lines: ItemisedLine<L>[] = movements.map((line) => {
    if (line.kind === 'fee') fee += line.fee - line.amount;
    else {
      gross += line.amount;
      fee += line.fee;
    }
    return { key: line.key, kind: line.kind, amount: line.amount, fee: line.fee, net: line.amount - line.fee, line };
  });
  const reconciliation = reconcilePayout({ gross, fee, amount });
  const unexplained = reconciliation.difference;
  if (unexplained !== 0) lines.push({ key: UNEXPLAINED_KEY, kind: 'unexplained', amount: unexplained, fee: 0, net: unexplained, line: null });
  return { ...reconciliation, lines, gross, fee, unexplained };
}

/** A movement that may explain an unexplained remainder: by how much correcting it would change the payout's lines. */
export interface Discrepancy {
  key: string;
  /**
   * Cents the payout's lines are off by because of this movement, signed like the unexplained
   * remainder: a refund of the charge the provider deducted but did not list is −refund; a fee
   * recorded lower than the fee taken is recorded − expected.
   */
  discrepancy: number;
}

/**
 * The movements that explain an unexplained remainder: those whose discrepancy alone equals it
 * (each one is an explanation), else all the movements with a discrepancy when together they sum
 * to it, else none. `explainingKeys(-500, [{ key: 'ch_1', discrepancy: -500 }])` → `['ch_1']`.
 */
export function explainingKeys(unexplained: number, candidates: readonly Discrepancy[]): string[] {
  if (unexplained === 0) return [];
  const single = candidates.filter((c) => c.discrepancy === unexplained).map((c) => c.key);
  if (single.length > 0) return single;
  const off = candidates.filter((c) => c.discrepancy !== 0);
  const sum = off.reduce((total, c) => total + c.discrepancy, 0);
  return off.length > 0 && sum === unexplained ? off.map((c) => c.key) : [];
}

// ── The provider's movements of a payout against ours ──────────────────────────────────────

/** A movement of a payout as one side lists it: the provider's balance transaction, or our record of it. */
export interface RecordedMovement extends BalanceLine {
  /** The provider's id of the charge or refund it moved (`ch_…`, `re_…`), when it moved one. */
  sourceId: string | null;
}

/** One movement the two sides disagree on, with both sides' records of it (null where a side has none). */
export interface MovementComparison<O, T> {
  key: string;
  side: PayoutDifferenceSide;
  kind: BalanceKind;
  ours: O | null;
  provider: T | null;
  /** The provider's net − ours (a side without it counts 0): what it accounts for of the remainder. */
  effect: number;
}

const netOf = (line: BalanceLine | null): number => (line === null ? 0 : line.amount - line.fee);

/**
 * The movements of one payout on which the provider's listing and ours disagree, matched by the
 * provider's movement id: the provider's that we have no record of (`missing_here`), ours that the
 * provider does not count (`missing_at_provider`), and those both have with another amount or fee
 * (`differs`); the provider's order first, then ours. Each carries its `effect` (provider's net −
 * ours), so our lines' nets plus every effect are the provider's lines' nets: when the provider's
 * listing makes the payout, the effects add up to the unexplained remainder.
 */
export function compareMovements<O extends RecordedMovement, T extends RecordedMovement>(ours: readonly O[], theirs: readonly T[]): MovementComparison<O, T>[] {
  const mine = new Map<string, O>();
  for (const line of ours) if (!mine.has(line.key)) mine.set(line.key, line);
  const seen = new Set<string>();
  const out: MovementComparison<O, T>[] = [];
  for (const line of theirs) {
    if (seen.has(line.key)) continue;
    seen.add(line.key);
    const match = mine.get(line.key) ?? null;
    if (match === null) out.push({ key: line.key, side: 'missing_here', kind: line.kind, ours: null, provider: line, effect: netOf(line) });
    else if (match.amount !== line.amount || match.fee !== line.fee || match.kind !== line.kind)
      out.push({ key: line.key, side: 'differs', kind: line.kind, ours: match, provider: line, effect: netOf(line) - netOf(match) });
  }
  for (const line of mine.values()) {
    if (!seen.has(line.key)) out.push({ key: line.key, side: 'missing_at_provider', kind: line.kind, ours: line, provider: null, effect: -netOf(line) });
  }
  return out;
}

/** A movement's amounts as the wire carries them. */
export const amountsOf = (line: BalanceLine | null): MovementAmounts | null => (line === null ? null : { amount: line.amount, fee: line.fee, net: line.amount - line.fee });

/**
 * The catalogue's sentence naming a difference by its id and amount, with the provider's name
 * (`Stripe`) and the business's money format: `Stripe deducted refund re_3Nq8 of $127.00 from this
 * payout; it is missing from our records.`
 */
export function payoutDifferenceMessage(
  difference: { side: PayoutDifferenceSide; kind: BalanceKind; key: string; providerTxId: string | null; provider: MovementAmounts | null; ours: MovementAmounts | null },
  providerLabel: string,
  money: (cents: number) => string,
): string {
  const movement = `${PAYOUT_ITEM_KIND_LABEL[difference.kind].toLowerCase()} ${difference.providerTxId ?? difference.key}`;
  const { provider, ours } = difference;
  if (difference.side === 'missing_here' && provider) {
    return provider.amount < 0
      ? payoutMovementDeductedMissingHere(providerLabel, movement, money(-provider.amount))
      : payoutMovementPaidMissingHere(providerLabel, movement, money(provider.amount));
  }
  if (difference.side === 'missing_at_provider' && ours) return payoutMovementMissingAtProvider(providerLabel, movement, money(Math.abs(ours.amount)));
  const theirs = provider ?? { amount: 0, fee: 0 };
  const mine = ours ?? { amount: 0, fee: 0 };
  return payoutMovementDiffers(providerLabel, movement, { amount: money(theirs.amount), fee: money(theirs.fee) }, { amount: money(mine.amount), fee: money(mine.fee) });
}

/** A provider's fee: a rate in basis points of the amount plus a fixed part in cents. */
export interface FeePricing {
  basisPoints: number;
  fixedCents: number;
}

/**
 * The standard pricing the demo and the simulators use: Stripe 2.9% + 30¢ a charge, NMI 2.5% + 10¢ a
 * sale (NMI takes its fees from each settlement batch as one line).
 */
export const STANDARD_PRICING: Record<PaymentProvider, FeePricing> = {
  stripe: { basisPoints: 290, fixedCents: 30 },
  nmi: { basisPoints: 250, fixedCents: 10 },
};

/** The fee of a charge of `amount` cents under `pricing`, rounded half away from zero (0 for nothing charged). */
export function feeFor(amount: number, pricing: FeePricing): number {
  if (amount <= 0) return 0;
  return Math.floor((amount * pricing.basisPoints + 5000) / 10000) + pricing.fixedCents;
}

// ── Payout schedule ─────────────────────────────────────────────────────────────────────────

/** The day of the week of each weekly anchor, 0 = Sunday. */
export const WEEKLY_ANCHOR_DAY: Record<WeeklyAnchor, number> = {
  sunday: 0,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
};

/** The number of days of the month of `day` (`YYYY-MM-DD`). */
export function daysInMonthOf(day: string): number {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Is `day` a payout day of the schedule? Daily: every day; weekly: its anchor's day of the week;
 * monthly: its anchor's day of the month, or the month's last day when the month is shorter (an
 * anchor of 31 pays on 30 April and 28 or 29 February); manual: never.
 */
export function isPayoutDay(schedule: Pick<PayoutSchedule, 'interval' | 'weekly_anchor' | 'monthly_anchor'>, day: string): boolean {
  switch (schedule.interval) {
    case 'daily':
      return true;
    case 'weekly':
      return schedule.weekly_anchor !== null && dayOfWeekOf(day) === WEEKLY_ANCHOR_DAY[schedule.weekly_anchor];
    case 'monthly': {
      if (schedule.monthly_anchor === null) return false;
      const dom = Number(day.slice(8, 10));
      return dom === Math.min(schedule.monthly_anchor, daysInMonthOf(day));
    }
    case 'manual':
      return false;
  }
}

/** The first payout day strictly after `day`, or null for a manual schedule (or one whose anchor is missing). */
export function payoutDayAfter(schedule: Pick<PayoutSchedule, 'interval' | 'weekly_anchor' | 'monthly_anchor'>, day: string): string | null {
  if (schedule.interval === 'manual') return null;
  if (scheduleAnchorProblem(schedule.interval, schedule.weekly_anchor, schedule.monthly_anchor)) return null;
  // Every schedule pays at least once in 31 days.
  for (let i = 1; i <= 31; i++) {
    const candidate = addDays(day, i);
    if (isPayoutDay(schedule, candidate)) return candidate;
  }
  return null;
}

/**
 * The next payout day of a schedule in the business's time zone: the first payout day after the
 * business's today at `now` (today's payout, if any, is taken as already sent). Null for manual
 * payouts.
 */
export function nextPayoutDate(schedule: Pick<PayoutSchedule, 'interval' | 'weekly_anchor' | 'monthly_anchor'>, now: Date, timeZone: string): string | null {
  return payoutDayAfter(schedule, todayIn(timeZone, now));
}

/** The last checkout day whose charges a payout on `payoutDay` pays: `delay_days` before it. */
export const paysThrough = (payoutDay: string, delayDays: number): string => addDays(payoutDay, -delayDays);

/** Every payout day of a schedule from `start` to `end`, both included. */
export function payoutDays(schedule: Pick<PayoutSchedule, 'interval' | 'weekly_anchor' | 'monthly_anchor'>, start: string, end: string): string[] {
  const days: string[] = [];
  if (schedule.interval !== 'manual' && isPayoutDay(schedule, start) && start <= end) days.push(start);
  let day = payoutDayAfter(schedule, start);
  while (day !== null && day <= end) {
    days.push(day);
    day = payoutDayAfter(schedule, day);
  }
  return days;
}

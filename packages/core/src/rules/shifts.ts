import { MESSAGES } from '../messages';
import type { Currency } from '../models/business';
import { AMOUNT_MAX } from '../models/input';
import {
  type Denomination,
  type DenominationLine,
  DRAWER_EVENT,
  type DrawerEvent,
  FINANCE_CATEGORY,
  type FinanceCategory,
  FINANCE_TYPE,
  type FinanceType,
  SHIFT_BALANCE,
  SHIFT_STATUS,
  type ShiftBalance,
  type ShiftFigures,
  type ShiftReport,
  type ShiftState,
  type ShiftStatus,
} from '../models/shifts';

/**
 * The rules of the cash drawer (spec 001 §3–§5, §9), in integer minor units. Pure: "now" is an
 * argument. The server computes every figure with these; screens only show them. A shift's length
 * is shown with `formatShiftDuration` (`rules/timesheets.ts`).
 */

// ——— Denominations (spec 000 §9 currencies) ——————————————————————————————————————————————

const note = (value: number, label: string): Denomination => ({ key: `n${value}`, value, kind: 'note', label });
const coin = (value: number, label: string): Denomination => ({ key: `c${value}`, value, kind: 'coin', label });

/** The notes and coins of each currency a drawer is counted in, largest first, values in minor units. */
export const DENOMINATIONS: Record<Currency, readonly Denomination[]> = {
  USD: [
    note(10000, '$100'), note(5000, '$50'), note(2000, '$20'), note(1000, '$10'), note(500, '$5'), note(200, '$2'), note(100, '$1'),
    coin(50, '50¢'), coin(25, '25¢'), coin(10, '10¢'), coin(5, '5¢'), coin(1, '1¢'),
  ],
  EUR: [
    note(50000, '€500'), note(20000, '€200'), note(10000, '€100'), note(5000, '€50'), note(2000, '€20'), note(1000, '€10'), note(500, '€5'),
    coin(200, '€2'), coin(100, '€1'), coin(50, '50c'), coin(20, '20c'), coin(10, '10c'), coin(5, '5c'), coin(2, '2c'), coin(1, '1c'),
  ],
  NPR: [
    note(100000, 'Rs 1000'), note(50000, 'Rs 500'), note(10000, 'Rs 100'), note(5000, 'Rs 50'), note(2000, 'Rs 20'), note(1000, 'Rs 10'), note(500, 'Rs 5'),
    coin(200, 'Rs 2'), coin(100, 'Rs 1'),
  ],
  AUD: [
    note(10000, 'A$100'), note(5000, 'A$50'), note(2000, 'A$20'), note(1000, 'A$10'), note(500, 'A$5'),
    coin(200, 'A$2'), coin(100, 'A$1'), coin(50, '50c'), coin(20, '20c'), coin(10, '10c'), coin(5, '5c'),
  ],
  INR: [
    note(50000, '₹500'), note(20000, '₹200'), note(10000, '₹100'), note(5000, '₹50'), note(2000, '₹20'), note(1000, '₹10'),
    coin(2000, '₹20 coin'), coin(1000, '₹10 coin'), coin(500, '₹5'), coin(200, '₹2'), coin(100, '₹1'),
  ],
  MXN: [
    note(100000, '$1000'), note(50000, '$500'), note(20000, '$200'), note(10000, '$100'), note(5000, '$50'), note(2000, '$20'),
    coin(2000, '$20 coin'), coin(1000, '$10'), coin(500, '$5'), coin(200, '$2'), coin(100, '$1'), coin(50, '50¢'),
  ],
  CAD: [
    note(10000, '$100'), note(5000, '$50'), note(2000, '$20'), note(1000, '$10'), note(500, '$5'),
    coin(200, '$2'), coin(100, '$1'), coin(25, '25¢'), coin(10, '10¢'), coin(5, '5¢'),
  ],
};

/** The notes and coins of a currency (USD when none is set). */
export const denominationsOf = (currency: Currency | undefined | null): readonly Denomination[] => DENOMINATIONS[currency ?? 'USD'];

/** A problem with one line of a count: its index and the message. */
export interface CountProblem {
  index: number;
  message: string;
}

/**
 * The exact total of a count by denomination (minor units; integers only, so no rounding ever), or
 * the problems with it: a note or coin not of the currency, one counted twice, a total past what a
 * person may type (`AMOUNT_MAX`). Lines of 0 are fine.
 */
export function countTotal(currency: Currency | undefined | null, lines: readonly DenominationLine[]): { ok: true; total: number } | { ok: false; problems: CountProblem[] } {
  const byKey = new Map(denominationsOf(currency).map((d) => [d.key, d]));
  const seen = new Set<string>();
  const problems: CountProblem[] = [];
  let total = 0;
  lines.forEach((line, index) => {
    const d = byKey.get(line.key);
    if (!d) problems.push({ index, message: MESSAGES.shiftDenominationUnknown });
    else if (seen.has(line.key)) problems.push({ index, message: MESSAGES.shiftDenominationTwice });
    else if (!Number.isInteger(line.count) || line.count < 0) problems.push({ index, message: MESSAGES.invalidAmount });
    else total += d.value * line.count;
    seen.add(line.key);
  });
  if (problems.length === 0 && total > AMOUNT_MAX) problems.push({ index: Math.max(0, lines.length - 1), message: MESSAGES.shiftCountTooLarge });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, total };
}

/** A count with only its non-zero lines, in the currency's order (largest first): how a count is kept. */
export function normalizeCount(currency: Currency | undefined | null, lines: readonly DenominationLine[]): DenominationLine[] {
  const counts = new Map(lines.map((l) => [l.key, l.count]));
  return denominationsOf(currency)
    .filter((d) => (counts.get(d.key) ?? 0) > 0)
    .map((d) => ({ key: d.key, count: counts.get(d.key) as number }));
}

/**
 * The cash counted, from a count by denomination and/or an amount: when both are given they must
 * agree to the cent; with neither there is no count (`required`).
 */
export function countedAmount(
  currency: Currency | undefined | null,
  amount: number | undefined,
  lines: readonly DenominationLine[] | undefined,
): { ok: true; total: number; lines: DenominationLine[] | null } | { ok: false; problems: CountProblem[]; field: 'lines' | 'amount' } {
  if (lines === undefined) {
    if (amount === undefined) return { ok: false, field: 'amount', problems: [{ index: 0, message: MESSAGES.shiftCountRequired }] };
    return { ok: true, total: amount, lines: null };
  }
  const sum = countTotal(currency, lines);
  if (!sum.ok) return { ok: false, field: 'lines', problems: sum.problems };
  if (amount !== undefined && amount !== sum.total) return { ok: false, field: 'amount', problems: [{ index: 0, message: MESSAGES.shiftCountMismatch }] };
  return { ok: true, total: sum.total, lines: normalizeCount(currency, lines) };
}

// ——— Finances ————————————————————————————————————————————————————————————————————————

/** A category's direction: a paid-in brings cash in (credit); a paid-out, a tip out and a cash drop take it out (debit). */
export const financeTypeOf = (category: FinanceCategory): FinanceType => (category === FINANCE_CATEGORY.PAIDIN ? FINANCE_TYPE.CREDIT : FINANCE_TYPE.DEBIT);
export const isDebitCategory = (category: FinanceCategory): boolean => financeTypeOf(category) === FINANCE_TYPE.DEBIT;

/** What a finance does to the drawer: `+amount` for a credit, `-amount` for a debit. */
export const signedFinance = (f: { amount: number; isDebit: boolean }): number => (f.isDebit ? -f.amount : f.amount);

export interface FinanceTotals {
  paid_in: number;
  paid_out: number;
  tip_out: number;
  cash_drop: number;
  /** Credits less debits: what the finances did to the drawer. */
  finances: number;
}

/** The finances of a shift summed by category, and their net (credits in, debits out). */
export function financeTotals(entries: readonly { category: FinanceCategory; amount: number; isDebit: boolean }[]): FinanceTotals {
  const t: FinanceTotals = { paid_in: 0, paid_out: 0, tip_out: 0, cash_drop: 0, finances: 0 };
  for (const e of entries) {
    if (e.category === FINANCE_CATEGORY.PAIDIN) t.paid_in += e.amount;
    else if (e.category === FINANCE_CATEGORY.PAIDOUT) t.paid_out += e.amount;
    else if (e.category === FINANCE_CATEGORY.TIPOUT) t.tip_out += e.amount;
    else t.cash_drop += e.amount;
    t.finances += signedFinance(e);
  }
  return t;
}

// ——— Expected cash and the day balance ————————————————————————————————————————————————

/** spec 001 §4: expected = starting balance + cash sales + net finances. */
export const expectedCash = (startingBalance: number, cashSales: number, netFinances: number): number => startingBalance + cashSales + netFinances;

/** spec 001 §4: the day balance of a closing against the expected amount, and the difference (closing − expected). */
export function dayBalance(closingBalance: number, expected: number): { balance: ShiftBalance; difference: number } {
  const difference = closingBalance - expected;
  return { balance: difference === 0 ? SHIFT_BALANCE.BALANCED : difference > 0 ? SHIFT_BALANCE.OVER : SHIFT_BALANCE.SHORT, difference };
}

/** What stays in the drawer at closing: the cash counted less the cash drop (the next shift's `lastbalance`). */
export const closingBalanceOf = (cashAtClosing: number, cashDrop: number): number => cashAtClosing - cashDrop;

/** What the next shift opens with by default: the last closing balance, else the location's default float. */
export const suggestedStartingBalance = (lastBalance: number | null, defaultFloat: number): number => lastBalance ?? defaultFloat;

/**
 * The figures of a shift. Open: live (the cash sales so far, the finances as they are); closed: the
 * frozen close record (`frozen`: the cash sales, counted amount and difference written at close).
 * Hidden (blind close, still open): no cash sales, expected or difference.
 */
export function computeShiftFigures(input: {
  status: ShiftStatus;
  startingBalance: number;
  cashSales: number;
  finances: readonly { category: FinanceCategory; amount: number; isDebit: boolean }[];
  frozen: { cashSales: number; closingBalance: number } | null;
  blindClose: boolean;
}): ShiftFigures {
  const totals = financeTotals(input.finances);
  const closed = input.status === SHIFT_STATUS.CLOSED && input.frozen !== null;
  const cashSales = closed && input.frozen ? input.frozen.cashSales : input.cashSales;
  const expected = expectedCash(input.startingBalance, cashSales, totals.finances);
  const hidden = !closed && input.blindClose;
  if (!closed || !input.frozen) {
    return { starting_balance: input.startingBalance, ...totals, cash_sales: hidden ? null : cashSales, expected: hidden ? null : expected, counted: null, difference: null, state: 'Open', hidden };
  }
  const { balance, difference } = dayBalance(input.frozen.closingBalance, expected);
  return { starting_balance: input.startingBalance, ...totals, cash_sales: cashSales, expected, counted: input.frozen.closingBalance, difference, state: balance, hidden: false };
}

/**
 * The totals row of the shift report (every figure added up, Over and Short shifts counted). While
 * any row's figures are hidden (blind close, still open) the totals of cash sales, expected and
 * difference are null: a sum would give the hidden figure away.
 */
export function shiftReportTotals(rows: readonly Pick<ShiftFigures, 'starting_balance' | 'cash_sales' | 'finances' | 'expected' | 'counted' | 'difference' | 'state' | 'hidden'>[]): ShiftReport['totals'] {
  const t = { shifts: rows.length, starting_balance: 0, cash_sales: 0, finances: 0, expected: 0, counted: 0, difference: 0, over: 0, short: 0 };
  for (const r of rows) {
    t.starting_balance += r.starting_balance;
    t.cash_sales += r.cash_sales ?? 0;
    t.finances += r.finances;
    t.expected += r.expected ?? 0;
    t.counted += r.counted ?? 0;
    t.difference += r.difference ?? 0;
    if (r.state === SHIFT_BALANCE.OVER) t.over += 1;
    if (r.state === SHIFT_BALANCE.SHORT) t.short += 1;
  }
  const hidden = rows.some((r) => r.hidden);
  return { ...t, cash_sales: hidden ? null : t.cash_sales, expected: hidden ? null : t.expected, difference: hidden ? null : t.difference };
}

/** The state a shift report shows. */
export const shiftState = (status: ShiftStatus, balance: ShiftBalance | null): ShiftState => (status === SHIFT_STATUS.CLOSED && balance ? balance : 'Open');

// ——— The cash drop at closing (spec 001 §5) ———————————————————————————————————————————

export type CashDropChange = { kind: 'none' } | { kind: 'delete'; id: number } | { kind: 'update'; id: number; amount: number } | { kind: 'add'; amount: number };

/**
 * spec 001 §5: at closing, an amount of zero deletes an existing cash-drop entry (nothing when
 * there is none); a non-zero amount updates it (nothing when it is already that amount) or adds one.
 */
export function cashDropChange(existing: { id: number; amount: number } | null, amount: number): CashDropChange {
  if (amount === 0) return existing ? { kind: 'delete', id: existing.id } : { kind: 'none' };
  if (!existing) return { kind: 'add', amount };
  return existing.amount === amount ? { kind: 'none' } : { kind: 'update', id: existing.id, amount };
}

// ——— The lifecycle ———————————————————————————————————————————————————————————————————

export type ShiftAction = 'close' | 'reopen' | 'finance';

/**
 * Whether an action may happen to a shift in its state: open → closed by a close (once: a second
 * close is told the shift is closed); closed → open only by a manager's reopen; finances change only
 * while open. Returns the refusal (HTTP status and message), or null.
 */
export function shiftActionProblem(status: ShiftStatus, action: ShiftAction, isManager: boolean): { status: 403 | 409; message: string } | null {
  if (action === 'close') return status === SHIFT_STATUS.CLOSED ? { status: 409, message: MESSAGES.shiftAlreadyClosed } : null;
  if (action === 'finance') return status === SHIFT_STATUS.CLOSED ? { status: 409, message: MESSAGES.shiftClosedFinances } : null;
  if (!isManager) return { status: 403, message: MESSAGES.shiftReopenManagersOnly };
  return status === SHIFT_STATUS.CLOSED ? null : { status: 409, message: MESSAGES.shiftNotClosed };
}

/** The state after an action (the action is allowed: see `shiftActionProblem`). */
export const shiftAfter = (status: ShiftStatus, action: ShiftAction): ShiftStatus =>
  action === 'close' ? SHIFT_STATUS.CLOSED : action === 'reopen' ? SHIFT_STATUS.OPEN : status;

/**
 * Whether a close with this difference needs a manager and a note: past the location's threshold
 * (null: never), a user who may not edit settings is refused (`manager`), a manager must give a
 * note (`note`).
 */
export function closeApproval(difference: number, threshold: number | null, isManager: boolean, hasNote: boolean): 'ok' | 'manager' | 'note' {
  if (threshold === null || Math.abs(difference) <= threshold) return 'ok';
  if (!isManager) return 'manager';
  return hasNote ? 'ok' : 'note';
}

// ——— The drawer log as a ledger ————————————————————————————————————————————————————————

/** One movement of the drawer: what it changed in what the drawer should hold. */
export interface DrawerMovement {
  event: DrawerEvent;
  amount: number;
}

/**
 * The running expected amount after each movement: the sum of every movement so far (the opening
 * count, cash sales, finances added, changed and removed). Events that move nothing (a close, a
 * reopen) carry an amount of 0.
 */
export function runningExpected(movements: readonly DrawerMovement[]): number[] {
  let sum = 0;
  return movements.map((m) => {
    sum += m.amount;
    return sum;
  });
}

/** Whether an event moves cash (its amount is part of the ledger). */
export const movesCash = (event: DrawerEvent): boolean => event !== DRAWER_EVENT.CLOSE && event !== DRAWER_EVENT.REOPEN;

/** Minutes from opening to closing (to `now` while open), never negative. */
export function shiftMinutes(startedAt: string | Date, closedAt: string | Date | null, now: Date): number {
  const start = new Date(startedAt).getTime();
  const end = closedAt === null ? now.getTime() : new Date(closedAt).getTime();
  return Math.max(0, Math.round((end - start) / 60_000));
}

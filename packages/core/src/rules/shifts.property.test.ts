import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { AMOUNT_MAX } from '../models/input';
import { DRAWER_EVENT, type DrawerEvent, type FinanceCategory, FINANCE_TYPE, SHIFT_BALANCE, SHIFT_STATUS } from '../models/shifts';
import { centsArb, countArb, currencyArb, financeArb, type LedgerStep, ledgerStepsArb } from './shifts.arb';
import {
  cashDropChange,
  closeApproval,
  closingBalanceOf,
  computeShiftFigures,
  countedAmount,
  countTotal,
  dayBalance,
  DENOMINATIONS,
  expectedCash,
  financeTotals,
  financeTypeOf,
  normalizeCount,
  runningExpected,
  shiftActionProblem,
  shiftAfter,
  shiftReportTotals,
  signedFinance,
} from './shifts';
import { formatShiftDuration } from './timesheets';

describe('expected cash', () => {
  /** Plays the steps on a list of finances, writing each movement to a log as the server does. */
  function play(starting: number, steps: readonly LedgerStep[], cashSales: number) {
    const finances: { category: FinanceCategory; amount: number; isDebit: boolean }[] = [];
    const log: { event: DrawerEvent; amount: number }[] = [{ event: DRAWER_EVENT.OPEN, amount: starting }];
    for (const step of steps) {
      if (step.op === 'add') {
        finances.push(step.finance);
        log.push({ event: DRAWER_EVENT.FINANCE_ADD, amount: signedFinance(step.finance) });
      } else if (finances.length > 0) {
        const i = step.index % finances.length;
        const before = finances[i] as (typeof finances)[number];
        if (step.op === 'remove') {
          finances.splice(i, 1);
          log.push({ event: DRAWER_EVENT.FINANCE_DELETE, amount: -signedFinance(before) });
        } else {
          const after = { category: step.category, amount: step.amount, isDebit: financeTypeOf(step.category) === FINANCE_TYPE.DEBIT };
          finances[i] = after;
          log.push({ event: DRAWER_EVENT.FINANCE_UPDATE, amount: signedFinance(after) - signedFinance(before) });
        }
      }
    }
    log.push({ event: DRAWER_EVENT.SALES, amount: cashSales });
    log.push({ event: DRAWER_EVENT.CLOSE, amount: 0 });
    return { finances, log };
  }

  test.prop([centsArb, centsArb, ledgerStepsArb])('equals a brute-force sum of the drawer log, and the log’s running sum ends there', (starting, sales, steps) => {
    const { finances, log } = play(starting, steps, sales);
    const expected = expectedCash(starting, sales, financeTotals(finances).finances);
    let brute = 0;
    for (const m of log) brute += m.amount;
    expect(expected).toBe(brute);
    expect(runningExpected(log).at(-1)).toBe(brute);
    expect(Number.isInteger(expected)).toBe(true);
  });

  test.prop([fc.array(financeArb, { maxLength: 30 })])('credits come in and debits go out; the totals by category add up to the net', (finances) => {
    const t = financeTotals(finances);
    expect(t.finances).toBe(t.paid_in - t.paid_out - t.tip_out - t.cash_drop);
    const credits = finances.filter((f) => !f.isDebit).reduce((s, f) => s + f.amount, 0);
    const debits = finances.filter((f) => f.isDebit).reduce((s, f) => s + f.amount, 0);
    expect(t.finances).toBe(credits - debits);
  });

  it('a paid-in is a credit; a paid-out, a tip out and a cash drop are debits', () => {
    expect([financeTypeOf('PAIDIN'), financeTypeOf('PAIDOUT'), financeTypeOf('TIPOUT'), financeTypeOf('CASHDROP')]).toEqual(['CREDIT', 'DEBIT', 'DEBIT', 'DEBIT']);
  });
});

describe('the day balance', () => {
  test.prop([centsArb, fc.integer({ min: -1_000_000, max: 1_000_000 })])('Balanced, Over and Short are symmetric around the expected amount', (expected, offset) => {
    const above = dayBalance(expected + Math.abs(offset), expected);
    const below = dayBalance(expected - Math.abs(offset), expected);
    expect(above.difference).toBe(Math.abs(offset));
    expect(below.difference === -Math.abs(offset)).toBe(true);
    if (offset === 0) {
      expect(above.balance).toBe(SHIFT_BALANCE.BALANCED);
      expect(below.balance).toBe(SHIFT_BALANCE.BALANCED);
    } else {
      expect(above.balance).toBe(SHIFT_BALANCE.OVER);
      expect(below.balance).toBe(SHIFT_BALANCE.SHORT);
    }
  });

  test.prop([centsArb, centsArb, centsArb, fc.array(financeArb, { maxLength: 10 })])('the cash drop cancels out: the difference is the cash counted against the expected amount before the drop', (starting, sales, counted, finances) => {
    const drop = Math.floor(counted / 3);
    const withDrop = [...finances, { category: 'CASHDROP' as const, amount: drop, isDebit: true }];
    const expected = expectedCash(starting, sales, financeTotals(withDrop).finances);
    const before = expectedCash(starting, sales, financeTotals(finances).finances);
    expect(dayBalance(closingBalanceOf(counted, drop), expected).difference).toBe(counted - before);
  });

  test.prop([centsArb, centsArb, fc.array(financeArb, { maxLength: 10 }), centsArb, fc.boolean()])('figures: hidden under blind close while open, frozen once closed', (starting, sales, finances, closing, blind) => {
    const open = computeShiftFigures({ status: SHIFT_STATUS.OPEN, startingBalance: starting, cashSales: sales, finances, frozen: null, blindClose: blind });
    expect(open.state).toBe('Open');
    expect(open.hidden).toBe(blind);
    expect(open.expected).toBe(blind ? null : expectedCash(starting, sales, financeTotals(finances).finances));
    expect(open.cash_sales).toBe(blind ? null : sales);
    expect(open.difference).toBeNull();
    const closed = computeShiftFigures({ status: SHIFT_STATUS.CLOSED, startingBalance: starting, cashSales: sales + 999, finances, frozen: { cashSales: sales, closingBalance: closing }, blindClose: blind });
    expect(closed.hidden).toBe(false);
    expect(closed.cash_sales).toBe(sales);
    expect(closed.difference).toBe(closing - (closed.expected as number));
    expect(closed.state).toBe(dayBalance(closing, closed.expected as number).balance);
  });
});

describe('the cash drop at closing (spec 001 §5)', () => {
  const existingArb = fc.option(fc.record({ id: fc.integer({ min: 1, max: 1000 }), amount: fc.integer({ min: 1, max: 1_000_000 }) }), { nil: null });

  test.prop([existingArb])('an amount of zero deletes an existing cash drop, and does nothing without one', (existing) => {
    expect(cashDropChange(existing, 0)).toEqual(existing ? { kind: 'delete', id: existing.id } : { kind: 'none' });
  });

  test.prop([existingArb, fc.integer({ min: 1, max: 1_000_000 })])('a non-zero amount updates the existing cash drop or adds one', (existing, amount) => {
    const change = cashDropChange(existing, amount);
    if (!existing) expect(change).toEqual({ kind: 'add', amount });
    else if (existing.amount === amount) expect(change).toEqual({ kind: 'none' });
    else expect(change).toEqual({ kind: 'update', id: existing.id, amount });
  });
});

describe('denominations', () => {
  test.prop([countArb])('a count sums exactly, in any order, to the sum of value × count', ({ currency, lines, values }) => {
    const result = countTotal(currency, lines);
    const brute = lines.reduce((s, l, i) => s + (values[i] as number) * l.count, 0);
    if (brute > AMOUNT_MAX) expect(result.ok).toBe(false);
    else expect(result).toEqual({ ok: true, total: brute });
    const reversed = countTotal(currency, [...lines].reverse());
    expect(reversed).toEqual(result.ok ? result : reversed);
  });

  test.prop([countArb])('normalizing keeps the total and drops the zero lines', ({ currency, lines }) => {
    const normal = normalizeCount(currency, lines);
    expect(normal.every((l) => l.count > 0)).toBe(true);
    const a = countTotal(currency, lines);
    const b = countTotal(currency, normal);
    if (a.ok) expect(b).toEqual(a);
  });

  test.prop([currencyArb])('every currency has notes and coins with distinct keys, values in whole minor units, largest first', (currency) => {
    const ds = DENOMINATIONS[currency];
    expect(new Set(ds.map((d) => d.key)).size).toBe(ds.length);
    expect(ds.some((d) => d.kind === 'note') && ds.some((d) => d.kind === 'coin')).toBe(true);
    for (const d of ds) expect(Number.isInteger(d.value) && d.value > 0).toBe(true);
    const notes = ds.filter((d) => d.kind === 'note').map((d) => d.value);
    expect(notes).toEqual([...notes].sort((x, y) => y - x));
  });

  it('refuses a note of another currency, one counted twice, and a count that does not match the amount', () => {
    expect(countTotal('CAD', [{ key: 'c1', count: 1 }])).toEqual({ ok: false, problems: [{ index: 0, message: MESSAGES.shiftDenominationUnknown }] });
    expect(countTotal('USD', [{ key: 'n2000', count: 1 }, { key: 'n2000', count: 2 }])).toEqual({ ok: false, problems: [{ index: 1, message: MESSAGES.shiftDenominationTwice }] });
    expect(countedAmount('USD', 2001, [{ key: 'n2000', count: 1 }])).toMatchObject({ ok: false, field: 'amount' });
    expect(countedAmount('USD', undefined, undefined)).toMatchObject({ ok: false, problems: [{ message: MESSAGES.shiftCountRequired }] });
    expect(countedAmount('EUR', 2050, [{ key: 'n2000', count: 1 }, { key: 'c50', count: 1 }])).toEqual({ ok: true, total: 2050, lines: [{ key: 'n2000', count: 1 }, { key: 'c50', count: 1 }] });
  });
});

describe('the lifecycle', () => {
  const statusArb = fc.constantFrom(SHIFT_STATUS.OPEN, SHIFT_STATUS.CLOSED);
  const actionArb = fc.constantFrom('close' as const, 'reopen' as const, 'finance' as const);

  test.prop([fc.array(fc.tuple(actionArb, fc.boolean()), { maxLength: 30 })])('open → closed once; closed → open only by a manager; finances only while open', (actions) => {
    let status: 'OPEN' | 'CLOSED' = SHIFT_STATUS.OPEN;
    for (const [action, manager] of actions) {
      const problem = shiftActionProblem(status, action, manager);
      if (action === 'close') expect(problem === null).toBe(status === 'OPEN');
      if (action === 'finance') expect(problem === null).toBe(status === 'OPEN');
      if (action === 'reopen') expect(problem === null).toBe(status === 'CLOSED' && manager);
      if (action === 'reopen' && !manager) expect(problem?.status).toBe(403);
      if (problem === null) status = shiftAfter(status, action);
    }
  });

  test.prop([statusArb])('a second close of a closed shift is told so', (status) => {
    const after = shiftActionProblem(status, 'close', true) === null ? shiftAfter(status, 'close') : status;
    expect(shiftActionProblem(after, 'close', true)).toEqual({ status: 409, message: MESSAGES.shiftAlreadyClosed });
  });

  test.prop([fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.option(centsArb, { nil: null }), fc.boolean(), fc.boolean()])('past the threshold only a manager closes, with a note', (difference, threshold, manager, note) => {
    const approval = closeApproval(difference, threshold, manager, note);
    if (threshold === null || Math.abs(difference) <= threshold) expect(approval).toBe('ok');
    else expect(approval).toBe(!manager ? 'manager' : note ? 'ok' : 'note');
  });

  it('a shift over 60 minutes reads in hours and minutes (spec 001 §9, the timesheets formatter)', () => {
    expect(formatShiftDuration(45)).toBe('45 min');
    expect(formatShiftDuration(8 * 60 + 5)).toBe('8 h 5 min');
  });
});

describe('the shift report totals', () => {
  const shiftArb = fc.record({
    status: fc.constantFrom(SHIFT_STATUS.OPEN, SHIFT_STATUS.CLOSED),
    startingBalance: centsArb,
    cashSales: centsArb,
    finances: fc.array(financeArb, { maxLength: 6 }),
    closing: centsArb,
    blindClose: fc.boolean(),
  });
  const figuresOf = (s: { status: 'OPEN' | 'CLOSED'; startingBalance: number; cashSales: number; finances: { category: FinanceCategory; amount: number; isDebit: boolean }[]; closing: number; blindClose: boolean }) =>
    computeShiftFigures({ ...s, frozen: s.status === SHIFT_STATUS.CLOSED ? { cashSales: s.cashSales, closingBalance: s.closing } : null });

  test.prop([fc.array(shiftArb, { maxLength: 12 })])('add up every row, count Over and Short, and hide what a hidden row hides', (shifts) => {
    const rows = shifts.map(figuresOf);
    const totals = shiftReportTotals(rows);
    const sum = (pick: (r: (typeof rows)[number]) => number | null) => rows.reduce((s, r) => s + (pick(r) ?? 0), 0);
    const hidden = rows.some((r) => r.hidden);
    expect(totals).toEqual({
      shifts: rows.length,
      starting_balance: sum((r) => r.starting_balance),
      cash_sales: hidden ? null : sum((r) => r.cash_sales),
      finances: sum((r) => r.finances),
      expected: hidden ? null : sum((r) => r.expected),
      counted: sum((r) => r.counted),
      difference: hidden ? null : sum((r) => r.difference),
      over: rows.filter((r) => r.state === SHIFT_BALANCE.OVER).length,
      short: rows.filter((r) => r.state === SHIFT_BALANCE.SHORT).length,
    });
    // The difference of the closed shifts is what they counted less what they expected.
    if (!hidden) expect(totals.difference).toBe(sum((r) => (r.counted === null ? 0 : r.counted - (r.expected ?? 0))));
  });
});

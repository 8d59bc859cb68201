import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { payoutSchedule } from '../models/webPayments';
import { decimalTextArb, instantArb, movementsArb, payoutDayArb, payoutScheduleArb, providerArb, timeZoneArb, twoListingsArb } from './payouts.arb';
import {
  compareMovements,
  daysInMonthOf,
  decimalToCents,
  explainingKeys,
  feeFor,
  isPayoutDay,
  itemisePayout,
  nextPayoutDate,
  payoutDayAfter,
  payoutDays,
  payoutDifferenceMessage,
  paysThrough,
  providerCents,
  reconcilePayout,
  STANDARD_PRICING,
  UNEXPLAINED_KEY,
  WEEKLY_ANCHOR_DAY,
} from './payouts';
import { addDays, dayOfWeekOf, daysBetween, todayIn } from './scheduleTime';

/** Half away from zero, by BigInt arithmetic on the digits: the reference the rule is held to. */
function referenceCents(text: string): number {
  const negative = text.startsWith('-');
  const [whole = '0', decimals = ''] = text.replace(/^[-+]/, '').split('.');
  const scaled = BigInt(`${whole}${(decimals + '00').slice(0, 2)}`);
  const roundUp = (decimals.charAt(2) || '0') >= '5' ? 1n : 0n;
  const magnitude = Number(scaled + roundUp);
  return negative && magnitude !== 0 ? -magnitude : magnitude;
}

describe('cents per provider', () => {
  test.prop([decimalTextArb])('NMI amounts with any number of decimals are ×100, rounded half away from zero', (text) => {
    expect(providerCents('nmi', text)).toBe(referenceCents(text));
  });

  test.prop([decimalTextArb])('rounding is symmetric: −x gives −(x)', (text) => {
    const positive = text.replace(/^-/, '');
    expect(decimalToCents(`-${positive}`)).toBe(-decimalToCents(positive) || 0);
  });

  test.prop([fc.integer({ min: -1e12, max: 1e12 })])('Stripe amounts are already cents', (n) => {
    expect(providerCents('stripe', n)).toBe(n);
    expect(providerCents('stripe', String(n))).toBe(n);
  });

  test.prop([fc.integer({ min: -99_999_999, max: 99_999_999 })])('an NMI amount written with two decimals is exactly its cents', (cents) => {
    const abs = Math.abs(cents);
    const text = `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
    expect(providerCents('nmi', text)).toBe(cents);
    // As a JavaScript number too: never through floating point.
    expect(providerCents('nmi', Number(text))).toBe(cents);
  });

  it('reads the cases floating point gets wrong', () => {
    expect(decimalToCents('0.285')).toBe(29); // 0.285 * 100 = 28.499999999999996
    expect(decimalToCents(1.005)).toBe(101); // Math.round(1.005 * 100) = 100
    expect(decimalToCents('-0.005')).toBe(-1);
    expect(decimalToCents('-0.004')).toBe(0);
    expect(decimalToCents('1e-3')).toBe(0);
    expect(decimalToCents('1.5e1')).toBe(1500);
    expect(decimalToCents('.5')).toBe(50);
    expect(decimalToCents('7.')).toBe(700);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', '-', '.', 'abc', '1,50', '1.2.3', '0x10', 'NaN', 'Infinity', '1e999']) expect(() => decimalToCents(bad)).toThrow(RangeError);
    expect(() => decimalToCents(Number.NaN)).toThrow(RangeError);
    expect(() => providerCents('stripe', 10.5)).toThrow(RangeError);
    expect(() => providerCents('stripe', '10.50')).toThrow(RangeError);
  });

  test.prop([providerArb, fc.integer({ min: 0, max: 100_000_000 })])('fees are whole cents, never more than the charge plus the fixed part', (provider, amount) => {
    const fee = feeFor(amount, STANDARD_PRICING[provider]);
    expect(Number.isInteger(fee)).toBe(true);
    if (amount === 0) expect(fee).toBe(0);
    else expect(fee).toBeLessThanOrEqual(amount + STANDARD_PRICING[provider].fixedCents);
  });

  it('prices a $100 charge as the providers do', () => {
    expect(feeFor(10_000, STANDARD_PRICING.stripe)).toBe(320);
    expect(feeFor(10_000, STANDARD_PRICING.nmi)).toBe(260);
  });
});

describe('reconciliation and itemisation', () => {
  test.prop([fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 1e8 }), fc.integer({ min: -1e9, max: 1e9 })])(
    'a payout is reconciled exactly when gross − fee = amount, else the mismatch message with the difference',
    (gross, fee, amount) => {
      const r = reconcilePayout({ gross, fee, amount });
      expect(r.netamount).toBe(gross - fee);
      expect(r.reconciled).toBe(gross - fee === amount);
      expect(r.difference).toBe(amount - (gross - fee));
      expect(r.message).toBe(r.reconciled ? null : MESSAGES.payoutMismatch);
    },
  );

  test.prop([movementsArb, fc.integer({ min: -5000, max: 5000 })])('the lines always sum to the payout, with an unexplained line only for a remainder', (movements, off) => {
    const exact = movements.reduce((sum, m) => sum + m.amount - m.fee, 0);
    const amount = exact + off;
    const it = itemisePayout(amount, movements);
    expect(it.lines.reduce((sum, line) => sum + line.net, 0)).toBe(amount);
    expect(it.gross - it.fee).toBe(exact);
    expect(it.unexplained).toBe(off);
    expect(it.reconciled).toBe(off === 0);
    const unexplained = it.lines.filter((line) => line.kind === 'unexplained');
    expect(unexplained).toHaveLength(off === 0 ? 0 : 1);
    if (off !== 0) expect(it.lines.at(-1)).toMatchObject({ key: UNEXPLAINED_KEY, amount: off, net: off, line: null });
    // Every movement is a line, in order; keys stay unique.
    expect(it.lines.slice(0, movements.length).map((l) => l.key)).toEqual(movements.map((m) => m.key));
    expect(new Set(it.lines.map((l) => l.key)).size).toBe(it.lines.length);
    for (const line of it.lines) expect(line.net).toBe(line.amount - line.fee);
  });

  test.prop([movementsArb])('gross leaves the fee lines out and fee counts them', (movements) => {
    const it = itemisePayout(0, movements);
    const fees = movements.filter((m) => m.kind === 'fee');
    const others = movements.filter((m) => m.kind !== 'fee');
    expect(it.gross).toBe(others.reduce((s, m) => s + m.amount, 0));
    expect(it.fee).toBe(others.reduce((s, m) => s + m.fee, 0) - fees.reduce((s, m) => s + m.amount, 0));
  });

  test.prop([fc.array(fc.integer({ min: -10_000, max: 10_000 }), { maxLength: 20 }), fc.integer({ min: -10_000, max: 10_000 })])(
    'the explaining movements sum to the unexplained remainder (each alone, or all together)',
    (discrepancies, unexplained) => {
      const candidates = discrepancies.map((discrepancy, i) => ({ key: `k${i}`, discrepancy }));
      const keys = explainingKeys(unexplained, candidates);
      if (unexplained === 0) expect(keys).toEqual([]);
      const chosen = candidates.filter((c) => keys.includes(c.key));
      const eachAlone = chosen.every((c) => c.discrepancy === unexplained);
      const together = chosen.reduce((s, c) => s + c.discrepancy, 0) === unexplained;
      if (keys.length > 0) expect(eachAlone || together).toBe(true);
      // A single exact match is always found.
      if (unexplained !== 0 && candidates.some((c) => c.discrepancy === unexplained)) expect(keys.length).toBeGreaterThan(0);
    },
  );

  it('names the charge of a missing refund', () => {
    expect(explainingKeys(-2500, [{ key: 'ch_a', discrepancy: 0 }, { key: 'ch_b', discrepancy: -2500 }])).toEqual(['ch_b']);
    expect(explainingKeys(-2500, [{ key: 'ch_a', discrepancy: -1000 }])).toEqual([]);
  });
});

describe('the provider’s movements of a payout against ours', () => {
  const net = (lines: readonly { amount: number; fee: number }[]) => lines.reduce((s, l) => s + l.amount - l.fee, 0);

  test.prop([twoListingsArb])('our nets plus every difference’s effect are the provider’s nets: the differences make up the remainder', ({ ours, theirs }) => {
    const differences = compareMovements(ours, theirs);
    expect(net(ours) + differences.reduce((s, d) => s + d.effect, 0)).toBe(net(theirs));
    // When the provider’s listing makes the payout, the remainder of our itemisation is exactly the effects.
    const itemised = itemisePayout(net(theirs), ours);
    expect(differences.reduce((s, d) => s + d.effect, 0)).toBe(itemised.unexplained);
  });

  test.prop([twoListingsArb])('names each movement the two disagree on once, by the provider’s id, and none they agree on', ({ ours, theirs }) => {
    const differences = compareMovements(ours, theirs);
    expect(new Set(differences.map((d) => d.key)).size).toBe(differences.length);
    const mine = new Map(ours.map((l) => [l.key, l]));
    const provider = new Map(theirs.map((l) => [l.key, l]));
    for (const d of differences) {
      if (d.side === 'missing_here') expect(mine.has(d.key) || !provider.has(d.key)).toBe(false);
      if (d.side === 'missing_at_provider') expect(provider.has(d.key) || !mine.has(d.key)).toBe(false);
      if (d.side === 'differs') expect(d.ours?.amount !== d.provider?.amount || d.ours?.fee !== d.provider?.fee).toBe(true);
    }
    const named = new Set(differences.map((d) => d.key));
    for (const line of theirs) {
      const match = mine.get(line.key);
      if (match && match.amount === line.amount && match.fee === line.fee) expect(named.has(line.key)).toBe(false);
    }
    // The same listing on both sides: nothing to name.
    expect(compareMovements(theirs, theirs)).toEqual([]);
  });

  it('names a refund the provider deducted that we have no record of, by its id and amount', () => {
    const charge = { key: 'txn_ch', kind: 'charge' as const, amount: 13952, fee: 435, sourceId: 'ch_1' };
    const refund = { key: 'txn_re', kind: 'refund' as const, amount: -12700, fee: 0, sourceId: 're_1' };
    const [difference, ...rest] = compareMovements([charge], [charge, refund]);
    expect(rest).toEqual([]);
    expect(difference).toMatchObject({ key: 'txn_re', side: 'missing_here', kind: 'refund', ours: null, effect: -12700 });
    const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    expect(payoutDifferenceMessage({ ...difference!, providerTxId: 're_1', provider: { amount: -12700, fee: 0, net: -12700 }, ours: null }, 'Stripe', money)).toBe(
      'Stripe deducted refund re_1 of $127.00 from this payout; it is missing from our records.',
    );
    expect(
      payoutDifferenceMessage({ side: 'differs', kind: 'charge', key: 'txn_ch', providerTxId: 'ch_1', provider: { amount: 13952, fee: 435, net: 13517 }, ours: { amount: 13952, fee: 480, net: 13472 } }, 'Stripe', money),
    ).toBe('Stripe counted charge ch_1 as $139.52 less a $4.35 fee; our records have $139.52 less a $4.80 fee.');
    expect(payoutDifferenceMessage({ side: 'missing_at_provider', kind: 'charge', key: 'txn_ch', providerTxId: 'ch_1', provider: null, ours: { amount: 5000, fee: 175, net: 4825 } }, 'NMI', money)).toBe(
      'Our records count charge ch_1 of $50.00 in this payout; NMI does not.',
    );
  });
});

describe('payout schedule', () => {
  test.prop([payoutScheduleArb, payoutDayArb])('the next payout day is the first payout day after the day', (schedule, day) => {
    const next = payoutDayAfter(schedule, day);
    if (schedule.interval === 'manual') {
      expect(next).toBeNull();
      return;
    }
    expect(next).not.toBeNull();
    const n = next as string;
    expect(n > day).toBe(true);
    expect(isPayoutDay(schedule, n)).toBe(true);
    for (let d = addDays(day, 1); d < n; d = addDays(d, 1)) expect(isPayoutDay(schedule, d)).toBe(false);
    if (schedule.interval === 'daily') expect(n).toBe(addDays(day, 1));
    if (schedule.interval === 'weekly') {
      expect(daysBetween(day, n)).toBeLessThanOrEqual(7);
      expect(dayOfWeekOf(n)).toBe(WEEKLY_ANCHOR_DAY[schedule.weekly_anchor ?? 'monday']);
    }
    if (schedule.interval === 'monthly') {
      expect(daysBetween(day, n)).toBeLessThanOrEqual(31);
      const anchor = schedule.monthly_anchor ?? 1;
      // The anchor's day, or the month's last day when the month is shorter.
      expect(Number(n.slice(8))).toBe(Math.min(anchor, daysInMonthOf(n)));
    }
  });

  test.prop([payoutScheduleArb, timeZoneArb, instantArb])('the next payout date is after the business’s today in its own zone, across DST', (schedule, zone, now) => {
    const today = todayIn(zone, now);
    const next = nextPayoutDate(schedule, now, zone);
    expect(next).toBe(payoutDayAfter(schedule, today));
    if (next !== null) {
      expect(next > today).toBe(true);
      expect(paysThrough(next, schedule.delay_days)).toBe(addDays(next, -schedule.delay_days));
    }
  });

  test.prop([payoutScheduleArb, payoutDayArb, fc.integer({ min: 0, max: 120 })])('payoutDays lists exactly the payout days of a range', (schedule, start, length) => {
    const end = addDays(start, length);
    const days = payoutDays(schedule, start, end);
    const expected: string[] = [];
    for (let d = start; d <= end; d = addDays(d, 1)) if (isPayoutDay(schedule, d)) expected.push(d);
    expect(days).toEqual(expected);
  });

  it('pays a monthly anchor of 31 on the last day of shorter months', () => {
    const schedule = { interval: 'monthly', weekly_anchor: null, monthly_anchor: 31 } as const;
    expect(payoutDayAfter(schedule, '2026-02-10')).toBe('2026-02-28');
    expect(payoutDayAfter(schedule, '2028-02-10')).toBe('2028-02-29');
    expect(payoutDayAfter(schedule, '2026-04-30')).toBe('2026-05-31');
  });

  it('takes today in the business’s zone: late Friday evening in Los Angeles is already Saturday in UTC', () => {
    const schedule = { interval: 'weekly', weekly_anchor: 'saturday', monthly_anchor: null } as const;
    const now = new Date('2026-11-07T03:30:00Z'); // Friday 6 Nov, 19:30 in Los Angeles
    expect(nextPayoutDate(schedule, now, 'America/Los_Angeles')).toBe('2026-11-07');
    expect(nextPayoutDate(schedule, now, 'UTC')).toBe('2026-11-14');
  });

  it('refuses an anchor that does not fit the interval, naming it', () => {
    const bad = [
      [{ delay_days: 2, interval: 'weekly', weekly_anchor: null, monthly_anchor: null }, 'weekly_anchor', MESSAGES.payoutWeeklyAnchorRequired],
      [{ delay_days: 2, interval: 'monthly', weekly_anchor: null, monthly_anchor: null }, 'monthly_anchor', MESSAGES.payoutMonthlyAnchorRequired],
      [{ delay_days: 2, interval: 'daily', weekly_anchor: 'friday', monthly_anchor: null }, 'weekly_anchor', MESSAGES.payoutWeeklyAnchorOnlyWeekly],
      [{ delay_days: 2, interval: 'weekly', weekly_anchor: 'friday', monthly_anchor: 3 }, 'monthly_anchor', MESSAGES.payoutMonthlyAnchorOnlyMonthly],
    ] as const;
    for (const [schedule, field, message] of bad) {
      const parsed = payoutSchedule.safeParse(schedule);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: [field], message })]);
    }
    expect(payoutSchedule.safeParse({ delay_days: 1, interval: 'daily', weekly_anchor: null, monthly_anchor: null }).success).toBe(false);
    expect(payoutSchedule.safeParse({ delay_days: 366, interval: 'daily', weekly_anchor: null, monthly_anchor: null }).success).toBe(false);
    expect(payoutSchedule.safeParse({ delay_days: 2, interval: 'monthly', weekly_anchor: null, monthly_anchor: 32 }).success).toBe(false);
  });

  test.prop([payoutScheduleArb])('every schedule whose anchors fit is accepted as it is', (schedule) => {
    expect(payoutSchedule.parse(schedule)).toEqual(schedule);
  });
});

import { fc } from '@fast-check/vitest';
import type { PaymentProvider } from '../models/transaction';
import { BALANCE_KINDS, type BalanceKind, PAYOUT_DELAY_MAX, PAYOUT_DELAY_MIN, PAYOUT_INTERVALS, type PayoutSchedule, WEEKLY_ANCHORS } from '../models/webPayments';
import type { BalanceLine, RecordedMovement } from './payouts';
import { addDays } from './scheduleTime';

/** Domain arbitraries for the payout rules' property tests. */

export const providerArb: fc.Arbitrary<PaymentProvider> = fc.constantFrom('stripe', 'nmi');

/** A decimal amount as NMI writes it: a sign, up to 9 whole digits, any number (0–12) of decimals, sometimes an exponent. */
export const decimalTextArb = fc
  .record({
    negative: fc.boolean(),
    whole: fc.stringMatching(/^\d{1,9}$/),
    decimals: fc.stringMatching(/^\d{0,12}$/),
  })
  .map(({ negative, whole, decimals }) => `${negative ? '-' : ''}${whole}${decimals === '' ? '' : `.${decimals}`}`);

/** One balance movement, with amounts a provider could give (up to $100,000). */
export const balanceLineArb: fc.Arbitrary<BalanceLine> = fc
  .record({
    kind: fc.constantFrom<BalanceKind>(...BALANCE_KINDS),
    amount: fc.integer({ min: 1, max: 10_000_000 }),
    fee: fc.integer({ min: 0, max: 300_000 }),
  })
  .map(({ kind, amount, fee }) => {
    switch (kind) {
      case 'charge':
        return { key: '', kind, amount, fee };
      case 'refund':
        return { key: '', kind, amount: -amount, fee: 0 };
      case 'fee':
        return { key: '', kind, amount: -Math.min(amount, 300_000), fee: 0 };
      case 'dispute':
        return { key: '', kind, amount: -amount, fee: 1500 };
      case 'adjustment':
        return { key: '', kind, amount: amount % 2 === 0 ? amount : -amount, fee: 0 };
    }
  });

/** A payout's movements, each with its own key. */
export const movementsArb = fc
  .array(balanceLineArb, { maxLength: 60 })
  .map((lines) => lines.map((line, i) => ({ ...line, key: `txn_${i}` })));

/**
 * The provider's listing of a payout and ours, made from one set of movements: each one the
 * provider's, ours, both (sometimes with our fee or amount off by a few cents), so every kind of
 * difference occurs.
 */
export const twoListingsArb: fc.Arbitrary<{ ours: RecordedMovement[]; theirs: RecordedMovement[] }> = fc
  .array(
    fc.record({
      line: balanceLineArb,
      where: fc.constantFrom('both', 'both', 'both', 'provider', 'ours'),
      feeOff: fc.constantFrom(0, 0, 0, 45, -30),
      amountOff: fc.constantFrom(0, 0, 0, 0, 100),
    }),
    { maxLength: 40 },
  )
  .map((entries) => {
    const ours: RecordedMovement[] = [];
    const theirs: RecordedMovement[] = [];
    entries.forEach(({ line, where, feeOff, amountOff }, i) => {
      const movement = { ...line, key: `txn_${i}`, sourceId: line.kind === 'fee' ? null : `src_${i}` };
      if (where !== 'ours') theirs.push(movement);
      if (where !== 'provider') ours.push({ ...movement, amount: movement.amount + amountOff, fee: Math.max(0, movement.fee + feeOff) });
    });
    return { ours, theirs };
  });

/** A calendar day between 2020 and 2035. */
export const payoutDayArb = fc.integer({ min: 0, max: 16 * 366 }).map((n) => addDays('2020-01-01', n));

/** A payout schedule whose anchors fit its interval. */
export const payoutScheduleArb: fc.Arbitrary<PayoutSchedule> = fc
  .record({
    delay_days: fc.integer({ min: PAYOUT_DELAY_MIN, max: PAYOUT_DELAY_MAX }),
    interval: fc.constantFrom(...PAYOUT_INTERVALS),
    weekly: fc.constantFrom(...WEEKLY_ANCHORS),
    monthly: fc.integer({ min: 1, max: 31 }),
  })
  .map(({ delay_days, interval, weekly, monthly }) => ({
    delay_days,
    interval,
    weekly_anchor: interval === 'weekly' ? weekly : null,
    monthly_anchor: interval === 'monthly' ? monthly : null,
  }));

/** Time zones with and without daylight saving, on both sides of UTC and at odd offsets. */
export const timeZoneArb = fc.constantFrom(
  'America/Los_Angeles',
  'America/New_York',
  'Europe/London',
  'Europe/Berlin',
  'Australia/Sydney',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'UTC',
);

/** An instant between 2020 and 2035, dense around the DST changes of March, October and November. */
export const instantArb = fc.oneof(
  fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }),
  fc
    .record({
      year: fc.integer({ min: 2020, max: 2035 }),
      month: fc.constantFrom(2, 3, 9, 10),
      day: fc.integer({ min: 0, max: 30 }),
      minutes: fc.integer({ min: 0, max: 24 * 60 - 1 }),
    })
    .map(({ year, month, day, minutes }) => new Date(Date.UTC(year, month, 1 + day, 0, minutes))),
);

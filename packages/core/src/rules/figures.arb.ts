import { fc } from '@fast-check/vitest';
import type { TransactionDay, TransactionRow } from '../models/transaction';
import type { SalesAggregate } from './figures';
import { statusArb } from './transactions.arb';

/** A day's or a range's sums as a till produces them: tax inside the line totals, discounts off the subtotal, tender = sales + tips + fees. */
export const aggregateArb: fc.Arbitrary<SalesAggregate> = fc
  .record({
    tickets: fc.integer({ min: 0, max: 5000 }),
    services: fc.integer({ min: 0, max: 1e8 }),
    products: fc.integer({ min: 0, max: 1e7 }),
    giftcards: fc.integer({ min: 0, max: 1e7 }),
    taxShare: fc.double({ min: 0, max: 0.2, noNaN: true }),
    tipShare: fc.double({ min: 0, max: 1, noNaN: true }),
    discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
    refundShare: fc.double({ min: 0, max: 1, noNaN: true }),
    fees: fc.integer({ min: 0, max: 10_000 }),
    serviceQuantity: fc.integer({ min: 0, max: 10_000 }),
    productQuantity: fc.integer({ min: 0, max: 10_000 }),
  })
  .map(({ taxShare, tipShare, discountShare, refundShare, fees, ...a }) => {
    const sales = a.services + a.products + a.giftcards;
    const tax = Math.floor(sales * taxShare);
    const discounts = Math.floor((sales - tax) * discountShare);
    const tips = Math.floor(sales * tipShare);
    return { ...a, sales, tax, discounts, subtotal: sales - tax + discounts, tips, refunds: Math.floor(sales * refundShare), collected: sales + tips + fees };
  });

const rowArb: fc.Arbitrary<TransactionRow> = fc
  .record({
    id: fc.integer({ min: 1, max: 1e6 }),
    status: statusArb,
    total: fc.integer({ min: 0, max: 100_000 }),
    tipamount: fc.integer({ min: 0, max: 20_000 }),
    refunded: fc.integer({ min: 0, max: 100_000 }),
    cashShare: fc.double({ min: 0, max: 1, noNaN: true }),
    bypass: fc.boolean(),
  })
  .map(({ cashShare, ...r }) => {
    const completed = r.status === 'CHECKOUT';
    const paid = completed ? r.total + r.tipamount : 0;
    const cashamount = Math.floor(paid * cashShare);
    return {
      ...r,
      total: completed ? r.total : 0,
      tipamount: completed ? r.tipamount : 0,
      refunded: completed ? Math.min(r.refunded, paid) : 0,
      phones: [],
      staff: null,
      staff_full_name: null,
      checkin_at: '2026-11-22T17:00:00.000Z',
      checkout_at: completed ? '2026-11-22T18:00:00.000Z' : null,
      lines: completed ? 1 : 0,
      cashamount,
      creditamount: paid - cashamount,
      giftamount: 0,
    };
  });

/** A day's ticket list as `transactions/{day}` answers it (DELETED left out, as the list does). */
export const transactionDayArb: fc.Arbitrary<TransactionDay> = fc.record({
  day: fc.constant('2026-11-22'),
  refunds: fc.integer({ min: 0, max: 1e6 }),
  transactions: fc.array(
    rowArb.filter((r) => r.status !== 'DELETED'),
    { maxLength: 40 },
  ),
});

import { fc } from '@fast-check/vitest';
import { CURRENCY, type Currency } from '../models/business';
import { FINANCE_CATEGORIES, type FinanceCategory } from '../models/shifts';
import { DENOMINATIONS, isDebitCategory } from './shifts';

/** Domain arbitraries for the drawer rules' property tests. */

export const currencyArb: fc.Arbitrary<Currency> = fc.constantFrom(...(Object.values(CURRENCY) as Currency[]));

/** Cents a drawer may hold or move: 0 to 100,000.00. */
export const centsArb = fc.integer({ min: 0, max: 10_000_000 });

export const financeCategoryArb: fc.Arbitrary<FinanceCategory> = fc.constantFrom(...FINANCE_CATEGORIES);

/** A finance as the rules read it (the direction follows the category). */
export const financeArb = fc
  .record({ category: financeCategoryArb, amount: fc.integer({ min: 1, max: 1_000_000 }) })
  .map((f) => ({ ...f, isDebit: isDebitCategory(f.category) }));

/** A count by denomination of a currency: some of its notes and coins, each counted 0–500 times, in any order. */
export const countArb = currencyArb.chain((currency) =>
  fc
    .subarray([...DENOMINATIONS[currency]])
    .chain((ds) => fc.tuple(fc.constant(currency), fc.shuffledSubarray(ds, { minLength: ds.length, maxLength: ds.length }), fc.array(fc.integer({ min: 0, max: 500 }), { minLength: ds.length, maxLength: ds.length }))),
).map(([currency, ds, counts]) => ({ currency, lines: ds.map((d, i) => ({ key: d.key, count: counts[i] as number })), values: ds.map((d) => d.value) }));

/** What happens to a drawer during a shift, in order: finances added, changed and removed. */
export type LedgerStep = { op: 'add'; finance: { category: FinanceCategory; amount: number; isDebit: boolean } } | { op: 'update'; index: number; amount: number; category: FinanceCategory } | { op: 'remove'; index: number };

export const ledgerStepsArb: fc.Arbitrary<LedgerStep[]> = fc.array(
  fc.oneof(
    financeArb.map((finance) => ({ op: 'add' as const, finance })),
    fc.record({ op: fc.constant('update' as const), index: fc.nat(20), amount: fc.integer({ min: 1, max: 1_000_000 }), category: financeCategoryArb }),
    fc.record({ op: fc.constant('remove' as const), index: fc.nat(20) }),
  ),
  { maxLength: 25 },
);

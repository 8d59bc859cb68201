import { fc } from '@fast-check/vitest';
import { type PhoneEntry, TRANSACTION_STATUSES, type TransactionStatus } from './transactions';

export const statusArb: fc.Arbitrary<TransactionStatus> = fc.constantFrom(...TRANSACTION_STATUSES);

const nameArb = fc.option(fc.constantFrom('Ava', 'Noah', ' Mia ', '', 'Élodie', 'O\'Neil'), { nil: null });

export const phoneEntryArb: fc.Arbitrary<PhoneEntry> = fc.record({
  type: fc.constantFrom('TEMP', 'GUEST', 'MOBILE', 'HOME', 'WORK'),
  phone: fc.stringMatching(/^\+?[0-9]{7,12}$/),
  customerprofiles: fc.array(fc.record({ firstname: nameArb, lastname: nameArb, email: fc.option(fc.emailAddress(), { nil: null }) }), { maxLength: 2 }),
});

export const checkoutAmountsArb = fc.record({
  cashamount: fc.integer({ min: 0, max: 100_000 }),
  creditamount: fc.integer({ min: 0, max: 100_000 }),
  giftamount: fc.integer({ min: 0, max: 100_000 }),
});

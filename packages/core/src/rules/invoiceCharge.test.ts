import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { BILLING_MAX_ATTEMPTS, INVOICE_STATUSES, type InvoiceStatus } from '../models/billing';
import { invoiceCan } from './billing';
import { chargeDescription, chargeMethodPhrase, nextChargeAttempt, paymentMethodLabel } from './invoiceCharge';

describe('what a charge of an invoice would do (issue 28)', () => {
  const at = '2026-12-15T08:00:00.000Z';

  it('names a saved method by brand and last four, or by its kind without a brand', () => {
    expect(paymentMethodLabel({ kind: 'card', brand: 'visa', last4: '4242' })).toBe('Visa •••• 4242');
    expect(paymentMethodLabel({ kind: 'card', brand: 'american express', last4: '0005' })).toBe('American Express •••• 0005');
    expect(paymentMethodLabel({ kind: 'card', brand: 'MASTERCARD', last4: '4444' })).toBe('Mastercard •••• 4444');
    expect(paymentMethodLabel({ kind: 'bank_account', brand: null, last4: '6789' })).toBe('Bank account •••• 6789');
    expect(paymentMethodLabel({ kind: 'card', brand: null, last4: '1111' })).toBe('Card •••• 1111');
  });

  it('says whose method the pay dialog charges, never “your”', () => {
    const method = { id: 4, kind: 'card' as const, brand: 'visa', last4: '4242', owner: 'Luxe Los Angeles' };
    expect(chargeDescription('$129.00', { ...method, source: 'default' })).toBe('$129.00 will be charged to Luxe Los Angeles’s default card, Visa •••• 4242.');
    expect(chargeMethodPhrase({ ...method, source: 'invoice' })).toBe('Luxe Los Angeles’s card for this invoice, Visa •••• 4242');
    expect(chargeMethodPhrase({ ...method, kind: 'bank_account', brand: null, last4: '6789', source: 'subscription' })).toBe('Luxe Los Angeles’s bank account for its subscription, Bank account •••• 6789');
    expect(chargeDescription('$129.00', null)).toBe(MESSAGES.noPaymentMethodToCharge);
  });

  test.prop([fc.constantFrom<InvoiceStatus>(...INVOICE_STATUSES), fc.integer({ min: 0, max: 5 }), fc.boolean()])(
    'a next attempt only while the invoice can still be charged and has attempts left: never for a paid one',
    (status, attempts, deleted) => {
      const next = nextChargeAttempt({ status, attempts, deleted, next_attempt_at: at }, BILLING_MAX_ATTEMPTS);
      expect(next).toBe(!deleted && invoiceCan.charge({ status }) && attempts < BILLING_MAX_ATTEMPTS ? at : null);
      if (status === 'paid') expect(next).toBeNull();
    },
  );
});

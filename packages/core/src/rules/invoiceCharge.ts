import { chargedTo, MESSAGES } from '../messages';
import { type ChargeMethod, type Invoice, PAYMENT_METHOD_KIND_LABEL, type PaymentMethodKind } from '../models/billing';
import { invoiceCan } from './billing';

/**
 * What a charge of an invoice would do, as its screens say it (issue 28): the method it would
 * charge, named by brand and last four and by whose it is, and when the scheduler tries again —
 * never for an invoice that is paid or otherwise past charging.
 */

/** A brand as the provider writes it (`visa`, `american express`), each word capitalised as PostgreSQL's `initcap` does (`Visa`, `American Express`). */
const capitalised = (brand: string): string => brand.toLowerCase().replace(/(^|[^a-z0-9])([a-z])/g, (_m, before: string, letter: string) => before + letter.toUpperCase());

/** A saved method named as a person recognises it: `Visa •••• 4242`; without a brand, its kind (`Bank account •••• 6789`). */
export function paymentMethodLabel(method: { kind: PaymentMethodKind; brand: string | null; last4: string }): string {
  return `${method.brand ? capitalised(method.brand) : PAYMENT_METHOD_KIND_LABEL[method.kind]} •••• ${method.last4}`;
}

/**
 * Whose method a charge uses and which, for the sentence of a pay dialog:
 * `Luxe Los Angeles’s default card, Visa •••• 4242`, `Luxe Los Angeles’s card for this invoice, …`,
 * `Luxe Los Angeles’s card for its subscription, …`.
 */
export function chargeMethodPhrase(method: ChargeMethod): string {
  const noun = method.kind === 'bank_account' ? 'bank account' : 'card';
  const which = method.source === 'default' ? `default ${noun}` : method.source === 'invoice' ? `${noun} for this invoice` : `${noun} for its subscription`;
  return `${method.owner}’s ${which}, ${paymentMethodLabel(method)}`;
}

/** The pay dialog's sentence: `$129.00 will be charged to Luxe Los Angeles’s default card, Visa •••• 4242.`, or that there is nothing to charge. */
export const chargeDescription = (amount: string, method: ChargeMethod | null | undefined): string =>
  method ? chargedTo(amount, chargeMethodPhrase(method)) : MESSAGES.noPaymentMethodToCharge;

/** The scheduler's next attempt at an invoice: only while it can still be charged and has attempts left; null for a paid one. */
export function nextChargeAttempt(invoice: Pick<Invoice, 'status' | 'attempts' | 'next_attempt_at' | 'deleted'>, maxAttempts: number): string | null {
  if (invoice.deleted || !invoiceCan.charge(invoice) || invoice.attempts >= maxAttempts) return null;
  return invoice.next_attempt_at;
}

import { MESSAGES } from '@salondesk/core';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import { isProviderError, type PaymentProviderAdapter } from '../payments/provider';

/**
 * How web payments reach a location's payment provider: a resolver from a business to its
 * adapter (wprov's `paymentProviderFor`, from the business's payment account). The server passes
 * it in (`BuildServerOptions.paymentProviders`), so tests choose the simulators they started.
 */
export type PaymentProviderResolver = (db: Database, businessId: number) => Promise<PaymentProviderAdapter>;

/**
 * A provider's refusal as the answer a person reads (never a key or a raw provider body): no
 * account → 409 `noPaymentProvider`; a setting the provider has not (NMI's payout schedule) → 409
 * `payoutScheduleUnsupported`; a refused request → 400 with the provider's safe message; the
 * provider down or refusing our credentials → 502 `providerUnavailable`. Anything else is rethrown.
 */
export function providerFailure(error: unknown): unknown {
  if (!isProviderError(error)) return error;
  switch (error.code) {
    case 'not_configured':
      return new HttpError(409, MESSAGES.noPaymentProvider);
    case 'unsupported':
      return new HttpError(409, MESSAGES.payoutScheduleUnsupported);
    case 'invalid_request':
    case 'not_found':
    case 'card_declined':
      return new HttpError(400, error.message);
    case 'authentication':
    case 'unavailable':
      return new HttpError(502, MESSAGES.providerUnavailable);
  }
}

/** Runs a call to the provider, turning its refusals into answers (`providerFailure`). */
export async function withProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerFailure(error);
  }
}

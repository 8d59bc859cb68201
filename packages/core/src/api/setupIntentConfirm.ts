import { ApiError } from '../errors';
import { MESSAGES } from '../messages';
import type { SetupIntentAnswer } from './billing';

/**
 * Confirming a setup intent from the browser, straight with the payment provider (Stripe's wire:
 * `POST {api_base}/v1/setup_intents/{id}/confirm`, form-encoded, with the publishable key and the
 * intent's `client_secret`), as Stripe.js does: the card or bank details go from the page to the
 * provider and never through Salondesk, which only receives the confirmed intent's id
 * (`payment/create`, or the share link's `add`). In demo and tests `api_base` is the local simulator.
 */

export type PaymentDetails =
  | {
      kind: 'card';
      /** The card number as typed (spaces allowed). */
      number: string;
      exp_month: number;
      /** Two or four digits. */
      exp_year: number;
      cvc?: string;
    }
  | { kind: 'bank_account'; account_number: string; routing_number: string; holder_name: string };

export interface ConfirmedSetup {
  setup_intent_id: string;
  /** The provider's payment method id (`pm_…`). */
  payment_method: string;
}

const form = (fields: Record<string, string | number | undefined>) =>
  Object.entries(fields)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');

/** The form fields of the details, as Stripe names them. */
export function setupIntentFields(setup: Pick<SetupIntentAnswer, 'client_secret'>, details: PaymentDetails): Record<string, string | number | undefined> {
  if (details.kind === 'card') {
    return {
      client_secret: setup.client_secret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': details.number.replace(/\s+/g, ''),
      'payment_method_data[card][exp_month]': details.exp_month,
      'payment_method_data[card][exp_year]': details.exp_year,
      'payment_method_data[card][cvc]': details.cvc,
    };
  }
  return {
    client_secret: setup.client_secret,
    'payment_method_data[type]': 'us_bank_account',
    'payment_method_data[us_bank_account][account_number]': details.account_number.replace(/\s+/g, ''),
    'payment_method_data[us_bank_account][routing_number]': details.routing_number.replace(/\s+/g, ''),
    'payment_method_data[us_bank_account][account_holder_type]': 'individual',
    'payment_method_data[billing_details][name]': details.holder_name,
  };
}

/**
 * Confirms `setup` with the provider. Resolves to the confirmed intent and its payment method;
 * a refusal (a declined card, a wrong number) rejects with an ApiError carrying the provider's
 * own message ("Your card was declined."). Nothing of the details is kept or logged here.
 */
export async function confirmSetupIntent(
  setup: SetupIntentAnswer,
  details: PaymentDetails,
  options: { fetch?: typeof globalThis.fetch } = {},
): Promise<ConfirmedSetup> {
  const $fetch = options.fetch ?? globalThis.fetch;
  const url = `${setup.api_base.replace(/\/+$/, '')}/v1/setup_intents/${encodeURIComponent(setup.setup_intent_id)}/confirm`;
  let response: Response;
  try {
    response = await $fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${setup.publishable_key}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: form(setupIntentFields(setup, details)),
      credentials: 'omit',
    });
  } catch (cause) {
    throw new ApiError({ status: 0, code: 'NETWORK', message: MESSAGES.failedToAdd, cause });
  }
  const body = (await response.json().catch(() => null)) as { id?: unknown; status?: unknown; payment_method?: unknown; error?: { message?: unknown } } | null;
  if (!response.ok || body === null) {
    const message = typeof body?.error?.message === 'string' ? body.error.message : MESSAGES.failedToAdd;
    throw new ApiError({ status: response.status, code: response.status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST', message });
  }
  const method = typeof body.payment_method === 'string' ? body.payment_method : (body.payment_method as { id?: unknown } | null)?.id;
  if (body.status !== 'succeeded' || typeof method !== 'string') {
    throw new ApiError({ status: 200, code: 'INVALID_RESPONSE', message: MESSAGES.failedToAdd });
  }
  return { setup_intent_id: setup.setup_intent_id, payment_method: method };
}

import type { PaymentProvider } from '@salondesk/core';

/**
 * One interface for every payment provider (spec 001 §9: stripe and nmi). Every amount is an
 * integer number of cents whatever the provider's wire says (Stripe: cents already; NMI:
 * dollars × 100, rounded half away from zero); every instant a `Date`; a day `YYYY-MM-DD`.
 *
 * The adapters (`stripe/adapter.ts` on the official `stripe` SDK, `nmi/adapter.ts` on NMI's
 * `transact.php` and `query.php`) run the same code against the real provider and against the
 * local simulators of their wire formats (`simulators/`). Get one with `paymentProviderFor`
 * (`accounts.ts`): per business, from its payment account, with the credentials of the
 * environment or the business's own encrypted key.
 */

export type ProviderName = PaymentProvider;

export interface ChargeInput {
  /** Positive integer cents. */
  amountCents: number;
  /** ISO 4217, lower or upper case (`usd`). */
  currency: string;
  /** A saved payment method (Stripe `pm_…`, NMI customer vault id) ... */
  paymentMethod?: string;
  /** ... or a one-time token (Stripe `tok_…`, NMI Collect.js `payment_token`). One of the two is required. */
  token?: string;
  /** The provider's customer id (Stripe `cus_…`; NMI customer vault id). */
  customer?: string;
  description?: string;
  /** Shown in the provider's dashboard and returned on the balance transaction's source (invoice, ticket ids). */
  metadata?: Record<string, string>;
  /** The same key twice charges once and answers the first charge again. */
  idempotencyKey: string;
}

export const CHARGE_STATUS = { SUCCEEDED: 'succeeded', PENDING: 'pending', FAILED: 'failed' } as const;
export type ProviderChargeStatus = (typeof CHARGE_STATUS)[keyof typeof CHARGE_STATUS];

export interface ChargeResult {
  /** The provider's id of the money movement: Stripe charge `ch_…`, NMI `transactionid`. */
  id: string;
  provider: ProviderName;
  status: ProviderChargeStatus;
  amountCents: number;
  currency: string;
  created: Date;
  /** The receipt's address when the provider gives one (Stripe `receipt_url`), else null. */
  receiptUrl: string | null;
  authCode: string | null;
  /** The provider's words when declined. */
  failureMessage: string | null;
  /** Card brand and last 4 when the provider says them (never the number). */
  card: { brand: string; last4: string } | null;
}

export interface RefundInput {
  chargeId: string;
  /** Positive integer cents, at most what is left to refund. */
  amountCents: number;
  idempotencyKey: string;
}

export interface RefundResult {
  /** Stripe `re_…`; NMI the refund's `transactionid`. */
  id: string;
  chargeId: string;
  amountCents: number;
  status: ProviderChargeStatus;
  created: Date;
}

/** What a line of a provider's balance (what a payout pays) is. */
export const BALANCE_TRANSACTION_TYPES = ['charge', 'refund', 'adjustment', 'dispute', 'payout', 'fee'] as const;
export type BalanceTransactionType = (typeof BALANCE_TRANSACTION_TYPES)[number];

export interface BalanceTransaction {
  /** Stripe `txn_…`; NMI the action's own id (`<transaction_id>:<action index>`). */
  id: string;
  type: BalanceTransactionType;
  /** Signed gross cents: a charge positive, a refund, dispute or payout negative. */
  amountCents: number;
  /** The provider's fee on this line, cents, ≥ 0 (a refunded fee is a negative `fee` line or a negative fee). */
  feeCents: number;
  /** `amountCents − feeCents`: what this line adds to the balance. */
  netCents: number;
  currency: string;
  created: Date;
  /** The charge, refund, dispute or payout it comes from (`ch_…`, `re_…`, NMI transaction id), if any. */
  sourceId: string | null;
  /** The charge a refund or dispute is about, when known. */
  chargeId: string | null;
  /**
   * The payout that paid it when listed by `payoutId` (NMI: also when listed by date, once
   * settled); null otherwise — Stripe's balance transactions do not name their payout.
   */
  payoutId: string | null;
  description: string | null;
  /** The source's metadata (invoice and ticket ids of `ChargeInput.metadata`). */
  metadata: Record<string, string>;
}

export interface ListBalanceTransactionsInput {
  /**
   * Only the lines an automatic payout paid, the payout's own `payout` line included (its amount
   * is minus the payout's). A manual Stripe payout cannot be listed so (`invalid_request`): list
   * by `created` between it and the previous payout instead.
   */
  payoutId?: string;
  /** Inclusive bounds on `created`. */
  createdFrom?: Date;
  createdTo?: Date;
}

export const PAYOUT_STATUS = ['pending', 'in_transit', 'paid', 'failed', 'canceled'] as const;
export type ProviderPayoutStatus = (typeof PAYOUT_STATUS)[number];

export interface ProviderPayout {
  /** Stripe `po_…`; NMI the settlement batch id. */
  id: string;
  provider: ProviderName;
  /** Net cents sent to the bank. */
  amountCents: number;
  currency: string;
  created: Date;
  /** The day it reaches the bank, `YYYY-MM-DD` (the provider's, UTC-based). */
  arrivalDate: string;
  status: ProviderPayoutStatus;
  /** False for a manual payout (Stripe cannot list what a manual payout paid; its lines are found by date). */
  automatic: boolean;
  description: string | null;
}

export interface ListPayoutsInput {
  /** Inclusive bounds on `created`. */
  from: Date;
  to: Date;
}

/** Stripe's payout schedule, as the proxy's `{schedule: {…}}` carries it (spec 001 §7). */
export const PAYOUT_INTERVALS = ['daily', 'weekly', 'monthly', 'manual'] as const;
export type PayoutInterval = (typeof PAYOUT_INTERVALS)[number];
export const WEEKLY_ANCHORS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type WeeklyAnchor = (typeof WEEKLY_ANCHORS)[number];

export interface ProviderPayoutSchedule {
  delay_days: number;
  interval: PayoutInterval;
  /** Only with `weekly`. */
  weekly_anchor?: WeeklyAnchor;
  /** 1–31, only with `monthly`. */
  monthly_anchor?: number;
}

/** A webhook event in one shape whatever the provider. */
export interface ProviderEvent {
  /** The provider's event id (Stripe `evt_…`; NMI `event_id`): the idempotency key of the log. */
  id: string;
  provider: ProviderName;
  /**
   * Normalised type: Stripe's own (`payout.paid`, `charge.succeeded`, `charge.refunded`,
   * `charge.dispute.created`, …); NMI's mapped to the same names where they mean the same
   * (`transaction.sale.success` → `charge.succeeded`, `transaction.refund.success` →
   * `charge.refunded`, `settlement.batch.complete` → `payout.paid`), else NMI's own name.
   */
  type: string;
  /** The provider's type before mapping. */
  providerType: string;
  created: Date;
  /** The connected account (Stripe `account`) or the NMI merchant id the event is about, if any. */
  account: string | null;
  /** The event's object as the provider sent it (Stripe `data.object`, NMI `event_body`). */
  data: Record<string, unknown>;
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

/** A saved payment method as the provider describes it (never the number: brand and last 4). */
export interface ProviderPaymentMethod {
  /** Stripe `pm_…`. */
  id: string;
  kind: 'card' | 'bank_account';
  brand: string | null;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
  /** The customer it is attached to, if any. */
  customer: string | null;
}

/** A setup intent: the browser confirms it with the provider (the card goes there, not here). */
export interface ProviderSetupIntent {
  /** Stripe `seti_…`. */
  id: string;
  /** For the browser's confirmation only; never logged. */
  clientSecret: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'canceled' | 'succeeded';
  customer: string | null;
  /** Set once confirmed. */
  paymentMethod: string | null;
}

export interface PaymentProviderAdapter {
  readonly name: ProviderName;
  /** The account this adapter acts for (Stripe connected account, NMI merchant), null for the platform's own. */
  readonly account: string | null;
  charge(input: ChargeInput): Promise<ChargeResult>;
  refund(input: RefundInput): Promise<RefundResult>;
  /** Every matching line, page by page as the provider pages them, oldest first within a page as the provider sends. */
  listBalanceTransactions(input: ListBalanceTransactionsInput): AsyncIterable<BalanceTransaction>;
  listPayouts(input: ListPayoutsInput): AsyncIterable<ProviderPayout>;
  /** Throws `ProviderError` with code `not_found` for an unknown id. */
  getPayout(id: string): Promise<ProviderPayout>;
  /** Throws `ProviderError` `unsupported` where the provider has no such setting (NMI). */
  getPayoutSchedule(): Promise<ProviderPayoutSchedule>;
  updatePayoutSchedule(schedule: ProviderPayoutSchedule): Promise<ProviderPayoutSchedule>;
  /** The raw body exactly as received. Throws `WebhookSignatureError` when the signature does not match. */
  verifyWebhook(rawBody: Buffer | string, headers: WebhookHeaders): ProviderEvent;

  // Billing (issue 16): customers and their saved methods. NMI throws `unsupported`.
  /** A customer to save methods on (Stripe `POST /v1/customers`). */
  createCustomer(input: { email?: string; name?: string; metadata?: Record<string, string>; idempotencyKey: string }): Promise<{ id: string }>;
  /** A setup intent for `customer`, off-session use (Stripe `POST /v1/setup_intents`). */
  createSetupIntent(input: { customer: string; kind: 'card' | 'bank_account'; metadata?: Record<string, string>; idempotencyKey: string }): Promise<ProviderSetupIntent>;
  /** Throws `not_found` for an unknown id. */
  getSetupIntent(id: string): Promise<ProviderSetupIntent>;
  getPaymentMethod(id: string): Promise<ProviderPaymentMethod>;
  attachPaymentMethod(id: string, customer: string): Promise<ProviderPaymentMethod>;
  detachPaymentMethod(id: string): Promise<void>;
  /** A card's new expiry (Stripe `POST /v1/payment_methods/{id}` with `card[exp_month]`, `card[exp_year]`). */
  updateCardExpiry(id: string, expMonth: number, expYear: number): Promise<ProviderPaymentMethod>;
  /** A bank-account link session for the browser (Stripe Financial Connections `POST /v1/financial_connections/sessions`): its client secret. */
  createBankLinkToken(input: { customer: string; idempotencyKey: string }): Promise<{ token: string; expiresAt: Date }>;
}

export const PROVIDER_ERROR_CODES = ['card_declined', 'not_found', 'invalid_request', 'authentication', 'unsupported', 'not_configured', 'unavailable'] as const;
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number];

/** A provider refused or could not be reached; `message` is safe to show (never a key). */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly provider: ProviderName,
    readonly code: ProviderErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const isProviderError = (error: unknown): error is ProviderError => error instanceof ProviderError;

/** A webhook whose signature is missing, wrong or too old. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
  constructor(
    readonly provider: ProviderName,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A business's account with a provider (`payment_accounts`): the provider, its account id
 * there, and optionally the business's own credentials, encrypted with `encryptSecret`.
 */
export interface PaymentAccount {
  businessId: number | null;
  provider: ProviderName;
  /** Stripe connected account `acct_…` (null: the platform's own), NMI merchant id. */
  accountId: string | null;
  /** `encryptSecret` blob of the business's own secret key (Stripe) or security key (NMI); null: the environment's. */
  credential: string | null;
  /** `encryptSecret` blob of the business's own webhook signing secret; null: the environment's. */
  webhookSecret: string | null;
}

/** A provider's decimal money string to integer cents: core's one rule (× 100, half away from zero; spec 001 §9). */
export { decimalToCents } from '@salondesk/core';

/** Cents as the decimal string NMI's `amount` takes (`1234` → `"12.34"`). */
export function centsToDecimal(cents: number): string {
  if (!Number.isInteger(cents)) throw new TypeError(`Not whole cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Every item of an adapter's listing (balance transactions, payouts), in the provider's order. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

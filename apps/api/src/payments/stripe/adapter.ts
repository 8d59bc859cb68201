import Stripe from 'stripe';
import {
  type BalanceTransaction,
  type BalanceTransactionType,
  type ChargeResult,
  type PaymentProviderAdapter,
  ProviderError,
  type ProviderErrorCode,
  type ProviderEvent,
  type ProviderPayout,
  type ProviderPayoutSchedule,
  type ProviderPayoutStatus,
  type ProviderPaymentMethod,
  type ProviderSetupIntent,
  type WebhookHeaders,
  WebhookSignatureError,
} from '../provider';

/**
 * Stripe through its official SDK. `api` points the SDK at the local simulator (host, port,
 * protocol) when `STRIPE_SECRET_KEY` is unset; otherwise at api.stripe.com. A business's
 * connected account (`acct_…`) goes on every request as `stripeAccount`.
 */
export interface StripeAdapterOptions {
  secretKey: string;
  webhookSecret: string;
  /** The connected account to act for; null for the key's own account. */
  account: string | null;
  /** The simulator's address; undefined for Stripe itself. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

const BALANCE_TYPES: Record<string, BalanceTransactionType> = {
  charge: 'charge',
  payment: 'charge',
  refund: 'refund',
  payment_refund: 'refund',
  payment_failure_refund: 'refund',
  adjustment: 'adjustment',
  issuing_dispute: 'dispute',
  payout: 'payout',
  payout_cancel: 'payout',
  payout_failure: 'payout',
  stripe_fee: 'fee',
  stripe_fx_fee: 'fee',
  tax_fee: 'fee',
  application_fee: 'fee',
};

/** Stripe's balance transaction types, and its reporting category for disputes (`adjustment` with category `dispute`). */
function balanceType(txn: Stripe.BalanceTransaction): BalanceTransactionType {
  if (txn.reporting_category === 'dispute' || txn.reporting_category === 'dispute_reversal') return 'dispute';
  return BALANCE_TYPES[txn.type] ?? 'adjustment';
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

function sourceDetails(source: Stripe.BalanceTransaction['source']): { chargeId: string | null; metadata: Record<string, string> } {
  if (source == null || typeof source === 'string') return { chargeId: null, metadata: {} };
  const object = source as unknown as { object: string; id: string; charge?: string | { id: string } | null; metadata?: Record<string, string> | null };
  if (object.object === 'charge') return { chargeId: object.id, metadata: object.metadata ?? {} };
  return { chargeId: idOf(object.charge), metadata: object.metadata ?? {} };
}

function payoutOf(payout: Stripe.Payout): ProviderPayout {
  return {
    id: payout.id,
    provider: 'stripe',
    amountCents: payout.amount,
    currency: payout.currency,
    created: new Date(payout.created * 1000),
    arrivalDate: new Date(payout.arrival_date * 1000).toISOString().slice(0, 10),
    status: payout.status as ProviderPayoutStatus,
    automatic: payout.automatic,
    description: payout.description,
  };
}

function scheduleOf(schedule: Stripe.Account.Settings.Payouts.Schedule): ProviderPayoutSchedule {
  return {
    delay_days: schedule.delay_days,
    interval: schedule.interval as ProviderPayoutSchedule['interval'],
    ...(schedule.interval === 'weekly' && schedule.weekly_anchor ? { weekly_anchor: schedule.weekly_anchor as ProviderPayoutSchedule['weekly_anchor'] } : {}),
    ...(schedule.interval === 'monthly' && schedule.monthly_anchor ? { monthly_anchor: schedule.monthly_anchor } : {}),
  };
}

const ERROR_CODES: Record<string, ProviderErrorCode> = {
  StripeCardError: 'card_declined',
  StripeInvalidRequestError: 'invalid_request',
  StripeAuthenticationError: 'authentication',
  StripePermissionError: 'authentication',
  StripeConnectionError: 'unavailable',
  StripeAPIError: 'unavailable',
  StripeRateLimitError: 'unavailable',
  StripeIdempotencyError: 'invalid_request',
};

/** A Stripe SDK error as a `ProviderError` (its message is Stripe's, which names no key). */
function providerError(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) {
    const code: ProviderErrorCode = error.statusCode === 404 || error.code === 'resource_missing' ? 'not_found' : (ERROR_CODES[error.type] ?? 'invalid_request');
    throw new ProviderError('stripe', code, error.message, { cause: error });
  }
  throw error;
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    providerError(error);
  }
}

/** Yields a Stripe list's items, turning its errors into `ProviderError`s. */
async function* listing<T, U>(list: AsyncIterable<T>, map: (item: T) => U): AsyncGenerator<U> {
  try {
    for await (const item of list) yield map(item);
  } catch (error) {
    providerError(error);
  }
}

function chargeResult(charge: Stripe.Charge): ChargeResult {
  const card = charge.payment_method_details?.card;
  return {
    id: charge.id,
    provider: 'stripe',
    status: charge.status === 'succeeded' ? 'succeeded' : charge.status === 'pending' ? 'pending' : 'failed',
    amountCents: charge.amount,
    currency: charge.currency,
    created: new Date(charge.created * 1000),
    receiptUrl: charge.receipt_url ?? null,
    authCode: null,
    failureMessage: charge.failure_message ?? null,
    card: card?.last4 ? { brand: card.brand ?? 'unknown', last4: card.last4 } : null,
  };
}

const header = (headers: WebhookHeaders, name: string): string | undefined => {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function createStripeAdapter(options: StripeAdapterOptions): PaymentProviderAdapter {
  const stripe = new Stripe(options.secretKey, {
    ...(options.api ? { host: options.api.host, port: options.api.port, protocol: options.api.protocol } : {}),
    maxNetworkRetries: 1,
    telemetry: false,
    appInfo: { name: 'Salondesk' },
  });
  const account = options.account;
  const on = account ? { stripeAccount: account } : {};

  return {
    name: 'stripe',
    account,

    async charge(input) {
      if (!input.paymentMethod && !input.token) throw new ProviderError('stripe', 'invalid_request', 'A payment method or a token is required');
      try {
        // A one-time token (`tok_…`) becomes a PaymentMethod first, as Stripe's PaymentIntents take.
        const paymentMethod = input.paymentMethod ?? (await stripe.paymentMethods.create({ type: 'card', card: { token: input.token! } }, on)).id;
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            confirm: true,
            payment_method: paymentMethod,
            // Server-side confirmation with no customer present: never a redirecting method.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            ...(input.customer ? { customer: input.customer } : {}),
            ...(input.description ? { description: input.description } : {}),
            ...(input.metadata ? { metadata: input.metadata } : {}),
            expand: ['latest_charge'],
          },
          { ...on, idempotencyKey: input.idempotencyKey },
        );
        const charge = intent.latest_charge;
        if (!charge || typeof charge === 'string') throw new ProviderError('stripe', 'unavailable', 'Stripe answered without the charge');
        return chargeResult(charge);
      } catch (error) {
        // A declined card: Stripe answers 402 with the failed charge on the error.
        if (error instanceof Stripe.errors.StripeCardError && error.charge) {
          const charge = await call(() => stripe.charges.retrieve(error.charge!, {}, on));
          return chargeResult(charge);
        }
        if (error instanceof ProviderError) throw error;
        providerError(error);
      }
    },

    async refund(input) {
      const refund = await call(() => stripe.refunds.create({ charge: input.chargeId, amount: input.amountCents }, { ...on, idempotencyKey: input.idempotencyKey }));
      return {
        id: refund.id,
        chargeId: idOf(refund.charge) ?? input.chargeId,
        amountCents: refund.amount,
        status: refund.status === 'succeeded' ? 'succeeded' : refund.status === 'pending' ? 'pending' : 'failed',
        created: new Date(refund.created * 1000),
      };
    },

    listBalanceTransactions(input) {
      const created = input.createdFrom || input.createdTo ? { ...(input.createdFrom ? { gte: toSeconds(input.createdFrom) } : {}), ...(input.createdTo ? { lte: toSeconds(input.createdTo) } : {}) } : undefined;
      const list = stripe.balanceTransactions.list({ limit: 100, expand: ['data.source'], ...(input.payoutId ? { payout: input.payoutId } : {}), ...(created ? { created } : {}) }, on);
      return listing(list, (txn): BalanceTransaction => {
        const { chargeId, metadata } = sourceDetails(txn.source);
        const type = balanceType(txn);
        return {
          id: txn.id,
          type,
          amountCents: txn.amount,
          feeCents: txn.fee,
          netCents: txn.net,
          currency: txn.currency,
          created: new Date(txn.created * 1000),
          sourceId: idOf(txn.source as string | { id: string } | null),
          chargeId: type === 'charge' ? idOf(txn.source as string | { id: string } | null) : chargeId,
          payoutId: input.payoutId ?? null,
          description: txn.description,
          metadata,
        };
      });
    },

    listPayouts(input) {
      return listing(stripe.payouts.list({ limit: 100, created: { gte: toSeconds(input.from), lte: toSeconds(input.to) } }, on), payoutOf);
    },

    async getPayout(id) {
      return payoutOf(await call(() => stripe.payouts.retrieve(id, {}, on)));
    },

    async getPayoutSchedule() {
      const found = await call(() => (account ? stripe.accounts.retrieve(account) : stripe.accounts.retrieveCurrent()));
      const schedule = found.settings?.payouts?.schedule;
      if (!schedule) throw new ProviderError('stripe', 'unavailable', 'Stripe answered without a payout schedule');
      return scheduleOf(schedule);
    },

    async updatePayoutSchedule(schedule) {
      const id = account ?? (await call(() => stripe.accounts.retrieveCurrent())).id;
      const updated = await call(() =>
        stripe.accounts.update(id, {
          settings: {
            payouts: {
              schedule: {
                interval: schedule.interval,
                ...(schedule.interval === 'manual' ? {} : { delay_days: schedule.delay_days }),
                ...(schedule.interval === 'weekly' ? { weekly_anchor: schedule.weekly_anchor } : {}),
                ...(schedule.interval === 'monthly' ? { monthly_anchor: schedule.monthly_anchor } : {}),
              },
            },
          },
        }),
      );
      const result = updated.settings?.payouts?.schedule;
      if (!result) throw new ProviderError('stripe', 'unavailable', 'Stripe answered without a payout schedule');
      return scheduleOf(result);
    },

    verifyWebhook(rawBody, headers) {
      return verifyStripeWebhook(rawBody, headers, options.webhookSecret);
    },

    async createCustomer(input) {
      const customer = await call(() =>
        stripe.customers.create(
          { ...(input.email ? { email: input.email } : {}), ...(input.name ? { name: input.name } : {}), ...(input.metadata ? { metadata: input.metadata } : {}) },
          { ...on, idempotencyKey: input.idempotencyKey },
        ),
      );
      return { id: customer.id };
    },

    async createSetupIntent(input) {
      const intent = await call(() =>
        stripe.setupIntents.create(
          {
            customer: input.customer,
            usage: 'off_session',
            allowed_payment_method_types: [input.kind === 'bank_account' ? 'us_bank_account' : 'card'],
            ...(input.metadata ? { metadata: input.metadata } : {}),
          },
          { ...on, idempotencyKey: input.idempotencyKey },
        ),
      );
      return setupIntentOf(intent);
    },

    async getSetupIntent(id) {
      return setupIntentOf(await call(() => stripe.setupIntents.retrieve(id, {}, on)));
    },

    async getPaymentMethod(id) {
      return paymentMethodOf(await call(() => stripe.paymentMethods.retrieve(id, {}, on)));
    },

    async attachPaymentMethod(id, customer) {
      return paymentMethodOf(await call(() => stripe.paymentMethods.attach(id, { customer }, on)));
    },

    async detachPaymentMethod(id) {
      await call(() => stripe.paymentMethods.detach(id, {}, on));
    },

    async updateCardExpiry(id, expMonth, expYear) {
      return paymentMethodOf(await call(() => stripe.paymentMethods.update(id, { card: { exp_month: expMonth, exp_year: expYear } }, on)));
    },

    async createBankLinkToken(input) {
      const session = await call(() =>
        stripe.financialConnections.sessions.create(
          { account_holder: { type: 'customer', customer: input.customer }, permissions: ['payment_method', 'balances'] },
          { ...on, idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.client_secret) throw new ProviderError('stripe', 'unavailable', 'Stripe answered without the session\'s client secret');
      // Stripe's sessions live 30 minutes unless used.
      return { token: session.client_secret, expiresAt: new Date(Date.now() + 30 * 60_000) };
    },
  };
}

function setupIntentOf(intent: Stripe.SetupIntent): ProviderSetupIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as ProviderSetupIntent['status'],
    customer: idOf(intent.customer as string | { id: string } | null),
    paymentMethod: idOf(intent.payment_method as string | { id: string } | null),
  };
}

function paymentMethodOf(method: Stripe.PaymentMethod): ProviderPaymentMethod {
  if (method.type === 'us_bank_account' && method.us_bank_account) {
    return { id: method.id, kind: 'bank_account', brand: method.us_bank_account.bank_name ?? null, last4: method.us_bank_account.last4 ?? '0000', expMonth: null, expYear: null, customer: idOf(method.customer as string | { id: string } | null) };
  }
  const card = method.card;
  return {
    id: method.id,
    kind: 'card',
    brand: card?.brand ?? null,
    last4: card?.last4 ?? '0000',
    expMonth: card?.exp_month ?? null,
    expYear: card?.exp_year ?? null,
    customer: idOf(method.customer as string | { id: string } | null),
  };
}

/** Stripe's signing scheme, through the SDK's `webhooks.constructEvent` (timestamp tolerance 5 minutes). */
export function verifyStripeWebhook(rawBody: Buffer | string, headers: WebhookHeaders, secret: string): ProviderEvent {
  const signature = header(headers, 'stripe-signature');
  if (!signature) throw new WebhookSignatureError('stripe', 'No Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    throw new WebhookSignatureError('stripe', error instanceof Error ? error.message : 'The signature does not match');
  }
  return stripeEvent(event);
}

/** A verified Stripe event in the provider-neutral shape. */
export function stripeEvent(event: Stripe.Event): ProviderEvent {
  return {
    id: event.id,
    provider: 'stripe',
    type: event.type,
    providerType: event.type,
    created: new Date(event.created * 1000),
    account: event.account ?? null,
    data: event.data.object as unknown as Record<string, unknown>,
  };
}

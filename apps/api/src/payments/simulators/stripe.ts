import type pg from 'pg';
import qs from 'qs';
import Stripe from 'stripe';
import { inTransaction, type RunningSimulator, serveSimulator, type SimRequest, type SimResponse, simId } from './server';

/**
 * A local simulator of Stripe's HTTP API — the part Salondesk's adapter uses — so the official SDK
 * runs unchanged against it (its `host`/`port`/`protocol` options): PaymentIntents (confirmed at
 * once; test payment methods `pm_card_visa`, `pm_card_mastercard`, tokens `tok_visa`, … and any
 * containing `chargeDeclined` decline), charges, refunds, balance transactions (newest first,
 * `starting_after` paging, `payout` and `created` filters, `expand[]=data.source`), payouts
 * (automatic and manual), the account's payout schedule, idempotency keys and Connect's
 * `Stripe-Account` header. Its state is PostgreSQL schema `provider_sim` (drizzle/…_provider_sim.sql).
 *
 * Besides Stripe's paths, `POST /_sim/payouts` (account, at) pays out what is available on an
 * account as an automatic payout, as Stripe does on the account's schedule, and sends
 * `payout.paid` to the webhook endpoint, signed as Stripe signs.
 *
 * Fees are Stripe's US card pricing: 2.9 % + 30¢ of each charge, nothing back on a refund.
 */

export const STRIPE_SIM_PLATFORM_ACCOUNT = 'acct_simplatform';

export interface StripeSimulatorOptions {
  pool: pg.Pool;
  /** Where `payout.paid` and `charge.*` events go (the server's `/webhooks/stripe`), read at each event. */
  webhookUrl?: () => string | undefined;
  /** The endpoint's signing secret (`whsec_…`). */
  webhookSecret?: string;
  /** The clock (tests). */
  now?: () => Date;
}

export interface StripeSimulator extends RunningSimulator {
  /** Pays out what is available on `account` at `at` as an automatic payout; sends `payout.paid`. Undefined when nothing is available. */
  runPayout(account: string, at?: Date): Promise<string | undefined>;
  /**
   * The POSTs it received with an `Idempotency-Key`, oldest first (the last 10,000), replays
   * included: what a test reads to see how many requests reached it per key.
   */
  keyedRequests(): readonly KeyedRequest[];
}

/** A POST the simulator received with an idempotency key. */
export interface KeyedRequest {
  path: string;
  idempotencyKey: string;
  account: string;
}

const KEYED_REQUESTS_KEPT = 10_000;

type Row = Record<string, unknown>;
type Params = Record<string, unknown>;

class StripeSimError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: Params = {},
  ) {
    super(message);
  }
}

const json = (status: number, body: unknown): SimResponse => ({ status, type: 'application/json', body: JSON.stringify(body) });
const seconds = (value: unknown) => Math.floor(new Date(value as string).getTime() / 1000);
const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

function int(params: Params, name: string, options: { required?: boolean; min?: number } = {}): number | undefined {
  const raw = params[name];
  if (raw === undefined || raw === '') {
    if (options.required) throw new StripeSimError(400, 'invalid_request_error', `Missing required param: ${name}.`, { param: name });
    return undefined;
  }
  const n = Number(raw);
  if (!Number.isInteger(n) || (options.min !== undefined && n < options.min)) throw new StripeSimError(400, 'invalid_request_error', `Invalid integer: ${String(raw)}`, { param: name });
  return n;
}

const stripeFee = (amount: number) => Math.round(amount * 0.029) + 30;

const CARDS: Record<string, { brand: string; last4: string }> = {
  visa: { brand: 'visa', last4: '4242' },
  mastercard: { brand: 'mastercard', last4: '4444' },
  amex: { brand: 'amex', last4: '8431' },
  discover: { brand: 'discover', last4: '1117' },
};

function cardOf(method: string): { brand: string; last4: string; declined: boolean } {
  const declined = /chargedeclined/i.test(method);
  const brand = Object.keys(CARDS).find((b) => method.toLowerCase().includes(b)) ?? 'visa';
  return { ...CARDS[brand]!, declined };
}

const DAY_MS = 86_400_000;

/** The Luhn check every card number passes. */
function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export async function startStripeSimulator(options: StripeSimulatorOptions): Promise<StripeSimulator> {
  const { pool } = options;
  const now = options.now ?? (() => new Date());
  let baseUrl = '';

  const one = async (text: string, values: unknown[] = []): Promise<Row | undefined> => (await pool.query(text, values)).rows[0] as Row | undefined;
  const many = async (text: string, values: unknown[] = []): Promise<Row[]> => (await pool.query(text, values)).rows as Row[];

  async function ensureAccount(id: string): Promise<Row> {
    await pool.query('insert into provider_sim.stripe_accounts (id) values ($1) on conflict do nothing', [id]);
    return (await one('select * from provider_sim.stripe_accounts where id = $1', [id]))!;
  }

  const accountObject = (row: Row) => ({
    id: row.id,
    object: 'account',
    default_currency: row.default_currency,
    created: seconds(row.created),
    settings: { payouts: { schedule: row.payout_schedule, statement_descriptor: null, debit_negative_balances: true } },
  });

  const chargeObject = (row: Row) => ({
    id: row.id,
    object: 'charge',
    amount: row.amount,
    amount_captured: row.status === 'succeeded' ? row.amount : 0,
    amount_refunded: row.amount_refunded,
    balance_transaction: row.balance_transaction ?? null,
    captured: row.status === 'succeeded',
    created: seconds(row.created),
    currency: row.currency,
    customer: row.customer ?? null,
    description: row.description ?? null,
    failure_code: row.status === 'failed' ? 'card_declined' : null,
    failure_message: row.failure_message ?? null,
    livemode: false,
    metadata: row.metadata,
    paid: row.status === 'succeeded',
    payment_intent: row.payment_intent,
    payment_method: row.payment_method ?? null,
    payment_method_details: { type: 'card', card: { brand: row.card_brand, last4: row.card_last4 } },
    receipt_url: row.status === 'succeeded' ? `${baseUrl}/receipts/${encodeURIComponent(String(row.account))}/${row.id}` : null,
    refunded: Number(row.amount_refunded) >= Number(row.amount),
    status: row.status,
  });

  const refundObject = (row: Row) => ({
    id: row.id,
    object: 'refund',
    amount: row.amount,
    balance_transaction: row.balance_transaction ?? null,
    charge: row.charge,
    created: seconds(row.created),
    currency: row.currency ?? 'usd',
    metadata: {},
    status: row.status,
  });

  const payoutObject = (row: Row) => ({
    id: row.id,
    object: 'payout',
    amount: row.amount,
    arrival_date: seconds(`${String(row.arrival_date instanceof Date ? (row.arrival_date as Date).toISOString().slice(0, 10) : row.arrival_date)}T00:00:00Z`),
    automatic: row.automatic,
    balance_transaction: row.balance_transaction ?? null,
    created: seconds(row.created),
    currency: row.currency,
    description: row.description ?? null,
    livemode: false,
    metadata: {},
    method: 'standard',
    status: row.status,
    type: 'bank_account',
  });

  const CATEGORY: Record<string, string> = { charge: 'charge', refund: 'refund', payout: 'payout', adjustment: 'adjustment', dispute: 'dispute', stripe_fee: 'fee' };

  async function balanceTransactionObject(row: Row, expandSource: boolean) {
    let source: unknown = row.source ?? null;
    if (expandSource && typeof row.source === 'string') {
      const id = row.source;
      if (id.startsWith('ch_')) {
        const charge = await one('select * from provider_sim.stripe_charges where id = $1', [id]);
        if (charge) source = chargeObject(charge);
      } else if (id.startsWith('re_')) {
        const refund = await one('select r.*, c.currency from provider_sim.stripe_refunds r join provider_sim.stripe_charges c on c.id = r.charge where r.id = $1', [id]);
        if (refund) source = refundObject(refund);
      } else if (id.startsWith('du_')) {
        source = { id, object: 'dispute', charge: row.description?.toString().match(/ch_\w+/)?.[0] ?? null, metadata: {} };
      } else if (id.startsWith('po_')) {
        const payout = await one('select * from provider_sim.stripe_payouts where id = $1', [id]);
        if (payout) source = payoutObject(payout);
      }
    }
    const type = String(row.type);
    return {
      id: row.id,
      object: 'balance_transaction',
      amount: row.amount,
      available_on: seconds(row.available_on),
      created: seconds(row.created),
      currency: row.currency,
      description: row.description ?? null,
      exchange_rate: null,
      fee: row.fee,
      fee_details: Number(row.fee) !== 0 ? [{ amount: row.fee, application: null, currency: row.currency, description: 'Stripe processing fees', type: 'stripe_fee' }] : [],
      net: row.net,
      reporting_category: CATEGORY[type] ?? 'other_adjustment',
      source,
      status: new Date(row.available_on as string).getTime() <= now().getTime() ? 'available' : 'pending',
      // Stripe shows a dispute as an `adjustment` whose reporting category is `dispute`.
      type: type === 'dispute' ? 'adjustment' : type,
    };
  }

  /** A page of rows, newest first, after `starting_after`, as Stripe's list object. */
  async function page(table: string, account: string, params: Params, where: string[], values: unknown[], render: (row: Row) => Promise<unknown> | unknown, url: string) {
    const limit = Math.min(100, Math.max(1, int(params, 'limit') ?? 10));
    const conditions = ['account = $1', ...where];
    const args: unknown[] = [account, ...values];
    const created = params.created;
    if (created && typeof created === 'object') {
      const range = created as Params;
      for (const [op, sqlOp] of [['gt', '>'], ['gte', '>='], ['lt', '<'], ['lte', '<=']] as const) {
        const value = int(range, op);
        if (value !== undefined) {
          args.push(new Date(value * 1000));
          conditions.push(`created ${sqlOp} $${args.length}`);
        }
      }
    } else if (created !== undefined) {
      args.push(new Date((int(params, 'created', { required: true }) ?? 0) * 1000));
      conditions.push(`created = $${args.length}`);
    }
    const after = str(params.starting_after);
    if (after) {
      const cursor = await one(`select created, id from provider_sim.${table} where id = $1 and account = $2`, [after, account]);
      if (!cursor) throw new StripeSimError(400, 'invalid_request_error', `No such object: '${after}'`, { param: 'starting_after' });
      args.push(cursor.created, cursor.id);
      conditions.push(`(created, id) < ($${args.length - 1}, $${args.length})`);
    }
    const rows = await many(`select * from provider_sim.${table} where ${conditions.join(' and ')} order by created desc, id desc limit ${limit + 1}`, args);
    const data = [];
    for (const row of rows.slice(0, limit)) data.push(await render(row));
    return { object: 'list', data, has_more: rows.length > limit, url };
  }

  async function sendEvent(account: string, type: string, object: unknown): Promise<void> {
    const url = options.webhookUrl?.();
    if (!url || !options.webhookSecret) return;
    const event = {
      id: simId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(now().getTime() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      ...(account !== STRIPE_SIM_PLATFORM_ACCOUNT ? { account } : {}),
      data: { object },
    };
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    try {
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
    } catch {
      // Like Stripe, a delivery that fails is not the sender's failure (Stripe would retry later).
    }
  }

  async function createPaymentIntent(account: string, params: Params): Promise<SimResponse> {
    const amount = int(params, 'amount', { required: true, min: 1 })!;
    const currency = str(params.currency);
    if (!currency) throw new StripeSimError(400, 'invalid_request_error', 'Missing required param: currency.', { param: 'currency' });
    const method = str(params.payment_method);
    if (!method) throw new StripeSimError(400, 'invalid_request_error', 'You must provide a payment method to confirm this PaymentIntent.', { param: 'payment_method' });
    const stored = await one('select * from provider_sim.stripe_payment_methods where id = $1', [method]);
    const card = stored ? { brand: String(stored.card_brand), last4: String(stored.card_last4), declined: Boolean(stored.declines) } : cardOf(method);
    const chargeId = simId('ch');
    const intentId = simId('pi');
    const at = now();
    const metadata = (params.metadata as Params | undefined) ?? {};
    await inTransaction(pool, async (client) => {
      let txn: string | null = null;
      if (!card.declined) {
        txn = simId('txn');
        const fee = stripeFee(amount);
        await client.query(
          `insert into provider_sim.stripe_balance_transactions (id, account, type, amount, fee, net, currency, source, description, created, available_on)
           values ($1, $2, 'charge', $3::int, $4::int, $3::int - $4::int, $5, $6, $7, $8, $9)`,
          [txn, account, amount, fee, currency.toLowerCase(), chargeId, str(params.description) ?? null, at, new Date(at.getTime() + 2 * DAY_MS)],
        );
      }
      await client.query(
        `insert into provider_sim.stripe_charges (id, account, payment_intent, amount, currency, status, customer, description, metadata, payment_method, card_brand, card_last4, failure_message, balance_transaction, created)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        [chargeId, account, intentId, amount, currency.toLowerCase(), card.declined ? 'failed' : 'succeeded', str(params.customer) ?? null, str(params.description) ?? null, JSON.stringify(metadata), str(params.payment_method) ?? simId('pm'), card.brand, card.last4, card.declined ? 'Your card was declined.' : null, txn, at],
      );
    });
    const charge = (await one('select * from provider_sim.stripe_charges where id = $1', [chargeId]))!;
    const expand = ([] as unknown[]).concat(params.expand ?? []);
    const intent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: card.declined ? 0 : amount,
      currency: currency.toLowerCase(),
      created: Math.floor(at.getTime() / 1000),
      customer: str(params.customer) ?? null,
      description: str(params.description) ?? null,
      metadata,
      payment_method: charge.payment_method,
      status: card.declined ? 'requires_payment_method' : 'succeeded',
      latest_charge: expand.includes('latest_charge') ? chargeObject(charge) : chargeId,
    };
    if (card.declined) {
      throw new StripeSimError(402, 'card_error', 'Your card was declined.', { code: 'card_declined', decline_code: 'generic_decline', charge: chargeId, payment_intent: intent });
    }
    void sendEvent(account, 'charge.succeeded', chargeObject(charge));
    return json(200, intent);
  }

  async function createRefund(account: string, params: Params): Promise<SimResponse> {
    const chargeId = str(params.charge);
    if (!chargeId) throw new StripeSimError(400, 'invalid_request_error', 'Missing required param: charge.', { param: 'charge' });
    const id = await inTransaction(pool, async (client) => {
      const charge = (await client.query('select * from provider_sim.stripe_charges where id = $1 and account = $2 for update', [chargeId, account])).rows[0] as Row | undefined;
      if (!charge) throw new StripeSimError(404, 'invalid_request_error', `No such charge: '${chargeId}'`, { code: 'resource_missing', param: 'charge' });
      const left = Number(charge.amount) - Number(charge.amount_refunded);
      const amount = int(params, 'amount', { min: 1 }) ?? left;
      if (charge.status !== 'succeeded') throw new StripeSimError(400, 'invalid_request_error', `Charge ${chargeId} has not succeeded and cannot be refunded.`);
      if (amount > left) {
        throw new StripeSimError(400, 'invalid_request_error', `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, { param: 'amount' });
      }
      const refundId = simId('re');
      const txn = simId('txn');
      const at = now();
      await client.query(
        `insert into provider_sim.stripe_balance_transactions (id, account, type, amount, fee, net, currency, source, description, created, available_on)
         values ($1, $2, 'refund', $3, 0, $3, $4, $5, $6, $7, $7)`,
        [txn, account, -amount, charge.currency, refundId, `REFUND FOR CHARGE (${chargeId})`, at],
      );
      await client.query(`insert into provider_sim.stripe_refunds (id, account, charge, amount, status, balance_transaction, created) values ($1, $2, $3, $4, 'succeeded', $5, $6)`, [refundId, account, chargeId, amount, txn, at]);
      await client.query('update provider_sim.stripe_charges set amount_refunded = amount_refunded + $2 where id = $1', [chargeId, amount]);
      return refundId;
    });
    const refund = (await one('select r.*, c.currency from provider_sim.stripe_refunds r join provider_sim.stripe_charges c on c.id = r.charge where r.id = $1', [id]))!;
    const updated = (await one('select * from provider_sim.stripe_charges where id = $1', [chargeId]))!;
    void sendEvent(account, 'charge.refunded', chargeObject(updated));
    return json(200, refundObject(refund));
  }

  async function createPayout(account: string, params: Params, automatic: boolean, at: Date): Promise<Row> {
    const amount = int(params, 'amount', { required: true, min: 1 })!;
    const currency = str(params.currency) ?? 'usd';
    const id = simId('po');
    const txn = simId('txn');
    const schedule = (await ensureAccount(account)).payout_schedule as { delay_days?: number };
    const arrival = new Date(at.getTime() + (automatic ? (schedule.delay_days ?? 2) : 1) * DAY_MS).toISOString().slice(0, 10);
    await pool.query(
      `insert into provider_sim.stripe_balance_transactions (id, account, type, amount, fee, net, currency, source, payout, description, created, available_on)
       values ($1, $2, 'payout', $3, 0, $3, $4, $5, $6, $7, $8, $8)`,
      [txn, account, -amount, currency, id, automatic ? id : null, str(params.description) ?? 'STRIPE PAYOUT', at],
    );
    await pool.query(
      `insert into provider_sim.stripe_payouts (id, account, amount, currency, arrival_date, status, automatic, description, balance_transaction, created)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [id, account, amount, currency, arrival, automatic ? 'paid' : 'pending', automatic, str(params.description) ?? 'STRIPE PAYOUT', txn, at],
    );
    return (await one('select * from provider_sim.stripe_payouts where id = $1', [id]))!;
  }

  async function runPayout(account: string, at: Date = now()): Promise<string | undefined> {
    await ensureAccount(account);
    const id = await inTransaction(pool, async (client) => {
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [`stripe-sim-payout:${account}`]);
      const sums = (await client.query(
        `select currency, sum(net)::int as net from provider_sim.stripe_balance_transactions
          where account = $1 and payout is null and type <> 'payout' and available_on <= $2 group by currency`,
        [account, at],
      )).rows as { currency: string; net: number }[];
      const due = sums.find((s) => s.net > 0);
      if (!due) return undefined;
      const payoutId = simId('po');
      const txn = simId('txn');
      const schedule = ((await client.query('select payout_schedule from provider_sim.stripe_accounts where id = $1', [account])).rows[0] as Row).payout_schedule as { delay_days?: number };
      const arrival = new Date(at.getTime() + (schedule.delay_days ?? 2) * DAY_MS).toISOString().slice(0, 10);
      await client.query(
        `update provider_sim.stripe_balance_transactions set payout = $3
          where account = $1 and payout is null and type <> 'payout' and available_on <= $2 and currency = $4`,
        [account, at, payoutId, due.currency],
      );
      await client.query(
        `insert into provider_sim.stripe_balance_transactions (id, account, type, amount, fee, net, currency, source, payout, description, created, available_on)
         values ($1, $2, 'payout', $3, 0, $3, $4, $5, $5, 'STRIPE PAYOUT', $6, $6)`,
        [txn, account, -due.net, due.currency, payoutId, at],
      );
      await client.query(
        `insert into provider_sim.stripe_payouts (id, account, amount, currency, arrival_date, status, automatic, description, balance_transaction, created)
         values ($1, $2, $3, $4, $5, 'paid', true, 'STRIPE PAYOUT', $6, $7)`,
        [payoutId, account, due.net, due.currency, arrival, txn, at],
      );
      return payoutId;
    });
    if (!id) return undefined;
    const payout = (await one('select * from provider_sim.stripe_payouts where id = $1', [id]))!;
    await sendEvent(account, 'payout.paid', payoutObject(payout));
    return String(payout.id);
  }

  const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

  async function updateAccount(id: string, params: Params): Promise<SimResponse> {
    const row = await ensureAccount(id);
    const schedule = ((params.settings as Params | undefined)?.payouts as Params | undefined)?.schedule as Params | undefined;
    if (schedule) {
      const current = row.payout_schedule as Params;
      const interval = str(schedule.interval) ?? (current.interval as string);
      if (!['daily', 'weekly', 'monthly', 'manual'].includes(interval)) {
        throw new StripeSimError(400, 'invalid_request_error', `Invalid settings[payouts][schedule][interval]: must be one of daily, manual, monthly, or weekly`, { param: 'settings[payouts][schedule][interval]' });
      }
      const next: Params = { interval };
      if (interval !== 'manual') {
        const delay = int(schedule, 'delay_days', { min: 0 }) ?? (current.delay_days as number) ?? 2;
        if (delay < 2 || delay > 365) throw new StripeSimError(400, 'invalid_request_error', 'The delay_days must be between 2 and 365.', { param: 'settings[payouts][schedule][delay_days]' });
        next.delay_days = delay;
      } else {
        next.delay_days = (current.delay_days as number) ?? 2;
      }
      if (interval === 'weekly') {
        const anchor = str(schedule.weekly_anchor);
        if (!anchor || !WEEKDAYS.includes(anchor)) throw new StripeSimError(400, 'invalid_request_error', 'You must provide a valid weekly_anchor (monday-sunday) with a weekly interval.', { param: 'settings[payouts][schedule][weekly_anchor]' });
        next.weekly_anchor = anchor;
      } else if (schedule.weekly_anchor !== undefined && schedule.weekly_anchor !== '') {
        throw new StripeSimError(400, 'invalid_request_error', 'weekly_anchor can only be set with a weekly interval.', { param: 'settings[payouts][schedule][weekly_anchor]' });
      }
      if (interval === 'monthly') {
        const anchor = int(schedule, 'monthly_anchor');
        if (anchor === undefined || anchor < 1 || anchor > 31) throw new StripeSimError(400, 'invalid_request_error', 'You must provide a monthly_anchor between 1 and 31 with a monthly interval.', { param: 'settings[payouts][schedule][monthly_anchor]' });
        next.monthly_anchor = anchor;
      } else if (schedule.monthly_anchor !== undefined && schedule.monthly_anchor !== '') {
        throw new StripeSimError(400, 'invalid_request_error', 'monthly_anchor can only be set with a monthly interval.', { param: 'settings[payouts][schedule][monthly_anchor]' });
      }
      await pool.query('update provider_sim.stripe_accounts set payout_schedule = $2 where id = $1', [id, JSON.stringify(next)]);
    }
    return json(200, accountObject((await one('select * from provider_sim.stripe_accounts where id = $1', [id]))!));
  }

  const customerObject = (row: Row) => ({ id: row.id, object: 'customer', email: row.email ?? null, name: row.name ?? null, metadata: row.metadata, created: seconds(row.created), livemode: false });

  const paymentMethodObject = (row: Row) => ({
    id: row.id,
    object: 'payment_method',
    type: row.type,
    created: seconds(row.created),
    customer: row.customer ?? null,
    livemode: false,
    metadata: {},
    ...(row.type === 'us_bank_account'
      ? { us_bank_account: { bank_name: row.card_brand, last4: row.card_last4, account_type: 'checking' } }
      : { card: { brand: row.card_brand, last4: row.card_last4, exp_month: row.exp_month, exp_year: row.exp_year, funding: 'credit', country: 'US' } }),
  });

  const setupIntentObject = (row: Row) => ({
    id: row.id,
    object: 'setup_intent',
    client_secret: row.client_secret,
    created: seconds(row.created),
    customer: row.customer ?? null,
    livemode: false,
    metadata: row.metadata,
    payment_method: row.payment_method ?? null,
    payment_method_types: [row.kind],
    status: row.status,
    usage: 'off_session',
    last_setup_error: row.last_error ? { code: 'card_declined', message: row.last_error, type: 'card_error' } : null,
  });

  async function paymentMethodRow(account: string, id: string): Promise<Row> {
    const known = await one('select * from provider_sim.stripe_payment_methods where id = $1 and account = $2', [id, account]);
    if (known) return known;
    // Stripe's test payment methods (`pm_card_visa`, `pm_card_chargeDeclined`, …) exist in every account.
    if (/^pm_card_[A-Za-z]+$/.test(id)) return storePaymentMethod(account, id, cardOf(id), 12, 2034, cardOf(id).declined);
    throw new StripeSimError(404, 'invalid_request_error', `No such PaymentMethod: '${id}'`, { code: 'resource_missing', param: 'payment_method' });
  }

  async function storePaymentMethod(account: string, id: string, card: { brand: string; last4: string }, month: number | null, year: number | null, declines: boolean, type = 'card'): Promise<Row> {
    await pool.query(
      `insert into provider_sim.stripe_payment_methods (id, account, type, card_brand, card_last4, exp_month, exp_year, declines, created)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (id) do nothing`,
      [id, account, type, card.brand, card.last4, month, year, declines, now()],
    );
    return (await one('select * from provider_sim.stripe_payment_methods where id = $1', [id]))!;
  }

  async function setupIntentRow(account: string, id: string): Promise<Row> {
    const row = await one('select * from provider_sim.stripe_setup_intents where id = $1 and account = $2', [id, account]);
    if (!row) throw new StripeSimError(404, 'invalid_request_error', `No such setupintent: '${id}'`, { code: 'resource_missing', param: 'intent' });
    return row;
  }

  async function createSetupIntent(account: string, params: Params): Promise<SimResponse> {
    const customer = str(params.customer);
    if (customer && !(await one('select 1 from provider_sim.stripe_customers where id = $1 and account = $2', [customer, account]))) {
      throw new StripeSimError(404, 'invalid_request_error', `No such customer: '${customer}'`, { code: 'resource_missing', param: 'customer' });
    }
    const types = ([] as unknown[]).concat(params.allowed_payment_method_types ?? params.payment_method_types ?? ['card']);
    const kind = types.includes('us_bank_account') ? 'us_bank_account' : 'card';
    const id = simId('seti');
    await pool.query(
      `insert into provider_sim.stripe_setup_intents (id, account, customer, client_secret, status, kind, metadata, created)
       values ($1, $2, $3, $4, 'requires_payment_method', $5, $6, $7)`,
      [id, account, customer ?? null, `${id}_secret_${simId('')}`, kind, JSON.stringify(params.metadata ?? {}), now()],
    );
    return json(200, setupIntentObject(await setupIntentRow(account, id)));
  }

  /**
   * Confirms a setup intent as Stripe.js does from the browser (publishable key and `client_secret`):
   * with `payment_method` (an id, Stripe's test ones included) or `payment_method_data[card][…]`
   * (a test card number: 4242 4242 4242 4242 and the like succeed; 4000 0000 0000 0002 is declined
   * here; 4000 0000 0000 0341 is saved but declines every later charge, as on Stripe).
   */
  async function confirmSetupIntent(account: string, id: string, params: Params): Promise<SimResponse> {
    const intent = await setupIntentRow(account, id);
    if (str(params.client_secret) !== undefined && params.client_secret !== intent.client_secret) {
      throw new StripeSimError(400, 'invalid_request_error', 'The client_secret provided does not match the client_secret associated with the SetupIntent.', { param: 'client_secret' });
    }
    if (intent.status === 'succeeded') throw new StripeSimError(400, 'invalid_request_error', 'You cannot confirm this SetupIntent because it has already succeeded.', { code: 'setup_intent_unexpected_state' });
    let method: Row;
    const given = str(params.payment_method);
    if (given) method = await paymentMethodRow(account, given);
    else {
      const data = (params.payment_method_data as Params | undefined) ?? {};
      const card = (data.card as Params | undefined) ?? {};
      if (intent.kind === 'us_bank_account') {
        const bank = (data.us_bank_account as Params | undefined) ?? {};
        const number = str(bank.account_number) ?? '';
        if (!/^\d{4,17}$/.test(number) || !/^\d{9}$/.test(str(bank.routing_number) ?? '')) throw new StripeSimError(400, 'invalid_request_error', 'Invalid bank account details.', { param: 'payment_method_data[us_bank_account]' });
        method = await storePaymentMethod(account, simId('pm'), { brand: 'STRIPE TEST BANK', last4: number.slice(-4) }, null, null, false, 'us_bank_account');
      } else {
        const number = (str(card.number) ?? '').replace(/\s+/g, '');
        const month = int(card, 'exp_month', { min: 1 });
        const year = int(card, 'exp_year', { min: 0 });
        if (!/^\d{12,19}$/.test(number) || !luhn(number)) throw new StripeSimError(402, 'card_error', 'Your card number is incorrect.', { code: 'incorrect_number', param: 'payment_method_data[card][number]' });
        if (month === undefined || month > 12) throw new StripeSimError(402, 'card_error', "Your card's expiration month is invalid.", { code: 'invalid_expiry_month' });
        const fullYear = year === undefined ? undefined : year < 100 ? 2000 + year : year;
        const at = now();
        if (fullYear === undefined || fullYear < at.getUTCFullYear() || (fullYear === at.getUTCFullYear() && month < at.getUTCMonth() + 1)) {
          throw new StripeSimError(402, 'card_error', "Your card's expiration year is invalid.", { code: 'invalid_expiry_year' });
        }
        if (number === '4000000000000002') {
          await pool.query(`update provider_sim.stripe_setup_intents set status = 'requires_payment_method', last_error = 'Your card was declined.' where id = $1`, [id]);
          throw new StripeSimError(402, 'card_error', 'Your card was declined.', { code: 'card_declined', decline_code: 'generic_decline', setup_intent: setupIntentObject(await setupIntentRow(account, id)) });
        }
        const brand = number.startsWith('4') ? 'visa' : /^5[1-5]/.test(number) ? 'mastercard' : /^3[47]/.test(number) ? 'amex' : /^6/.test(number) ? 'discover' : 'unknown';
        method = await storePaymentMethod(account, simId('pm'), { brand, last4: number.slice(-4) }, month, fullYear, number === '4000000000000341');
      }
    }
    if (intent.customer) await pool.query('update provider_sim.stripe_payment_methods set customer = $2 where id = $1', [method.id, intent.customer]);
    await pool.query(`update provider_sim.stripe_setup_intents set status = 'succeeded', payment_method = $2, last_error = null where id = $1`, [id, method.id]);
    return json(200, setupIntentObject(await setupIntentRow(account, id)));
  }

  async function route(request: SimRequest, account: string, params: Params): Promise<SimResponse> {
    const { method, path } = request;
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
    const [version, resource, id, sub] = segments;
    if (version === 'receipts' && method === 'GET' && resource && id) {
      const charge = await one('select * from provider_sim.stripe_charges where id = $1 and account = $2', [id, resource]);
      if (!charge) return { status: 404, type: 'text/plain', body: 'Receipt not found' };
      return { status: 200, type: 'text/plain', body: `Receipt ${charge.id}: ${(Number(charge.amount) / 100).toFixed(2)} ${String(charge.currency).toUpperCase()} (${charge.card_brand} ${charge.card_last4})` };
    }
    if (version === '_sim' && resource === 'payouts' && method === 'POST') {
      const target = str(params.account) ?? account;
      const at = int(params, 'at');
      const payout = await runPayout(target, at === undefined ? undefined : new Date(at * 1000));
      return json(200, { payout: payout ?? null });
    }
    if (version !== 'v1') throw new StripeSimError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
    const expand = ([] as unknown[]).concat(params.expand ?? []);
    const shape = resource === 'financial_connections' ? `${resource}/${id ?? ''}` : `${resource}${id ? '/:id' : ''}${sub ? `/${sub}` : ''}`;
    switch (`${method} ${shape}`) {
      case 'POST payment_intents':
        return createPaymentIntent(account, params);
      case 'POST payment_methods': {
        const token = str((params.card as Params | undefined)?.token);
        if (!token) throw new StripeSimError(400, 'invalid_request_error', 'Missing required param: card.', { param: 'card' });
        // The simulator keeps no payment methods: the id carries the test token's card.
        const card = cardOf(token);
        return json(200, { id: simId(`pm_${token.replace(/^tok_/, '').replace(/\W/g, '')}`), object: 'payment_method', type: 'card', card: { brand: card.brand, last4: card.last4 }, created: Math.floor(now().getTime() / 1000) });
      }
      case 'POST customers': {
        const id = simId('cus');
        await pool.query('insert into provider_sim.stripe_customers (id, account, email, name, metadata, created) values ($1, $2, $3, $4, $5, $6)', [id, account, str(params.email) ?? null, str(params.name) ?? null, JSON.stringify(params.metadata ?? {}), now()]);
        return json(200, customerObject((await one('select * from provider_sim.stripe_customers where id = $1', [id]))!));
      }
      case 'GET customers/:id': {
        const row = await one('select * from provider_sim.stripe_customers where id = $1 and account = $2', [id, account]);
        if (!row) throw new StripeSimError(404, 'invalid_request_error', `No such customer: '${id}'`, { code: 'resource_missing', param: 'id' });
        return json(200, customerObject(row));
      }
      case 'POST setup_intents':
        return createSetupIntent(account, params);
      case 'GET setup_intents/:id':
        return json(200, setupIntentObject(await setupIntentRow(account, id!)));
      case 'POST setup_intents/:id/confirm':
        return confirmSetupIntent(account, id!, params);
      case 'GET payment_methods/:id':
        return json(200, paymentMethodObject(await paymentMethodRow(account, id!)));
      case 'POST payment_methods/:id': {
        const row = await paymentMethodRow(account, id!);
        const card = (params.card as Params | undefined) ?? {};
        const month = int(card, 'exp_month', { min: 1 });
        const year = int(card, 'exp_year', { min: 2000 });
        if (month !== undefined && month > 12) throw new StripeSimError(400, 'card_error', "Your card's expiration month is invalid.", { code: 'invalid_expiry_month', param: 'card[exp_month]' });
        await pool.query('update provider_sim.stripe_payment_methods set exp_month = coalesce($2, exp_month), exp_year = coalesce($3, exp_year) where id = $1', [row.id, month ?? null, year ?? null]);
        return json(200, paymentMethodObject(await paymentMethodRow(account, id!)));
      }
      case 'POST payment_methods/:id/attach': {
        const row = await paymentMethodRow(account, id!);
        const customer = str(params.customer);
        if (!customer) throw new StripeSimError(400, 'invalid_request_error', 'Missing required param: customer.', { param: 'customer' });
        if (!(await one('select 1 from provider_sim.stripe_customers where id = $1 and account = $2', [customer, account]))) {
          throw new StripeSimError(404, 'invalid_request_error', `No such customer: '${customer}'`, { code: 'resource_missing', param: 'customer' });
        }
        if (row.customer && row.customer !== customer) throw new StripeSimError(400, 'invalid_request_error', 'The payment method you provided has already been attached to a customer.');
        await pool.query('update provider_sim.stripe_payment_methods set customer = $2 where id = $1', [row.id, customer]);
        return json(200, paymentMethodObject(await paymentMethodRow(account, id!)));
      }
      case 'POST payment_methods/:id/detach': {
        const row = await paymentMethodRow(account, id!);
        if (!row.customer) throw new StripeSimError(400, 'invalid_request_error', 'The payment method you provided is not attached to a customer so detachment is impossible.');
        await pool.query('update provider_sim.stripe_payment_methods set customer = null where id = $1', [row.id]);
        return json(200, paymentMethodObject(await paymentMethodRow(account, id!)));
      }
      case 'POST financial_connections/sessions': {
        const holder = (params.account_holder as Params | undefined) ?? {};
        if (!str(holder.customer)) throw new StripeSimError(400, 'invalid_request_error', 'Missing required param: account_holder[customer].', { param: 'account_holder[customer]' });
        const id = simId('fcsess');
        return json(200, { id, object: 'financial_connections.session', client_secret: `${id}_secret_${simId('')}`, account_holder: { type: 'customer', customer: holder.customer }, accounts: { object: 'list', data: [], has_more: false, url: '/v1/financial_connections/accounts' }, livemode: false, permissions: ([] as unknown[]).concat(params.permissions ?? []) });
      }
      case 'GET charges/:id': {
        const charge = await one('select * from provider_sim.stripe_charges where id = $1 and account = $2', [id, account]);
        if (!charge) throw new StripeSimError(404, 'invalid_request_error', `No such charge: '${id}'`, { code: 'resource_missing', param: 'id' });
        return json(200, chargeObject(charge));
      }
      case 'POST refunds':
        return createRefund(account, params);
      case 'GET balance_transactions': {
        const where: string[] = [];
        const values: unknown[] = [];
        const payoutId = str(params.payout);
        if (payoutId) {
          const payout = await one('select * from provider_sim.stripe_payouts where id = $1 and account = $2', [payoutId, account]);
          if (!payout) throw new StripeSimError(404, 'invalid_request_error', `No such payout: '${payoutId}'`, { code: 'resource_missing', param: 'payout' });
          if (!payout.automatic) throw new StripeSimError(400, 'invalid_request_error', 'Balance transaction history can only be filtered on automatic transfers, not manual.', { param: 'payout' });
          values.push(payoutId);
          where.push(`payout = $${values.length + 1}`);
        }
        return json(200, await page('stripe_balance_transactions', account, params, where, values, (row) => balanceTransactionObject(row, expand.includes('data.source')), '/v1/balance_transactions'));
      }
      case 'GET balance_transactions/:id': {
        const row = await one('select * from provider_sim.stripe_balance_transactions where id = $1 and account = $2', [id, account]);
        if (!row) throw new StripeSimError(404, 'invalid_request_error', `No such balance transaction: '${id}'`, { code: 'resource_missing', param: 'id' });
        return json(200, await balanceTransactionObject(row, expand.includes('source')));
      }
      case 'GET payouts':
        return json(200, await page('stripe_payouts', account, params, [], [], payoutObject, '/v1/payouts'));
      case 'GET payouts/:id': {
        const row = await one('select * from provider_sim.stripe_payouts where id = $1 and account = $2', [id, account]);
        if (!row) throw new StripeSimError(404, 'invalid_request_error', `No such payout: '${id}'`, { code: 'resource_missing', param: 'id' });
        return json(200, payoutObject(row));
      }
      case 'POST payouts':
        return json(200, payoutObject(await createPayout(account, params, false, now())));
      case 'GET account':
        return json(200, accountObject(await ensureAccount(account)));
      case 'GET accounts/:id':
        return json(200, accountObject(await ensureAccount(id!)));
      case 'POST accounts/:id':
        return updateAccount(id!, params);
      default:
        throw new StripeSimError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
    }
  }

  const keyed: KeyedRequest[] = [];
  async function handle(request: SimRequest): Promise<SimResponse> {
    const idempotencyKey = request.headers['idempotency-key'];
    if (request.method === 'POST' && typeof idempotencyKey === 'string') {
      keyed.push({ path: request.path, idempotencyKey, account: (request.headers['stripe-account'] as string | undefined) ?? STRIPE_SIM_PLATFORM_ACCOUNT });
      if (keyed.length > KEYED_REQUESTS_KEPT) keyed.splice(0, keyed.length - KEYED_REQUESTS_KEPT);
    }
    try {
      const isSim = request.path.startsWith('/_sim/') || request.path.startsWith('/receipts/');
      // What Stripe.js calls from the browser with the publishable key: confirming and reading a setup intent.
      const browserCall = /^\/v1\/setup_intents\/[^/]+(\/confirm)?$/.test(request.path);
      const origin = request.headers.origin;
      const cors: Record<string, string> = browserCall && origin ? { 'access-control-allow-origin': origin, 'access-control-allow-headers': 'authorization, content-type', 'access-control-allow-methods': 'GET, POST', vary: 'Origin' } : {};
      if (request.method === 'OPTIONS') return { status: browserCall ? 204 : 404, type: 'text/plain', body: '', headers: cors };
      const auth = request.headers.authorization;
      const publishable = browserCall && (/^Bearer pk_(test|live)_\S+$/.test(auth ?? '') || /^pk_(test|live)_\S+$/.test(String((qs.parse(request.method === 'GET' ? request.rawQuery : request.body) as Params).key ?? '')));
      if (publishable) {
        const answer = await handleAuthorised(request);
        return { ...answer, headers: { ...answer.headers, ...cors } };
      }
      if (!isSim && !/^Bearer (sk|rk)_(test|live)_\S+$/.test(auth ?? '')) {
        throw new StripeSimError(401, 'invalid_request_error', 'You did not provide a valid API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').');
      }
      return await handleAuthorised(request);
    } catch (error) {
      if (error instanceof StripeSimError) return json(error.status, { error: { type: error.type, message: error.message, ...error.extra } });
      return json(500, { error: { type: 'api_error', message: `Simulator error: ${error instanceof Error ? error.message : String(error)}` } });
    }
  }

  async function handleAuthorised(request: SimRequest): Promise<SimResponse> {
    try {
      const account = (request.headers['stripe-account'] as string | undefined) ?? STRIPE_SIM_PLATFORM_ACCOUNT;
      const params = (request.method === 'GET' ? qs.parse(request.rawQuery) : qs.parse(request.body)) as Params;
      const key = request.method === 'POST' ? (request.headers['idempotency-key'] as string | undefined) : undefined;
      if (key) {
        const seen = await one(`select status, response from provider_sim.idempotency where provider = 'stripe' and account = $1 and key = $2`, [account, key]);
        if (seen) return { ...json(Number(seen.status), seen.response), headers: { 'idempotent-replayed': 'true' } };
      }
      let answer: SimResponse;
      try {
        answer = await route(request, account, params);
      } catch (error) {
        if (!(error instanceof StripeSimError)) throw error;
        answer = json(error.status, { error: { type: error.type, message: error.message, ...error.extra } });
      }
      if (key && answer.status < 500) {
        await pool.query(`insert into provider_sim.idempotency (provider, account, key, status, response) values ('stripe', $1, $2, $3, $4) on conflict do nothing`, [account, key, answer.status, answer.body]);
      }
      return answer;
    } catch (error) {
      if (error instanceof StripeSimError) return json(error.status, { error: { type: error.type, message: error.message, ...error.extra } });
      // As Stripe answers its own failures: JSON the SDK can read.
      return json(500, { error: { type: 'api_error', message: `Simulator error: ${error instanceof Error ? error.message : String(error)}` } });
    }
  }

  const running = await serveSimulator('Stripe', handle);
  baseUrl = running.url;
  return { ...running, runPayout, keyedRequests: () => [...keyed] };
}

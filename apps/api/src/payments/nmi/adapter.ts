import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type BalanceTransaction,
  centsToDecimal,
  type ChargeResult,
  decimalToCents,
  type PaymentProviderAdapter,
  ProviderError,
  type ProviderEvent,
  type ProviderPayout,
  type WebhookHeaders,
  WebhookSignatureError,
} from '../provider';
import { fromNmiDate, metadataFields, metadataOf, type NmiSettlementBatch, type NmiTransaction, nmiDate, parseQueryResponse } from './wire';

/**
 * NMI through its documented HTTP API: `transact.php` (form-encoded request and answer) for
 * sales and refunds, `query.php` (form-encoded request, XML answer) for transactions and
 * settlement batches — NMI's payouts. Money on NMI's wire is dollars; here it is cents
 * (`decimalToCents`: × 100, half away from zero). NMI has no payout schedule setting.
 */
export interface NmiAdapterOptions {
  /** The merchant's security key (API key). */
  securityKey: string;
  /** The webhook signing key of the merchant's webhook settings. */
  webhookSigningKey: string;
  /** The merchant id webhooks name (`event_body.merchant.id`); null when unknown. */
  merchant: string | null;
  /** `https://secure.nmi.com/api` or the simulator's address. */
  apiUrl: string;
  fetch?: typeof fetch;
}

/** NMI's event types mapped to the provider-neutral ones (see `ProviderEvent.type`). */
export const NMI_EVENT_TYPES: Record<string, string> = {
  'transaction.sale.success': 'charge.succeeded',
  'transaction.sale.failure': 'charge.failed',
  'transaction.refund.success': 'charge.refunded',
  'settlement.batch.complete': 'payout.paid',
  'settlement.batch.failure': 'payout.failed',
  'chargeback.batch.complete': 'charge.dispute.created',
};

/** NMI's `Webhook-Signature: t=<nonce>,s=<hex HMAC-SHA256 of "<nonce>.<body>" with the signing key>`. */
export function nmiWebhookSignature(body: string, signingKey: string, nonce: string): string {
  return `t=${nonce},s=${createHmac('sha256', signingKey).update(`${nonce}.${body}`).digest('hex')}`;
}

const header = (headers: WebhookHeaders, name: string): string | undefined => {
  const value = headers[name.toLowerCase()] ?? headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function createNmiAdapter(options: NmiAdapterOptions): PaymentProviderAdapter {
  const doFetch = options.fetch ?? fetch;
  const base = options.apiUrl.replace(/\/+$/, '');

  async function post(path: 'transact.php' | 'query.php', fields: Record<string, string>): Promise<string> {
    let response: Response;
    try {
      response = await doFetch(`${base}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ security_key: options.securityKey, ...fields }).toString(),
      });
    } catch (error) {
      throw new ProviderError('nmi', 'unavailable', 'NMI could not be reached', { cause: error });
    }
    const body = await response.text();
    if (response.status === 401 || response.status === 403) throw new ProviderError('nmi', 'authentication', 'NMI refused the security key');
    if (!response.ok) throw new ProviderError('nmi', 'unavailable', `NMI answered ${response.status}`);
    return body;
  }

  async function query(fields: Record<string, string>) {
    const answer = parseQueryResponse(await post('query.php', fields));
    if (answer.error) throw new ProviderError('nmi', /authentication/i.test(answer.error) ? 'authentication' : 'invalid_request', answer.error);
    return answer;
  }

  async function transact(fields: Record<string, string>): Promise<URLSearchParams> {
    const answer = new URLSearchParams(await post('transact.php', fields));
    if (answer.get('response') === '3') {
      const text = answer.get('responsetext') ?? 'NMI refused the request';
      throw new ProviderError('nmi', /authentication/i.test(text) ? 'authentication' : /not found|invalid transaction/i.test(text) ? 'not_found' : 'invalid_request', text);
    }
    return answer;
  }

  function chargeOf(transaction: NmiTransaction): ChargeResult {
    const sale = transaction.action?.find((a) => a.action_type === 'sale');
    const approved = sale?.success === '1';
    return {
      id: transaction.transaction_id,
      provider: 'nmi',
      status: approved ? 'succeeded' : 'failed',
      amountCents: decimalToCents(sale?.amount ?? '0'),
      currency: (transaction.currency ?? 'USD').toLowerCase(),
      created: fromNmiDate(sale?.date ?? nmiDate(new Date())),
      receiptUrl: null,
      authCode: transaction.authorization_code || null,
      failureMessage: approved ? null : (sale?.response_text ?? 'Declined'),
      card: transaction.cc_number ? { brand: transaction.cc_type || 'unknown', last4: transaction.cc_number.slice(-4) } : null,
    };
  }

  function payoutOf(batch: NmiSettlementBatch): ProviderPayout {
    const deposit = fromNmiDate(batch.deposit_date);
    return {
      id: batch.batch_id,
      provider: 'nmi',
      amountCents: decimalToCents(batch.deposit_amount),
      currency: (batch.currency || 'USD').toLowerCase(),
      created: fromNmiDate(batch.settlement_date),
      arrivalDate: deposit.toISOString().slice(0, 10),
      status: 'paid',
      automatic: true,
      description: `NMI settlement batch ${batch.batch_id}`,
    };
  }

  /** A transaction's successful sales and refunds as balance lines. */
  function linesOf(transaction: NmiTransaction, payoutId: string | null, from?: Date, to?: Date): BalanceTransaction[] {
    const lines: BalanceTransaction[] = [];
    const metadata = metadataOf(transaction.merchant_defined_field);
    const currency = (transaction.currency ?? 'USD').toLowerCase();
    const settle = transaction.action?.find((a) => a.action_type === 'settle');
    (transaction.action ?? []).forEach((action, index) => {
      if (action.success !== '1' || (action.action_type !== 'sale' && action.action_type !== 'refund')) return;
      const created = fromNmiDate(action.date);
      if ((from && created < from) || (to && created > to)) return;
      const cents = decimalToCents(action.amount);
      const refund = action.action_type === 'refund';
      lines.push({
        id: `${transaction.transaction_id}:${index}`,
        type: refund ? 'refund' : 'charge',
        amountCents: refund ? -Math.abs(cents) : cents,
        feeCents: 0,
        netCents: refund ? -Math.abs(cents) : cents,
        currency,
        created,
        sourceId: transaction.transaction_id,
        chargeId: refund ? (transaction.original_transaction_id || transaction.transaction_id) : transaction.transaction_id,
        payoutId: payoutId ?? settle?.batch_id ?? null,
        description: transaction.order_description || null,
        metadata,
      });
    });
    return lines;
  }

  async function batch(id: string): Promise<NmiSettlementBatch> {
    const found = (await query({ report_type: 'settlement_batch', batch_id: id })).batches[0];
    if (!found) throw new ProviderError('nmi', 'not_found', `No such settlement batch: ${id}`);
    return found;
  }

  return {
    name: 'nmi',
    account: options.merchant,

    async charge(input) {
      if (!input.paymentMethod && !input.token && !input.customer) throw new ProviderError('nmi', 'invalid_request', 'A payment token or a customer vault id is required');
      // NMI has no idempotency key: the order id carries it, and a sale already made with it is answered again.
      const earlier = (await query({ order_id: input.idempotencyKey, action_type: 'sale' })).transactions[0];
      if (earlier) return chargeOf(earlier);
      const answer = await transact({
        type: 'sale',
        amount: centsToDecimal(input.amountCents),
        currency: input.currency.toUpperCase(),
        ...(input.token ? { payment_token: input.token } : { customer_vault_id: input.paymentMethod ?? input.customer! }),
        orderid: input.idempotencyKey,
        ...(input.description ? { order_description: input.description } : {}),
        ...metadataFields(input.metadata),
      });
      const id = answer.get('transactionid');
      if (id) {
        const made = (await query({ transaction_id: id })).transactions[0];
        if (made) return chargeOf(made);
      }
      return {
        id: id ?? '',
        provider: 'nmi',
        status: answer.get('response') === '1' ? 'succeeded' : 'failed',
        amountCents: input.amountCents,
        currency: input.currency.toLowerCase(),
        created: new Date(),
        receiptUrl: null,
        authCode: answer.get('authcode') || null,
        failureMessage: answer.get('response') === '1' ? null : answer.get('responsetext'),
        card: null,
      };
    },

    async refund(input) {
      const refundOrder = `refund:${input.idempotencyKey}`;
      const earlier = (await query({ order_id: refundOrder, action_type: 'refund' })).transactions[0];
      const answer = earlier ? undefined : await transact({ type: 'refund', transactionid: input.chargeId, amount: centsToDecimal(input.amountCents), orderid: refundOrder });
      if (answer && answer.get('response') !== '1') throw new ProviderError('nmi', 'invalid_request', answer.get('responsetext') ?? 'NMI refused the refund');
      const id = earlier?.transaction_id ?? answer!.get('transactionid')!;
      const made = earlier ?? (await query({ transaction_id: id })).transactions[0];
      const action = made?.action?.find((a) => a.action_type === 'refund');
      return {
        id,
        chargeId: input.chargeId,
        amountCents: action ? decimalToCents(action.amount) : input.amountCents,
        status: 'succeeded',
        created: action ? fromNmiDate(action.date) : new Date(),
      };
    },

    async *listBalanceTransactions(input) {
      if (input.payoutId) {
        const found = await batch(input.payoutId);
        const { transactions } = await query({ batch_id: input.payoutId });
        for (const transaction of transactions) yield* linesOf(transaction, found.batch_id);
        const currency = (found.currency || 'USD').toLowerCase();
        const settled = fromNmiDate(found.settlement_date);
        const fee = decimalToCents(found.fee_amount);
        if (fee !== 0) {
          yield { id: `${found.batch_id}:fee`, type: 'fee', amountCents: -fee, feeCents: 0, netCents: -fee, currency, created: settled, sourceId: found.batch_id, chargeId: null, payoutId: found.batch_id, description: 'Processing fees', metadata: {} };
        }
        const adjustment = decimalToCents(found.adjustment_amount);
        if (adjustment !== 0) {
          yield { id: `${found.batch_id}:adjustment`, type: 'adjustment', amountCents: adjustment, feeCents: 0, netCents: adjustment, currency, created: settled, sourceId: found.batch_id, chargeId: null, payoutId: found.batch_id, description: 'Processor adjustment', metadata: {} };
        }
        const deposit = decimalToCents(found.deposit_amount);
        yield { id: `${found.batch_id}:payout`, type: 'payout', amountCents: -deposit, feeCents: 0, netCents: -deposit, currency, created: settled, sourceId: found.batch_id, chargeId: null, payoutId: found.batch_id, description: 'Deposit', metadata: {} };
        return;
      }
      const fields: Record<string, string> = {};
      if (input.createdFrom) fields.start_date = nmiDate(input.createdFrom);
      if (input.createdTo) fields.end_date = nmiDate(input.createdTo);
      const { transactions } = await query(fields);
      for (const transaction of transactions) yield* linesOf(transaction, null, input.createdFrom, input.createdTo);
    },

    async *listPayouts(input) {
      const { batches } = await query({ report_type: 'settlement_batch', start_date: nmiDate(input.from), end_date: nmiDate(input.to) });
      for (const found of batches) yield payoutOf(found);
    },

    async getPayout(id) {
      return payoutOf(await batch(id));
    },

    async getPayoutSchedule() {
      throw new ProviderError('nmi', 'unsupported', 'NMI has no payout schedule setting: deposits follow the processor\'s batch settlement');
    },

    async updatePayoutSchedule() {
      throw new ProviderError('nmi', 'unsupported', 'NMI has no payout schedule setting: deposits follow the processor\'s batch settlement');
    },

    verifyWebhook(rawBody, headers) {
      return verifyNmiWebhook(rawBody, headers, options.webhookSigningKey);
    },

    // Billing's saved methods: NMI's customer vault stores a card from Collect.js but has no setup
    // intents, no separate customers and no bank-account link sessions.
    createCustomer: () => nmiUnsupported('customers (use the customer vault with a Collect.js token)'),
    createSetupIntent: () => nmiUnsupported('setup intents'),
    getSetupIntent: () => nmiUnsupported('setup intents'),
    getPaymentMethod: () => nmiUnsupported('payment methods'),
    attachPaymentMethod: () => nmiUnsupported('payment methods'),
    detachPaymentMethod: () => nmiUnsupported('payment methods'),
    updateCardExpiry: () => nmiUnsupported('payment methods'),
    createBankLinkToken: () => nmiUnsupported('bank-account link tokens'),
  };
}

const nmiUnsupported = (what: string): never => {
  throw new ProviderError('nmi', 'unsupported', `Billing ${what} are not supported by NMI`);
};

/** NMI's signing scheme: `Webhook-Signature: t=<nonce>,s=<hex HMAC-SHA256 of "<nonce>.<body>">`. */
export function verifyNmiWebhook(rawBody: Buffer | string, headers: WebhookHeaders, signingKey: string): ProviderEvent {
  const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  const signature = header(headers, 'webhook-signature');
  if (!signature) throw new WebhookSignatureError('nmi', 'No Webhook-Signature header');
  const match = /^t=([^,]+),s=([0-9a-f]+)$/i.exec(signature.trim());
  if (!match) throw new WebhookSignatureError('nmi', 'The Webhook-Signature header is malformed');
  const expected = Buffer.from(nmiWebhookSignature(body, signingKey, match[1]!).split(',s=')[1]!, 'hex');
  const given = Buffer.from(match[2]!, 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new WebhookSignatureError('nmi', 'The signature does not match');
  let parsed: { event_id?: unknown; event_type?: unknown; event_body?: Record<string, unknown> };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    throw new WebhookSignatureError('nmi', 'The body is not JSON');
  }
  return nmiEvent(parsed);
}

/** A verified NMI webhook body in the provider-neutral shape. */
export function nmiEvent(parsed: { event_id?: unknown; event_type?: unknown; event_body?: Record<string, unknown> }): ProviderEvent {
  if (typeof parsed.event_id !== 'string' || typeof parsed.event_type !== 'string' || typeof parsed.event_body !== 'object' || parsed.event_body === null) {
    throw new WebhookSignatureError('nmi', 'Not an NMI webhook event');
  }
  const body = parsed.event_body;
  const merchant = (body.merchant as { id?: unknown } | undefined)?.id;
  const date = (body.action as { date?: unknown } | undefined)?.date ?? body.settlement_date;
  let created = new Date();
  if (typeof date === 'string') {
    try {
      created = fromNmiDate(date);
    } catch {
      // An event without a date of NMI's form is dated when received.
    }
  }
  return {
    id: parsed.event_id,
    provider: 'nmi',
    type: NMI_EVENT_TYPES[parsed.event_type] ?? parsed.event_type,
    providerType: parsed.event_type,
    created,
    account: typeof merchant === 'string' || typeof merchant === 'number' ? String(merchant) : null,
    data: body,
  };
}

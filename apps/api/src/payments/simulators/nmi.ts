import { randomInt } from 'node:crypto';
import { XMLBuilder } from 'fast-xml-parser';
import type pg from 'pg';
import { nmiWebhookSignature } from '../nmi/adapter';
import { nmiDate } from '../nmi/wire';
import { type RunningSimulator, serveSimulator, type SimRequest, type SimResponse, simId } from './server';

/**
 * A local simulator of NMI's Payment API — the part Salondesk's adapter uses:
 * - `POST /api/transact.php` (form-encoded both ways): `type=sale` (a `payment_token`, a
 *   `customer_vault_id` or a card number; a token containing `decline`, or an amount under
 *   $1.00 as NMI's test mode does, is declined) and `type=refund` (of a sale's `transactionid`,
 *   never more than is left);
 * - `POST /api/query.php` (form-encoded in, XML out): transactions by `transaction_id`,
 *   `order_id`, `action_type`, `start_date`/`end_date`, `batch_id`, and
 *   `report_type=settlement_batch` for the settlement batches (what each deposit paid).
 * A merchant's security key here is `sim_<merchant id>`. Money is dollars on the wire, as NMI's.
 * Fees (2.5 % + 10¢ a sale) are taken from each batch's deposit. Besides NMI's paths,
 * `POST /_sim/settle` (merchant, at) settles a merchant's pending transactions into a batch and
 * sends `settlement.batch.complete` to the webhook endpoint, signed as NMI signs
 * (`Webhook-Signature: t=<nonce>,s=<HMAC-SHA256>`). State: PostgreSQL schema `provider_sim`.
 */

export interface NmiSimulatorOptions {
  pool: pg.Pool;
  webhookUrl?: () => string | undefined;
  webhookSigningKey?: string;
  now?: () => Date;
}

export interface NmiSimulator extends RunningSimulator {
  /** Settles `merchant`'s pending transactions made by `at` into a batch; undefined when there are none. */
  settle(merchant: string, at?: Date): Promise<string | undefined>;
}

type Row = Record<string, unknown>;

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: false });
const xml = (root: Record<string, unknown>): SimResponse => ({ status: 200, type: 'text/xml', body: `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ nm_response: root }) as string}` });
const form = (fields: Record<string, string>): SimResponse => ({ status: 200, type: 'text/plain', body: new URLSearchParams(fields).toString() });
const money = (value: unknown) => Number(value).toFixed(2);
const DAY_MS = 86_400_000;

/** NMI's `YYYYMMDDhhmmss`, read as UTC. */
function fromDate(value: string | null): Date | undefined {
  if (!value) return undefined;
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?$/.exec(value);
  if (!m) return undefined;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)));
}

export async function startNmiSimulator(options: NmiSimulatorOptions): Promise<NmiSimulator> {
  const { pool } = options;
  const now = options.now ?? (() => new Date());
  const many = async (text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as Row[];
  const one = async (text: string, values: unknown[] = []) => (await many(text, values))[0];

  async function sendEvent(merchant: string, type: string, body: Record<string, unknown>): Promise<void> {
    const url = options.webhookUrl?.();
    if (!url || !options.webhookSigningKey) return;
    const payload = JSON.stringify({ event_id: crypto.randomUUID(), event_type: type, event_body: { merchant: { id: merchant, name: `Merchant ${merchant}` }, ...body } });
    try {
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-signature': nmiWebhookSignature(payload, options.webhookSigningKey, simId('')) }, body: payload });
    } catch {
      // A failed delivery is the receiver's problem; NMI would retry later.
    }
  }

  const actionsOf = (row: Row) => {
    const actions: Record<string, unknown>[] = [
      {
        amount: money(row.amount),
        action_type: row.type,
        date: nmiDate(new Date(row.created as string)),
        success: row.condition === 'failed' ? '0' : '1',
        response_text: row.response_text,
      },
    ];
    if (row.batch_id) actions.push({ amount: money(row.amount), action_type: 'settle', date: nmiDate(new Date(row.settled_at as string)), success: '1', response_text: 'SUCCESS', batch_id: row.batch_id });
    return actions;
  };

  const transactionXml = (row: Row) => ({
    transaction_id: row.transaction_id,
    transaction_type: 'cc',
    condition: row.condition,
    order_id: row.order_id ?? '',
    order_description: row.order_description ?? '',
    currency: row.currency,
    cc_type: row.cc_type ?? '',
    cc_number: row.cc_last4 ? `4xxxxxxxxxxx${String(row.cc_last4)}` : '',
    customerid: row.customer_vault_id ?? '',
    original_transaction_id: row.original_transaction_id ?? '',
    authorization_code: row.authcode,
    merchant_defined_field: Object.entries((row.merchant_defined as Record<string, string>) ?? {}).map(([id, value]) => ({ '@_id': id, '#text': value })),
    action: actionsOf(row),
  });

  const BATCH_SUMS = `select b.batch_id, b.merchant, b.settled_at, b.deposit_date, b.currency, b.adjustment,
      coalesce(sum(t.amount) filter (where t.type = 'sale'), 0) as sale_amount,
      coalesce(sum(t.amount) filter (where t.type = 'refund'), 0) as refund_amount,
      coalesce(sum(t.fee), 0) as fee_amount,
      count(t.transaction_id) as transaction_count
    from provider_sim.nmi_batches b left join provider_sim.nmi_transactions t on t.batch_id = b.batch_id`;

  const batchXml = (row: Row) => ({
    batch_id: row.batch_id,
    settlement_date: nmiDate(new Date(row.settled_at as string)),
    deposit_date: String(row.deposit_date instanceof Date ? (row.deposit_date as Date).toISOString().slice(0, 10) : row.deposit_date).replace(/-/g, ''),
    currency: row.currency,
    transaction_count: String(row.transaction_count),
    sale_amount: money(row.sale_amount),
    refund_amount: money(row.refund_amount),
    fee_amount: money(row.fee_amount),
    adjustment_amount: money(row.adjustment),
    deposit_amount: money(Number(row.sale_amount) - Number(row.refund_amount) - Number(row.fee_amount) + Number(row.adjustment)),
  });

  async function transact(merchant: string, fields: URLSearchParams): Promise<SimResponse> {
    const type = fields.get('type');
    const refused = (text: string) => form({ response: '3', responsetext: text, authcode: '', transactionid: '', avsresponse: '', cvvresponse: '', orderid: fields.get('orderid') ?? '', type: type ?? '', response_code: '300' });
    const amountText = fields.get('amount') ?? '';
    if (!/^\d+(\.\d{1,2})?$/.test(amountText) || Number(amountText) <= 0) return refused('Invalid amount REFID:3');
    const amount = Number(amountText);
    const id = String(randomInt(1_000_000_000, 9_999_999_999));
    const at = now();
    const metadata: Record<string, string> = {};
    for (const [key, value] of fields) {
      const m = /^merchant_defined_field_(\d{1,2})$/.exec(key);
      if (m) metadata[m[1]!] = value;
    }
    if (type === 'sale') {
      const token = fields.get('payment_token');
      const vault = fields.get('customer_vault_id');
      const card = fields.get('ccnumber');
      if (!token && !vault && !card) return refused('Payment Information Missing REFID:3');
      const declined = amount < 1 || /decline/i.test(token ?? vault ?? '') || card === '4000000000000002';
      const authcode = declined ? '' : String(randomInt(100_000, 999_999));
      await pool.query(
        `insert into provider_sim.nmi_transactions (transaction_id, merchant, type, amount, fee, currency, condition, response_text, authcode, order_id, order_description, customer_vault_id, cc_type, cc_last4, merchant_defined, created)
         values ($1, $2, 'sale', $3, $4, $5, $6, $7, $8, $9, $10, $11, 'visa', $12, $13, $14)`,
        [id, merchant, amount, declined ? 0 : Math.round((amount * 0.025 + 0.1) * 100) / 100, (fields.get('currency') ?? 'USD').toUpperCase(), declined ? 'failed' : 'pendingsettlement', declined ? 'DECLINE' : 'SUCCESS', authcode, fields.get('orderid'), fields.get('order_description'), vault, card ? card.slice(-4) : '1111', JSON.stringify(metadata), at],
      );
      if (!declined) void sendEvent(merchant, 'transaction.sale.success', { transaction_id: id, transaction_type: 'cc', condition: 'pendingsettlement', order_id: fields.get('orderid') ?? '', action: { amount: money(amount), action_type: 'sale', date: nmiDate(at), success: '1' } });
      return form({ response: declined ? '2' : '1', responsetext: declined ? 'DECLINE' : 'SUCCESS', authcode, transactionid: id, avsresponse: 'N', cvvresponse: declined ? '' : 'M', orderid: fields.get('orderid') ?? '', type: 'sale', response_code: declined ? '200' : '100' });
    }
    if (type === 'refund') {
      const original = fields.get('transactionid') ?? '';
      const client = await pool.connect();
      try {
        await client.query('begin');
        const sale = (await client.query(`select * from provider_sim.nmi_transactions where transaction_id = $1 and merchant = $2 and type = 'sale' for update`, [original, merchant])).rows[0] as Row | undefined;
        if (!sale || sale.condition === 'failed') {
          await client.query('rollback');
          return refused(`Transaction not found REFID:3`);
        }
        const refunded = Number(((await client.query(`select coalesce(sum(amount), 0) as s from provider_sim.nmi_transactions where original_transaction_id = $1 and type = 'refund'`, [original])).rows[0] as Row).s);
        if (Math.round((refunded + amount) * 100) > Math.round(Number(sale.amount) * 100)) {
          await client.query('rollback');
          return refused('Refund amount may not exceed the transaction balance REFID:3');
        }
        await client.query(
          `insert into provider_sim.nmi_transactions (transaction_id, merchant, type, amount, currency, condition, response_text, order_id, original_transaction_id, cc_type, cc_last4, merchant_defined, created)
           values ($1, $2, 'refund', $3, $4, 'pendingsettlement', 'SUCCESS', $5, $6, $7, $8, $9, $10)`,
          [id, merchant, amount, sale.currency, fields.get('orderid'), original, sale.cc_type, sale.cc_last4, JSON.stringify(sale.merchant_defined), at],
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
      void sendEvent(merchant, 'transaction.refund.success', { transaction_id: id, transaction_type: 'cc', condition: 'pendingsettlement', action: { amount: money(amount), action_type: 'refund', date: nmiDate(at), success: '1' } });
      return form({ response: '1', responsetext: 'SUCCESS', authcode: '', transactionid: id, avsresponse: '', cvvresponse: '', orderid: fields.get('orderid') ?? '', type: 'refund', response_code: '100' });
    }
    return refused('Invalid Transaction Type REFID:3');
  }

  async function query(merchant: string, fields: URLSearchParams): Promise<SimResponse> {
    const start = fromDate(fields.get('start_date'));
    const end = fromDate(fields.get('end_date'));
    if (fields.get('report_type') === 'settlement_batch') {
      const where = ['b.merchant = $1'];
      const values: unknown[] = [merchant];
      if (fields.get('batch_id')) where.push(`b.batch_id = $${values.push(fields.get('batch_id'))}`);
      if (start) where.push(`b.settled_at >= $${values.push(start)}`);
      if (end) where.push(`b.settled_at <= $${values.push(end)}`);
      const rows = await many(`${BATCH_SUMS} where ${where.join(' and ')} group by b.batch_id order by b.settled_at, b.batch_id`, values);
      return xml({ settlement_batch: rows.map(batchXml) });
    }
    if (fields.get('report_type')) return xml({ error_response: `Invalid report_type ${fields.get('report_type')}` });
    const where = ['t.merchant = $1'];
    const values: unknown[] = [merchant];
    for (const [field, column] of [['transaction_id', 't.transaction_id'], ['order_id', 't.order_id'], ['batch_id', 't.batch_id']] as const) {
      const value = fields.get(field);
      if (value) where.push(`${column} = $${values.push(value)}`);
    }
    const actionType = fields.get('action_type');
    if (actionType) where.push(`t.type = any($${values.push(actionType.split(','))})`);
    if (start) where.push(`t.created >= $${values.push(start)}`);
    if (end) where.push(`t.created <= $${values.push(end)}`);
    const rows = await many(
      `select t.*, b.settled_at from provider_sim.nmi_transactions t left join provider_sim.nmi_batches b on b.batch_id = t.batch_id
        where ${where.join(' and ')} order by t.created, t.transaction_id`,
      values,
    );
    return xml({ transaction: rows.map(transactionXml) });
  }

  async function settle(merchant: string, at: Date = now()): Promise<string | undefined> {
    const client = await pool.connect();
    const batchId = String(randomInt(100_000_000, 999_999_999));
    try {
      await client.query('begin');
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [`nmi-sim-settle:${merchant}`]);
      const pending = (await client.query(`select count(*)::int as n from provider_sim.nmi_transactions where merchant = $1 and condition = 'pendingsettlement' and created <= $2`, [merchant, at])).rows[0] as { n: number };
      if (pending.n === 0) {
        await client.query('rollback');
        return undefined;
      }
      await client.query(`insert into provider_sim.nmi_batches (batch_id, merchant, settled_at, deposit_date) values ($1, $2, $3, $4)`, [batchId, merchant, at, new Date(at.getTime() + DAY_MS).toISOString().slice(0, 10)]);
      await client.query(`update provider_sim.nmi_transactions set condition = 'complete', batch_id = $3 where merchant = $1 and condition = 'pendingsettlement' and created <= $2`, [merchant, at, batchId]);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
    const batch = (await one(`${BATCH_SUMS} where b.batch_id = $1 group by b.batch_id`, [batchId]))!;
    await sendEvent(merchant, 'settlement.batch.complete', batchXml(batch));
    return batchId;
  }

  async function handle(request: SimRequest): Promise<SimResponse> {
    const fields = new URLSearchParams(request.method === 'POST' ? request.body : request.rawQuery);
    if (request.method === 'POST' && request.path === '/_sim/settle') {
      const at = fields.get('at');
      return { status: 200, type: 'application/json', body: JSON.stringify({ batch_id: (await settle(fields.get('merchant') ?? '', at ? new Date(Number(at) * 1000) : undefined)) ?? null }) };
    }
    const route = request.path.replace(/^\/api/, '');
    if (route !== '/transact.php' && route !== '/query.php') return { status: 404, type: 'text/plain', body: 'Not Found' };
    const key = fields.get('security_key') ?? '';
    const merchant = /^sim_([\w-]{1,64})$/.exec(key)?.[1];
    if (route === '/transact.php') {
      if (!merchant) return form({ response: '3', responsetext: 'Authentication Failed', authcode: '', transactionid: '0', type: fields.get('type') ?? '', response_code: '300' });
      return transact(merchant, fields);
    }
    if (!merchant) return xml({ error_response: 'Authentication Failed' });
    return query(merchant, fields);
  }

  const running = await serveSimulator('NMI', handle);
  return { ...running, url: `${running.url}/api`, settle };
}

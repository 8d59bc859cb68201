import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type InvoiceDetail, invoiceCan, isApiError } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { rows } from '../db/executor';
import { signedIn, startTestServer, type TestClient, type TestServer } from '../test/harness';
import { runBillingScheduler } from './scheduler';

/**
 * The one charge path (charge.ts) from each of its entry points: a billing dest
 * (`onetimebilling/charge`), the embed's charge (`onetimebilling/charge-invoice` with the
 * message's idempotency key, as the dashboard's bridge sends it: routes/embed/embed-bridge) and
 * the billing scheduler. Each leaves the same trail — a claim (`pending`, "Charge attempt n"), one
 * provider request per idempotency key, the claim's metadata on the provider's charge — and when a
 * request and a scheduler run race for one invoice, the provider sees one charge request.
 */

const LA = 1;
let server: TestServer;
let db: Database;
let owner: TestClient & { session: { user: { id: number } } };
let ownerId: number;
let methodId: number;
const at = () => ({ businessId: LA, uid: ownerId, userId: ownerId }) as never;

beforeAll(async () => {
  server = await startTestServer({ payments: { simulators: true } });
  db = server.database.db;
  // The demo's billing is in the template: start from none, with one card of the owner's.
  await db.execute(sql`truncate billing_invoices, billing_subscriptions, billing_payment_methods, billing_scheduler_runs, billing_installment_plans cascade`);
  owner = await signedIn(server, 'owner');
  ownerId = owner.session.user.id;
  const [method] = await rows<{ id: number }>(
    db,
    sql`insert into billing_payment_methods (user_id, provider, foreign_id, kind, name, brand, last4, is_default)
        values (${ownerId}, 'stripe', 'pm_card_visa_one_path', 'card', 'Visa', 'visa', '4242', true) returning id`,
  );
  methodId = method!.id;
});
afterAll(() => server?.close());

const simulator = () => server.app.payments.simulators.stripe!;
/** The charge requests the provider received, per idempotency key. */
const chargeRequestsByKey = () => {
  const counts = new Map<string, number>();
  for (const r of simulator().keyedRequests()) if (r.path === '/v1/payment_intents') counts.set(r.idempotencyKey, (counts.get(r.idempotencyKey) ?? 0) + 1);
  return counts;
};
const paymentsOf = (invoiceId: number) =>
  rows<{ status: string; idempotency_key: string; method_label: string }>(db, sql`select status, idempotency_key, method_label from billing_payments where invoice_id = ${invoiceId} order by id`);
const providerChargesOf = (invoiceId: number) =>
  rows<{ metadata: Record<string, string> }>(db, sql`select metadata from provider_sim.stripe_charges where metadata->>'invoice_id' = ${String(invoiceId)}`);
const historyOf = (invoiceId: number) =>
  rows<{ to_status: string; reason: string }>(db, sql`select to_status, reason from billing_invoice_status_history where invoice_id = ${invoiceId} order by id`);

/** An invoice to pay on the owner's card; `dueForScheduler` puts it in the scheduler's queue too. */
async function openInvoice(options: { status?: 'unpaid' | 'fail'; dueForScheduler?: Date; attempts?: number } = {}): Promise<number> {
  const [invoice] = await rows<{ id: number }>(
    db,
    sql`insert into billing_invoices (business_id, user_id, type, status, currency, subtotal, total, attempts, payment_method_id, next_attempt_at)
        values (${LA}, ${ownerId}, 'onetime', ${options.status ?? 'unpaid'}, 'USD', 4200, 4200, ${options.attempts ?? 0}, ${methodId}, ${options.dueForScheduler?.toISOString() ?? null}::timestamptz) returning id`,
  );
  await db.execute(sql`insert into billing_invoice_status_history (invoice_id, from_status, to_status, actor, reason, at) values (${invoice!.id}, null, 'unpaid', 'system', 'Opened', now())`);
  return invoice!.id;
}

/** What the dashboard's embed bridge does with a parent page's `chargeInvoice` message. */
async function embedCharge(invoiceId: number, idempotencyKey: string): Promise<InvoiceDetail | 'not chargeable'> {
  const invoice = await owner.client.billing.invoice.detail(at(), { params: { invoiceId } });
  if (!invoiceCan.chargeFromEmbed(invoice)) return 'not chargeable';
  return owner.client.billing.onetimebilling.chargeInvoice(at(), { body: { invoice_id: invoiceId, idempotency_key: idempotencyKey } });
}

/** The trail only charge.ts leaves: claimed (`pending`, "Charge attempt n … (Visa •••• 4242)"), answered, one provider request, the claim's metadata. */
async function expectOnePathTrail(invoiceId: number) {
  const payments = await paymentsOf(invoiceId);
  expect(payments).toEqual([expect.objectContaining({ status: 'succeeded', method_label: 'Visa •••• 4242' })]);
  const history = await historyOf(invoiceId);
  expect(history.map((h) => h.to_status).slice(-2)).toEqual(['pending', 'paid']);
  expect(history.at(-2)?.reason).toMatch(/^Charge attempt 1( of 3)? \(Visa •••• 4242\)$/);
  expect(history.at(-1)?.reason).toMatch(/^Charge attempt 1( of 3)? succeeded \(Visa •••• 4242\)$/);
  const charges = await providerChargesOf(invoiceId);
  expect(charges).toHaveLength(1);
  expect(charges[0]?.metadata).toEqual({ invoice_id: String(invoiceId), business_id: String(LA), attempt: '1' });
  expect(chargeRequestsByKey().get(payments[0]!.idempotency_key)).toBe(1);
}

describe('the one charge path', () => {
  it('a dest, the embed and the scheduler each charge through it: one provider request per key', async () => {
    // 1. A dest: a one-time charge.
    const viaDest = await owner.client.billing.onetimebilling.charge(at(), { body: { lines: [{ description: 'Dest', quantity: 1, unit_amount: 1500 }], idempotency_key: 'one-path-dest' } });
    expect(viaDest.status).toBe('paid');
    await expectOnePathTrail(viaDest.id);

    // 2. The embed: an unpaid invoice charged with the parent page's key; the same message again charges nothing.
    const embedInvoice = await openInvoice();
    expect(await embedCharge(embedInvoice, 'embed-one-path-1')).toMatchObject({ status: 'paid' });
    await expect(owner.client.billing.onetimebilling.chargeInvoice(at(), { body: { invoice_id: embedInvoice, idempotency_key: 'embed-one-path-1' } })).resolves.toMatchObject({ status: 'paid' });
    await expectOnePathTrail(embedInvoice);

    // 3. The scheduler: an invoice whose attempt is due.
    const now = new Date();
    const scheduled = await openInvoice({ dueForScheduler: new Date(now.getTime() - 60_000) });
    expect(await runBillingScheduler(db, { now })).toMatchObject({ charged: 1, failed: 0 });
    await expectOnePathTrail(scheduled);

    for (const [key, n] of chargeRequestsByKey()) expect(n, key).toBe(1);
  });

  it('a request and a scheduler run racing for the same invoices charge each once', async () => {
    const now = new Date();
    const invoices = await Promise.all(Array.from({ length: 6 }, () => openInvoice({ status: 'fail', attempts: 1, dueForScheduler: new Date(now.getTime() - 60_000) })));
    const requests = invoices.map((invoiceId, i) =>
      (i % 2 === 0 ? embedCharge(invoiceId, `embed-race-${invoiceId}`) : owner.client.billing.onetimebilling.chargeInvoice(at(), { body: { invoice_id: invoiceId } })).then(
        (detail) => (detail === 'not chargeable' ? 'refused' : detail.status),
        // The loser of a race is refused (the invoice is being charged, or paid): never a second charge.
        (error: unknown) => {
          if (isApiError(error) && error.status === 409) return 'refused';
          throw error;
        },
      ),
    );
    const [run, ...answers] = await Promise.all([runBillingScheduler(db, { now, chargeConcurrency: 3 }), ...requests]);
    expect(answers.every((a) => a === 'paid' || a === 'refused')).toBe(true);
    expect(run.charged + answers.filter((a) => a === 'paid').length).toBe(invoices.length);
    const byKey = chargeRequestsByKey();
    for (const invoiceId of invoices) {
      const payments = await paymentsOf(invoiceId);
      expect(payments, `invoice ${invoiceId}`).toEqual([expect.objectContaining({ status: 'succeeded' })]);
      expect(await providerChargesOf(invoiceId)).toHaveLength(1);
      expect(byKey.get(payments[0]!.idempotency_key)).toBe(1);
      expect((await historyOf(invoiceId)).filter((h) => h.to_status === 'pending')).toHaveLength(1);
    }
    for (const [key, n] of byKey) expect(n, key).toBe(1);
  });

  it('no other billing module asks a provider to charge', async () => {
    const dir = path.dirname(new URL(import.meta.url).pathname);
    const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'charge.ts');
    const charging: string[] = [];
    for (const file of files) if (/\.charge\(\s*\{/.test(await readFile(path.join(dir, file), 'utf8'))) charging.push(file);
    expect(charging).toEqual([]);
  });
});

import { Writable } from 'node:stream';
import { addDays, dayInZone, MESSAGES, nextPayoutDate } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FEE_ERROR } from '../demo/seed-webpayments';
import { createLogger } from '../logger';
import { refusal, signedIn, startTestServer, type TestServer } from '../test/harness';
import { rows } from '../db/executor';

const LA = 1;
const NY = 2;

/**
 * The import and the payout schedule against the local simulators of Stripe's and NMI's wire
 * formats, through the real adapters (the Stripe SDK pointed at its simulator): the demo seeded
 * the simulators' state with what it seeded here, so an import finds everything already there.
 */
describe('web payments from the provider: import and payout schedule (simulators)', () => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  const logLines: string[] = [];
  let start: string;
  let end: string;
  let nmiLocation: number;
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    server = await startTestServer({ payments: { simulators: true }, logger: createLogger('debug', sink) });
    owner = await signedIn(server, 'owner');
    admin = await signedIn(server, 'admin');
    end = dayInZone(new Date(), 'America/Los_Angeles');
    start = addDays(end, -60);
    const [nmi] = await rows<{ business_id: number }>(server.database.db, sql`select business_id from payment_accounts where provider = 'nmi' order by business_id limit 1`);
    nmiLocation = nmi?.business_id as number;
  });
  afterAll(() => server.close());
  const db = () => server.database.db;

  const snapshot = async (b: number) =>
    rows<{ payouts: number; items: number; payments: number; amount: number; fees: number; paid: number }>(
      db(),
      sql`select (select count(*)::int from payouts where business_id = ${b}) as payouts,
            (select count(*)::int from payout_items where business_id = ${b}) as items,
            (select count(*)::int from web_payments where business_id = ${b}) as payments,
            (select coalesce(sum(amount), 0)::int from payouts where business_id = ${b}) as amount,
            (select coalesce(sum(fee), 0)::int from payout_items where business_id = ${b}) as fees,
            (select count(*)::int from web_payments where business_id = ${b} and payout_id is not null) as paid`,
    );

  it('reads the location’s Stripe payout schedule with the next payout day in its time zone', async () => {
    const state = await owner.client.webPayments.schedule(LA);
    expect(state).toMatchObject({ provider: 'stripe', schedule: { delay_days: 2, interval: 'daily', weekly_anchor: null, monthly_anchor: null }, timezone: 'America/Los_Angeles' });
    expect(state.next_payout_date).toBe(addDays(dayInZone(new Date(), 'America/Los_Angeles'), 1));
    expect(state.pays_through).toBe(addDays(state.next_payout_date as string, -2));
  });

  it('changes the schedule at the provider and answers the next payout day it gives; a fresh read finds it', async () => {
    const schedule = { delay_days: 3, interval: 'weekly', weekly_anchor: 'friday', monthly_anchor: null } as const;
    const saved = await owner.client.webPayments.updateSchedule(NY, schedule);
    expect(saved.schedule).toEqual(schedule);
    expect(saved.next_payout_date).toBe(nextPayoutDate(schedule, new Date(), 'America/New_York'));
    expect(new Date(`${saved.next_payout_date}T12:00:00Z`).getUTCDay()).toBe(5);
    expect((await owner.client.webPayments.schedule(NY)).schedule).toEqual(schedule);
    const [sim] = await rows<{ payout_schedule: unknown }>(db(), sql`select s.payout_schedule from provider_sim.stripe_accounts s join payment_accounts a on a.account_id = s.id where a.business_id = ${NY}`);
    expect(sim?.payout_schedule).toEqual({ delay_days: 3, interval: 'weekly', weekly_anchor: 'friday' });
  });

  it('tells an NMI location its provider has no payout schedule to change', async () => {
    const error = await refusal(admin.client.webPayments.schedule(nmiLocation));
    expect(error.status).toBe(409);
    expect(error.message).toBe(MESSAGES.payoutScheduleUnsupported);
  });

  it('imports the range’s payouts from Stripe: what Stripe has and our records lacked comes in, and the two mismatches then reconcile; twice is once', async () => {
    const before = await snapshot(LA);
    const mismatchesBefore = (await owner.client.webPayments.payouts(LA, { start, end })).payouts.filter((p) => !p.reconciled);
    expect(mismatchesBefore).toHaveLength(2);
    const result = await owner.client.webPayments.import(LA, { start, end });
    expect(result.data.payouts).toBeGreaterThan(0);
    expect(result.data.items).toBeGreaterThan(result.data.payouts);
    expect(result.message).toBe(MESSAGES.payoutImportQueued);
    // The refund Stripe deducted (one movement, one refund, paid by its payout) and the fee as Stripe took it (45 cents less than ours).
    const after = await snapshot(LA);
    expect(after[0]).toEqual({ ...before[0], items: (before[0]?.items as number) + 1, payments: (before[0]?.payments as number) + 1, paid: (before[0]?.paid as number) + 1, fees: (before[0]?.fees as number) - DEMO_FEE_ERROR });
    expect((await owner.client.webPayments.payouts(LA, { start, end })).mismatched).toBe(0);
    for (const p of mismatchesBefore) {
      const detail = await owner.client.webPayments.payout(LA, p.id);
      expect(detail.comparison).toEqual({ state: 'compared', differences: [], remainder: 0, message: null });
    }
    // Twice is once.
    await owner.client.webPayments.import(LA, { start, end });
    expect(await snapshot(LA)).toEqual(after);
  });

  it('imports an NMI location’s settlement batches (query.php XML) and finds them already here too', async () => {
    const before = await snapshot(nmiLocation);
    const result = await admin.client.webPayments.import(nmiLocation, { start, end });
    expect(result.data.payouts).toBeGreaterThan(0);
    expect(await snapshot(nmiLocation)).toEqual(before);
    expect((await admin.client.webPayments.payouts(nmiLocation, { start, end })).mismatched).toBe(0);
  });

  it('imports a new payout the provider made: its charges and movements, reconciled', async () => {
    const [account] = await rows<{ account_id: string }>(db(), sql`select account_id from payment_accounts where business_id = ${NY}`);
    const stripe = server.app.payments.simulators.stripe;
    if (!stripe) throw new Error('the Stripe simulator is not running');
    // A charge made now through the real adapter, then paid out by the simulator later on.
    const { paymentProviderFor } = await import('../payments/accounts');
    const adapter = await paymentProviderFor(db(), NY);
    const charge = await adapter.charge({ amountCents: 12_345, currency: 'usd', paymentMethod: 'pm_card_visa', idempotencyKey: 'import-test-1', metadata: { queue_id: '999999999' } });
    // Before any payout: on the web payments list, paid by none yet.
    await owner.client.webPayments.import(NY, { start: addDays(end, -1), end: addDays(end, 1) });
    const unpaid = (await owner.client.webPayments.list(NY, { start: addDays(end, -1), end: addDays(end, 1) })).payments.find((p) => p.providerTxId === charge.id);
    expect(unpaid).toMatchObject({ amount: 12_345, payout_id: null, queue_id: null, kind: 'charge' });
    const payoutId = await stripe.runPayout(account?.account_id as string, new Date(Date.now() + 40 * 86_400_000));
    expect(payoutId).toBeTruthy();
    const future = addDays(end, 45);
    await owner.client.webPayments.import(NY, { start: addDays(future, -10), end: future });
    const [row] = await rows<{ id: number; amount: number; payout_id: number | null; queue_id: number | null }>(
      db(),
      sql`select id, amount, payout_id, queue_id from web_payments where business_id = ${NY} and provider_tx_id = ${charge.id}`,
    );
    expect(row).toMatchObject({ amount: 12_345, queue_id: null });
    expect(row?.payout_id).not.toBeNull();
    const detail = await owner.client.webPayments.payout(NY, row?.payout_id as number);
    expect(detail.payout).toMatchObject({ providerPayoutId: payoutId, reconciled: true });
    expect(detail.items.some((i) => i.providerTxId === charge.id && i.fee === Math.round(12_345 * 0.029) + 30)).toBe(true);
  });

  it('never answers or logs a key or signing secret', async () => {
    const env = server.app.payments.environment;
    const secrets = [env.stripe?.secretKey, env.stripe?.webhookSecret, env.nmi?.webhookSigningKey].filter((s): s is string => typeof s === 'string' && s.length > 0);
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    const answers = [
      JSON.stringify(await owner.client.webPayments.schedule(LA)),
      JSON.stringify(await owner.client.webPayments.import(LA, { start: end, end })),
      JSON.stringify(await owner.client.webPayments.payouts(LA, { start, end })),
      JSON.stringify(await owner.client.webPayments.list(LA, { start, end })),
    ];
    const [first] = (await owner.client.webPayments.payouts(LA, { start, end })).payouts;
    answers.push(JSON.stringify(await owner.client.webPayments.payout(LA, first?.id as number)));
    for (const secret of secrets) {
      for (const answer of answers) expect(answer).not.toContain(secret);
      for (const line of logLines) expect(line).not.toContain(secret);
    }
    expect(logLines.length).toBeGreaterThan(0);
  });
});

describe('provider events: a charge listed when it succeeds, a paid payout imported by the job (webhooks)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ payments: { simulators: true }, jobs: { workers: true, pollingIntervalSeconds: 1 } });
  });
  afterAll(() => server.close());

  it('imports the payout the Stripe simulator signed and sent, once, however often the event comes', async () => {
    const db = server.database.db;
    const [account] = await rows<{ account_id: string }>(db, sql`select account_id from payment_accounts where business_id = ${LA}`);
    const { paymentProviderFor } = await import('../payments/accounts');
    const adapter = await paymentProviderFor(db, LA);
    const charge = await adapter.charge({ amountCents: 8_800, currency: 'usd', paymentMethod: 'pm_card_mastercard', idempotencyKey: 'webhook-import-1' });
    // charge.succeeded puts it on the web payments list at once, with Stripe's receipt.
    let listed: { receipt_url: string | null; payout_id: number | null }[] = [];
    for (let i = 0; i < 120 && listed.length === 0; i++) {
      listed = await rows(db, sql`select receipt_url, payout_id from web_payments where business_id = ${LA} and provider_tx_id = ${charge.id}`);
      if (listed.length === 0) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(listed).toEqual([{ receipt_url: charge.receiptUrl, payout_id: null }]);
    expect(charge.receiptUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const stripe = server.app.payments.simulators.stripe;
    if (!stripe) throw new Error('the Stripe simulator is not running');
    const payoutId = await stripe.runPayout(account?.account_id as string, new Date(Date.now() + 30 * 86_400_000));
    expect(payoutId).toBeTruthy();
    // The webhook queued the import; the worker runs it.
    let imported: { id: number; amount: number }[] = [];
    for (let i = 0; i < 120 && imported.length === 0; i++) {
      imported = await rows<{ id: number; amount: number }>(db, sql`select id, amount from payouts where business_id = ${LA} and provider_payout_id = ${payoutId as string}`);
      if (imported.length === 0) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(imported).toHaveLength(1);
    const [paid] = await rows<{ payout_id: number | null }>(db, sql`select payout_id from web_payments where business_id = ${LA} and provider_tx_id = ${charge.id}`);
    expect(paid?.payout_id).toBe(imported[0]?.id);
    // The stored event replayed (inline, as the replay CLI runs it): nothing more.
    const snapshot = async () =>
      (await rows<{ items: number; amount: number }>(db, sql`select count(*)::int as items, coalesce(sum(amount), 0)::int as amount from payout_items where business_id = ${LA}`))[0];
    const before = await snapshot();
    const { replayWebhookEvents } = await import('../payments/webhooks');
    const replay = await replayWebhookEvents(db, server.app.log as never, { type: 'payout.paid', provider: 'stripe' });
    expect(replay).toMatchObject({ processed: replay.replayed, failed: 0 });
    expect(replay.replayed).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
  });
});

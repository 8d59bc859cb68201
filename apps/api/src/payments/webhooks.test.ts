import { Writable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger';
import { encryptSecret } from '../secrets';
import { refusal, rawRequest, signedIn, startTestServer, type TestServer } from '../test/harness';
import { paymentProviderFor } from './accounts';
import { onProviderEvent } from './events';
import { nmiWebhookSignature } from './nmi/adapter';
import type { ProviderEvent } from './provider';
import { paymentAccounts, webhookEvents } from './schema';
import { replayWebhookEvents } from './webhooks';

/**
 * The webhook routes over real HTTP: signatures checked with each provider's scheme, every event
 * logged once by id, a resent event changing nothing, a failed one run again, replay from the
 * log; and no secret in any answer or log line.
 */

let server: TestServer;
const logLines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});
const seen: ProviderEvent[] = [];
/** Every answer the webhook routes gave, for the secrets check. */
const answers: string[] = [];
const kept = async <T extends { text: string }>(answer: Promise<T>): Promise<T> => {
  const result = await answer;
  answers.push(result.text);
  return result;
};
let failNext = false;
const STRIPE_ACCOUNT = 'acct_1WebhookTest';
const NMI_MERCHANT = '770022';
const OWN_SECRET = 'whsec_business_own_secret_value';

beforeAll(async () => {
  server = await startTestServer({ payments: { simulators: true }, logger: createLogger('debug', sink) });
  // The demo's accounts of these locations (seed-webpayments.ts) give way to this test's.
  await server.database.db.delete(paymentAccounts).where(inArray(paymentAccounts.business_id, [1, 2, 3]));
  await server.database.db.insert(paymentAccounts).values([
    { business_id: 1, provider: 'stripe', account_id: STRIPE_ACCOUNT },
    { business_id: 2, provider: 'nmi', account_id: NMI_MERCHANT },
    { business_id: 3, provider: 'stripe', account_id: 'acct_1OwnSecret', webhook_secret: encryptSecret(OWN_SECRET) },
  ]);
  onProviderEvent('*', async (event) => {
    if (failNext) {
      failNext = false;
      throw new Error('the import could not reach the database');
    }
    seen.push(event);
  });
});
afterAll(() => server?.close());
beforeEach(() => {
  seen.length = 0;
});

const stripeSecret = () => server.app.payments.environment.stripe!.webhookSecret;
const nmiKey = () => server.app.payments.environment.nmi!.webhookSigningKey;

function stripeEventBody(id: string, type = 'payout.paid', account = STRIPE_ACCOUNT): string {
  return JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), account, livemode: false, data: { object: { id: `po_${id}`, object: 'payout', amount: 1000 } } });
}

const postStripe = (body: string, signature: string | undefined) =>
  kept(rawRequest(server, '/webhooks/stripe', { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) }, body }));

const sign = (payload: string, secret = stripeSecret()) => Stripe.webhooks.generateTestHeaderString({ payload, secret });

const logged = async (eventId: string) => server.database.db.select().from(webhookEvents).where(eq(webhookEvents.event_id, eventId));

describe('POST /webhooks/stripe', () => {
  it('refuses a missing, wrong or stale signature and a body changed after signing, writing nothing', async () => {
    const body = stripeEventBody('evt_bad_1');
    expect((await postStripe(body, undefined)).status).toBe(400);
    expect((await postStripe(body, sign(body, 'whsec_wrong'))).status).toBe(400);
    const stale = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: stripeSecret(), timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await postStripe(body, stale)).status).toBe(400);
    const tampered = await postStripe(body.replace('1000', '9000'), sign(body));
    expect(tampered.status).toBe(400);
    expect(tampered.body).toMatchObject({ status: false, message: 'The webhook signature could not be verified.' });
    expect(await logged('evt_bad_1')).toEqual([]);
    expect(seen).toEqual([]);
  });

  it('accepts a signed event once: sent again it changes nothing', async () => {
    const body = stripeEventBody('evt_once_1');
    const first = await postStripe(body, sign(body));
    expect(first.status).toBe(200);
    expect(first.body?.data).toEqual({ received: true, duplicate: false });
    const [row] = await logged('evt_once_1');
    expect(row).toMatchObject({ provider: 'stripe', type: 'payout.paid', account: STRIPE_ACCOUNT, business_id: 1, status: 'processed', payload: body });
    const again = await postStripe(body, sign(body));
    expect(again.status).toBe(200);
    expect(again.body?.data).toEqual({ received: true, duplicate: true });
    expect(await logged('evt_once_1')).toEqual([row]);
    expect(seen.map((e) => e.id)).toEqual(['evt_once_1']);
    expect(seen[0]).toMatchObject({ provider: 'stripe', type: 'payout.paid', account: STRIPE_ACCOUNT, data: { id: 'po_evt_once_1' } });
  });

  it('checks an account’s own signing secret when it has one', async () => {
    const body = stripeEventBody('evt_own_1', 'charge.succeeded', 'acct_1OwnSecret');
    expect((await postStripe(body, sign(body, OWN_SECRET))).status).toBe(200);
    expect(await logged('evt_own_1')).toEqual([expect.objectContaining({ business_id: 3, status: 'processed' })]);
    // Its own secret does not sign for another account.
    const other = stripeEventBody('evt_own_2', 'charge.succeeded', STRIPE_ACCOUNT);
    expect((await postStripe(other, sign(other, OWN_SECRET))).status).toBe(400);
  });

  it('answers 500 when a handler fails, and runs it again when the provider resends', async () => {
    const body = stripeEventBody('evt_fail_1');
    failNext = true;
    const first = await postStripe(body, sign(body));
    expect(first.status).toBe(500);
    expect(await logged('evt_fail_1')).toEqual([expect.objectContaining({ status: 'failed', error: 'the import could not reach the database' })]);
    const retry = await postStripe(body, sign(body));
    expect(retry.status).toBe(200);
    expect(retry.body?.data).toEqual({ received: true, duplicate: true });
    expect(await logged('evt_fail_1')).toEqual([expect.objectContaining({ status: 'processed', error: null })]);
    expect(seen.map((e) => e.id)).toEqual(['evt_fail_1']);
  });

  it('receives the simulator’s own payout.paid, signed by it, for the business of that account', async () => {
    const stripe = await paymentProviderFor(server.database.db, 1);
    await stripe.charge({ amountCents: 2_000, currency: 'usd', paymentMethod: 'pm_card_visa', idempotencyKey: 'wh-charge' });
    await vi.waitFor(() => expect(seen.some((e) => e.type === 'charge.succeeded' && e.account === STRIPE_ACCOUNT)).toBe(true));
    const payoutId = await server.app.payments.simulators.stripe!.runPayout(STRIPE_ACCOUNT, new Date(Date.now() + 3 * 86_400_000));
    const payoutEvent = seen.find((e) => e.type === 'payout.paid');
    expect(payoutEvent).toMatchObject({ provider: 'stripe', account: STRIPE_ACCOUNT, data: { id: payoutId, object: 'payout', automatic: true } });
    expect(await logged(payoutEvent!.id)).toEqual([expect.objectContaining({ business_id: 1, status: 'processed' })]);
  });

  it('replays logged events from the log: handlers run again from the stored payload', async () => {
    // An event type no area imports from (payout.paid would make web payments import a payout
    // this test never created at the simulator): only the test's own handler runs.
    const body = stripeEventBody('evt_replay_1', 'payout.updated');
    expect((await postStripe(body, sign(body))).status).toBe(200);
    seen.length = 0;
    const [row] = await logged('evt_replay_1');
    const result = await replayWebhookEvents(server.database.db, server.app.log as never, { ids: [row!.id] });
    expect(result).toEqual({ replayed: 1, processed: 1, failed: 0 });
    expect(seen.map((e) => [e.id, e.type, e.account])).toEqual([['evt_replay_1', 'payout.updated', STRIPE_ACCOUNT]]);
    expect(await logged('evt_replay_1')).toEqual([expect.objectContaining({ replays: 1, status: 'processed' })]);
    const none = await replayWebhookEvents(server.database.db, server.app.log as never, { provider: 'nmi', type: 'no.such.type' });
    expect(none).toEqual({ replayed: 0, processed: 0, failed: 0 });
  });
});

describe('POST /webhooks/nmi', () => {
  const nmiBody = (id: string, type = 'settlement.batch.complete') => JSON.stringify({ event_id: id, event_type: type, event_body: { merchant: { id: NMI_MERCHANT, name: 'Test' }, batch_id: '123', settlement_date: '20260102030405' } });
  const postNmi = (body: string, signature: string | undefined) =>
    kept(rawRequest(server, '/webhooks/nmi', { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'webhook-signature': signature } : {}) }, body }));

  it('accepts NMI’s JSON signed with its Webhook-Signature, mapped to the common event names, once', async () => {
    const body = nmiBody('nmi-evt-1');
    const ok = await postNmi(body, nmiWebhookSignature(body, nmiKey(), 'abc123'));
    expect(ok.status).toBe(200);
    expect(seen).toEqual([expect.objectContaining({ id: 'nmi-evt-1', provider: 'nmi', type: 'payout.paid', providerType: 'settlement.batch.complete', account: NMI_MERCHANT, created: new Date('2026-01-02T03:04:05Z') })]);
    expect((await postNmi(body, nmiWebhookSignature(body, nmiKey(), 'other-nonce'))).body?.data).toEqual({ received: true, duplicate: true });
    expect(seen).toHaveLength(1);
    expect(await logged('nmi-evt-1')).toEqual([expect.objectContaining({ business_id: 2, type: 'payout.paid' })]);
  });

  it('refuses a wrong, malformed or missing signature, and XML', async () => {
    const body = nmiBody('nmi-evt-bad');
    expect((await postNmi(body, nmiWebhookSignature(body, 'wrong-key', 'n'))).status).toBe(400);
    expect((await postNmi(body, 'sha256=deadbeef')).status).toBe(400);
    expect((await postNmi(body, undefined)).status).toBe(400);
    const xml = '<event><id>1</id></event>';
    expect((await postNmi(xml, nmiWebhookSignature(xml, nmiKey(), 'n'))).status).toBe(400);
    expect(await logged('nmi-evt-bad')).toEqual([]);
    expect(seen).toEqual([]);
  });

  it('receives the simulator’s settlement of a sale', async () => {
    const nmi = await paymentProviderFor(server.database.db, 2);
    await nmi.charge({ amountCents: 3_000, currency: 'usd', token: 'tok', idempotencyKey: 'wh-nmi-sale' });
    const batchId = await server.app.payments.simulators.nmi!.settle(NMI_MERCHANT);
    expect(seen.filter((e) => e.type === 'payout.paid')).toEqual([expect.objectContaining({ account: NMI_MERCHANT, data: expect.objectContaining({ batch_id: batchId }) })]);
    // The sale's event is sent without waiting (as NMI sends it): it arrives on its own.
    await vi.waitFor(() => expect(seen.some((e) => e.type === 'charge.succeeded' && e.provider === 'nmi')).toBe(true));
  });
});

describe('POST /protected/admin/webhooks/replay', () => {
  it('replays logged events for an admin, by provider and type; anyone else is refused and bad input changes nothing', async () => {
    const owner = await signedIn(server, 'owner');
    expect((await refusal(owner.client.webhooks.replay({}))).status).toBe(403);
    const admin = await signedIn(server, 'admin');
    const before = await server.database.db.select().from(webhookEvents);
    const bad = await refusal(admin.client.webhooks.replay({ since: 'yesterday' } as never));
    expect(bad.status).toBe(400);
    expect(await server.database.db.select().from(webhookEvents)).toEqual(before);
    expect(seen).toEqual([]);
    const nmiPayouts = before.filter((e) => e.provider === 'nmi' && e.type === 'payout.paid');
    expect(nmiPayouts.length).toBeGreaterThan(0);
    const result = await admin.client.webhooks.replay({ provider: 'nmi', type: 'payout.paid' });
    answers.push(JSON.stringify(result));
    expect(result).toEqual({ replayed: nmiPayouts.length, processed: nmiPayouts.length, failed: 0 });
    expect(seen.map((e) => e.id).sort()).toEqual(nmiPayouts.map((e) => e.event_id).sort());
  });
});

describe('secrets', () => {
  it('no answer and no log line holds a webhook secret, a signature, a key or a card number', () => {
    expect(answers.length).toBeGreaterThan(10);
    const text = [...logLines, ...answers].join('');
    expect(text).toContain('Webhook received');
    for (const secret of [stripeSecret(), nmiKey(), OWN_SECRET, server.app.payments.environment.stripe!.secretKey, 'sim_770022', '4242424242424242']) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/t=\d+,v1=/);
  });
});

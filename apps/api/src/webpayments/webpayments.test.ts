import { addDays, dayInZone, endpoints, exportPath, feeFor, formatMoney, isPayoutDay, MESSAGES, type PayoutSchedule, payoutDays, STANDARD_PRICING } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FEE_ERROR, DEMO_MISSING_REFUND, DEMO_PAYOUT_SCHEDULES } from '../demo/seed-webpayments';
import { download, readCsv } from '../test/exports';
import { demoSeededAt, refusal, signedIn, startTestServer, type TestServer } from '../test/harness';
import { rows } from '../db/executor';

const LA = 1;
const OTHER_NETWORK = 4;

describe('web payments and payouts (webpayments, webpayments/payouts, payouts/{id}, payoutgrid, allpayoutcharges, payout schedule)', () => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let manager: Awaited<ReturnType<typeof signedIn>>;
  let start: string;
  let end: string;
  beforeAll(async () => {
    // The Stripe and NMI simulators hold the providers' own listing of each payout, which a payout's page compares with ours.
    server = await startTestServer({ payments: { simulators: true } });
    owner = await signedIn(server, 'owner');
    manager = await signedIn(server, 'manager');
    end = dayInZone(new Date(), 'America/Los_Angeles');
    start = addDays(end, -60);
  });
  afterAll(() => server.close());
  const db = () => server.database.db;

  it('the demo makes every card payment a charge at the location’s provider, both providers in use, paid out on each location’s schedule', async () => {
    const perLocation = await rows<{ id: number; provider: string | null; charges: number; charged: number; payments: number; paid: number; payouts: number }>(
      db(),
      sql`select b.id,
            (select min(provider) from web_payments w where w.business_id = b.id) as provider,
            (select count(*)::int from web_payments w where w.business_id = b.id and w.kind = 'charge') as charges,
            (select coalesce(sum(amount), 0)::int from web_payments w where w.business_id = b.id and w.kind = 'charge') as charged,
            (select count(*)::int from payments p where p.business_id = b.id and p.charge_status = 'CAPTURE' and p.amount > 0) as payments,
            (select coalesce(sum(amount), 0)::int from payments p where p.business_id = b.id and p.charge_status = 'CAPTURE' and p.amount > 0) as paid,
            (select count(*)::int from payouts p where p.business_id = b.id) as payouts
          from businesses b order by b.id limit 5`,
    );
    expect(new Set(perLocation.map((l) => l.provider))).toEqual(new Set(['stripe', 'nmi']));
    for (const [index, l] of perLocation.entries()) {
      expect(l.charges, `location ${l.id}`).toBe(l.payments);
      expect(l.charged, `location ${l.id}`).toBe(l.paid);
      const schedule = DEMO_PAYOUT_SCHEDULES[index] as PayoutSchedule;
      // A payout on every payout day that has something to pay (a monthly schedule may have none yet in a short demo).
      const [span] = await rows<{ first: string; today: string }>(
        db(),
        sql`select min(w.checkout_day)::text as first, (${demoSeededAt().toISOString()}::timestamptz at time zone b.timezone)::date::text as today
            from web_payments w join businesses b on b.id = w.business_id where w.business_id = ${l.id} group by b.timezone`,
      );
      const due = payoutDays(schedule, addDays(span?.first as string, schedule.delay_days), span?.today as string);
      expect(l.payouts, `location ${l.id}`).toBe(due.length);
      const days = await rows<{ created_day: string }>(db(), sql`select created_day::text from payouts where business_id = ${l.id}`);
      for (const d of days) expect(isPayoutDay(schedule, d.created_day), `${l.id} ${d.created_day}`).toBe(true);
    }
    // Every refund of a ticket paid by card is a refund at the provider, tied to its charge.
    const [orphans] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from web_payments r where r.kind = 'refund'
          and not exists (select 1 from web_payments c where c.business_id = r.business_id and c.provider_tx_id = r.charge_tx_id and c.kind = 'charge')`,
    );
    expect(orphans?.n).toBe(0);
  });

  it('lists a range’s web payments with Provider, Amount, Invoice, Customer#, providerTxId and receipt; filters by provider', async () => {
    const list = await owner.client.webPayments.list(LA, { start, end });
    expect(list.payments.length).toBeGreaterThan(10);
    expect(list.totals.count).toBe(list.payments.length);
    expect(list.totals.amount).toBe(list.payments.reduce((s, p) => s + p.amount, 0));
    const [sum] = await rows<{ n: number; amount: number }>(
      db(),
      sql`select count(*)::int as n, coalesce(sum(amount), 0)::int as amount from web_payments where business_id = ${LA} and checkout_day between ${start} and ${end}`,
    );
    expect(list.totals).toMatchObject({ count: sum?.n, amount: sum?.amount });
    const charge = list.payments.find((p) => p.kind === 'charge' && p.queue_id !== null);
    expect(charge).toMatchObject({ provider: 'stripe', Invoice: String(charge?.queue_id) });
    expect(charge?.providerTxId).toMatch(/^ch_/);
    // Stripe gives a receipt: the sale's receipt page.
    expect(charge?.receipt).toMatch(/^\/receipt\//);
    const refund = list.payments.find((p) => p.kind === 'refund');
    expect(refund?.amount).toBeLessThan(0);
    // Newest first.
    const instants = list.payments.map((p) => p.created_at);
    expect([...instants].sort().reverse()).toEqual(instants);

    expect((await owner.client.webPayments.list(LA, { start, end, provider: 'nmi' })).payments).toEqual([]);
  });

  it('an NMI location’s rows have no receipt (the screen says Receipt Not Available)', async () => {
    const nmi = await rows<{ id: number }>(db(), sql`select distinct business_id as id from web_payments where provider = 'nmi' order by 1 limit 1`);
    const b = nmi[0]?.id as number;
    const admin = await signedIn(server, 'admin');
    const list = await admin.client.webPayments.list(b, { start, end, provider: 'nmi' });
    expect(list.payments.length).toBeGreaterThan(0);
    expect(list.payments.every((p) => p.receipt === null && p.provider === 'nmi' && /^\d+$/.test(p.providerTxId))).toBe(true);
  });

  it('refuses a range that ends before it starts or is longer than a year, naming end', async () => {
    const backwards = await refusal(owner.client.webPayments.list(LA, { start: end, end: start }));
    expect(backwards.status).toBe(400);
    expect(backwards.issues?.[0]?.path).toEqual(['query', 'end']);
    const long = await refusal(owner.client.webPayments.payouts(LA, { start: '2024-01-01', end: '2025-06-01' }));
    expect(long.status).toBe(400);
    expect(long.issues?.[0]?.message).toContain('366');
  });

  it('reconciles every payout: all but the demo’s two mismatches match, and those are named with the difference', async () => {
    const list = await owner.client.webPayments.payouts(LA, { start, end });
    expect(list.payouts.length).toBeGreaterThan(3);
    for (const p of list.payouts) {
      expect(p.netamount).toBe(p.gross - p.fee);
      expect(p.reconciled).toBe(p.netamount === p.amount);
      expect(p.difference).toBe(p.amount - p.netamount);
      expect(p.message).toBe(p.reconciled ? null : MESSAGES.payoutMismatch);
    }
    const mismatched = list.payouts.filter((p) => !p.reconciled);
    expect(list.mismatched).toBe(2);
    expect(mismatched).toHaveLength(2);
    // The fee error: the movements say 45 cents more fee than the payout took.
    expect(mismatched.map((p) => p.difference)).toContain(DEMO_FEE_ERROR);
    // The missing refund: the payout is lower than its movements by the refund.
    expect(mismatched.some((p) => p.difference < 0)).toBe(true);
    // The other locations reconcile.
    const admin = await signedIn(server, 'admin');
    for (const b of [2, 3, 4, 5]) expect((await admin.client.webPayments.payouts(b, { start, end })).mismatched, `location ${b}`).toBe(0);
  });

  it('names, on the unexplained line, the refund Stripe deducted from a payout and our records lack: its id, its amount, the ticket of its charge', async () => {
    const list = await owner.client.webPayments.payouts(LA, { start, end });
    const missing = list.payouts.find((p) => !p.reconciled && p.difference < 0);
    const detail = await owner.client.webPayments.payout(LA, missing?.id as number);
    expect(detail.items.reduce((s, i) => s + i.net, 0)).toBe(detail.payout.amount);
    // Stripe's listing of the payout against ours: one movement, a refund we have no record of, that makes the whole difference.
    expect(detail.comparison).toMatchObject({ state: 'compared', remainder: 0, message: null });
    expect(detail.comparison.differences).toHaveLength(1);
    const refund = detail.comparison.differences[0];
    expect(refund).toMatchObject({ side: 'missing_here', kind: 'refund', ours: null, effect: missing?.difference, provider: { amount: missing?.difference, fee: 0, net: missing?.difference } });
    expect(refund?.providerTxId).toMatch(/^re_/);
    // Stripe lists it among the payout's balance transactions; we have no record of it.
    const [atStripe] = await rows<{ amount: number; payout: string | null }>(
      db(),
      sql`select r.amount, b.payout from provider_sim.stripe_refunds r join provider_sim.stripe_balance_transactions b on b.source = r.id where r.id = ${refund?.providerTxId}`,
    );
    expect(atStripe).toEqual({ amount: -(missing?.difference as number), payout: missing?.providerPayoutId });
    expect(await rows(db(), sql`select id from web_payments where business_id = ${LA} and provider_tx_id = ${refund?.providerTxId}`)).toEqual([]);
    // It refunds a charge of ours that this payout pays, named with its ticket.
    const [charge] = await rows<{ id: number; queue_id: number | null; amount: number; payout_id: number }>(
      db(),
      sql`select id, queue_id, amount, payout_id from web_payments where business_id = ${LA} and provider_tx_id = ${refund?.chargeTxId}`,
    );
    expect(charge).toMatchObject({ id: refund?.web_payment_id, queue_id: refund?.queue_id, payout_id: missing?.id });
    expect(charge?.queue_id).not.toBeNull();
    expect(-(missing?.difference as number)).toBe(Math.min(charge?.amount as number, DEMO_MISSING_REFUND));
    // The unexplained line names it, by id and amount, with that ticket.
    const last = detail.items.at(-1);
    const sentence = `Stripe deducted refund ${refund?.providerTxId} of ${formatMoney(-(missing?.difference as number), '$')} from this payout; it is missing from our records.`;
    expect(refund?.message).toBe(sentence);
    expect(last).toMatchObject({ kind: 'unexplained', key: 'unexplained', amount: missing?.difference, providerTxId: refund?.providerTxId, queue_id: charge?.queue_id, description: sentence });
    // No charge of ours is named as the cause: the charge it refunds is right as we have it.
    expect(detail.items.filter((i) => i.explains)).toEqual([]);
    // Its sums by kind add up too.
    expect(detail.byKind.reduce((s, k) => s + k.net, 0)).toBe(detail.payout.amount);
  });

  it('names the charge whose fee our records have other than the fee Stripe took (the fee error), and flags it', async () => {
    const list = await owner.client.webPayments.payouts(LA, { start, end });
    const feeError = list.payouts.find((p) => p.difference === DEMO_FEE_ERROR);
    const detail = await owner.client.webPayments.payout(LA, feeError?.id as number);
    expect(detail.comparison.differences).toHaveLength(1);
    const difference = detail.comparison.differences[0];
    const price = feeFor(difference?.ours?.amount as number, STANDARD_PRICING.stripe);
    expect(difference).toMatchObject({ side: 'differs', kind: 'charge', effect: DEMO_FEE_ERROR, provider: { fee: price }, ours: { fee: price + DEMO_FEE_ERROR } });
    expect(difference?.queue_id).not.toBeNull();
    expect(detail.comparison.remainder).toBe(0);
    const explaining = detail.items.filter((i) => i.explains);
    expect(explaining.map((i) => i.key)).toEqual([difference?.key]);
    expect(explaining[0]?.providerTxId).toBe(difference?.providerTxId);
    // A reconciled payout: Stripe's listing and ours agree, no unexplained line and nothing flagged.
    const fine = list.payouts.find((p) => p.reconciled);
    const ok = await owner.client.webPayments.payout(LA, fine?.id as number);
    expect(ok.comparison).toEqual({ state: 'compared', differences: [], remainder: 0, message: null });
    expect(ok.items.some((i) => i.kind === 'unexplained' || i.explains)).toBe(false);
  });

  it('an NMI location’s settlement batches agree with NMI’s listing of them', async () => {
    const [nmi] = await rows<{ id: number }>(db(), sql`select business_id as id from payouts where provider = 'nmi' order by created_at desc limit 1`);
    const admin = await signedIn(server, 'admin');
    const [payout] = await rows<{ id: number }>(db(), sql`select id from payouts where business_id = ${nmi?.id} order by created_at desc limit 1`);
    const detail = await admin.client.webPayments.payout(nmi?.id as number, payout?.id as number);
    expect(detail.comparison).toEqual({ state: 'compared', differences: [], remainder: 0, message: null });
  });

  it('grids payouts by checkout day, and a cell’s charges are what allpayoutcharges lists', async () => {
    const grid = await owner.client.webPayments.grid(LA, { start, end });
    expect(grid.rows.length).toBeGreaterThan(0);
    expect([...grid.days].sort()).toEqual(grid.days);
    const row = grid.rows.find((r) => r.cells.length > 0);
    const cell = row?.cells[0];
    const charges = await owner.client.webPayments.charges(LA, row?.payout.id as number, cell?.checkout_day as string);
    expect(charges.payments).toHaveLength(cell?.count as number);
    expect(charges.payments.reduce((s, p) => s + p.amount, 0)).toBe(cell?.amount);
    expect(charges.payments.every((p) => p.payout_id === row?.payout.id && p.checkout_day === cell?.checkout_day)).toBe(true);
  });

  it('keeps another location’s payouts out: 404 for its payout, in detail and in allpayoutcharges', async () => {
    const [theirs] = await rows<{ id: number }>(db(), sql`select id from payouts where business_id <> ${LA} order by id limit 1`);
    const detail = await refusal(owner.client.webPayments.payout(LA, theirs?.id as number));
    expect(detail.status).toBe(404);
    expect(detail.message).toBe(MESSAGES.payoutNotFound);
    expect((await refusal(owner.client.webPayments.charges(LA, theirs?.id as number, end))).status).toBe(404);
    // And a location of another network is not the owner's at all.
    expect((await refusal(owner.client.webPayments.payouts(OTHER_NETWORK, { start, end }))).status).toBe(403);
  });

  it('exports the payouts and the web payments as the screens list them', async () => {
    const list = await owner.client.webPayments.payouts(LA, { start, end });
    const file = await download(server, exportPath(endpoints.webPaymentExports.payouts, { params: { id: LA }, query: { start, end, format: 'csv' } }), owner.jar);
    expect(file.status).toBe(200);
    const csv = await readCsv(file.body);
    expect(csv.length - 1).toBe(list.payouts.length);
    expect(csv[0]).toContain('Reconciled');
    expect(csv.filter((r) => r.at(-1) === 'No')).toHaveLength(2);
  });

  it('refuses a payout schedule whose anchor does not fit its interval, before reaching any provider', async () => {
    const bad = await refusal(owner.client.webPayments.updateSchedule(LA, { delay_days: 2, interval: 'weekly', weekly_anchor: null, monthly_anchor: 5 }));
    expect(bad.status).toBe(400);
    expect(bad.issues?.map((i) => i.message)).toContain(MESSAGES.payoutWeeklyAnchorRequired);
    const daily = await refusal(owner.client.webPayments.updateSchedule(LA, { delay_days: 2, interval: 'daily', weekly_anchor: 'monday', monthly_anchor: null }));
    expect(daily.issues?.map((i) => i.message)).toContain(MESSAGES.payoutWeeklyAnchorOnlyWeekly);
  });

  it('a user who may not edit settings may read payouts but not change the schedule or import', async () => {
    expect((await manager.client.webPayments.payouts(LA, { start, end })).payouts.length).toBeGreaterThan(0);
    expect((await refusal(manager.client.webPayments.updateSchedule(LA, { delay_days: 2, interval: 'daily', weekly_anchor: null, monthly_anchor: null }))).status).toBe(403);
    expect((await refusal(manager.client.webPayments.import(LA, { start, end }))).status).toBe(403);
  });
});

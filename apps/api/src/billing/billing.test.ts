import {
  allBillingDests,
  type AnyBillingDest,
  billingDests,
  billingRequest,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  fillPath,
  type InvoiceDetail,
  MESSAGES,
} from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/sessions';
import { rawRequest, signedIn, startTestServer, type TestServer } from '../test/harness';
import { changedTables, snapshot } from '../test/snapshot';
import { rows } from '../db/executor';

/**
 * The billing dispatcher over real HTTP (spec 000 §7 Billing): every one of the 52 dests answers
 * its allowed callers, refuses the others (403) and refuses bad input (400) without changing
 * anything; an unknown dest is a 400; the refund race; a paid invoice is never charged again;
 * the share link of the public add-a-payment-method page.
 */
const LA = 1;
const NY = 2;
const KTM = 4;

type Who = 'admin' | 'owner' | 'manager' | 'lotus';
interface Input {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

describe('billing dests over HTTP', () => {
  let server: TestServer;
  const cookies = new Map<Who, string>();
  const ids = new Map<Who, number>();
  const q = <T>(query: ReturnType<typeof sql>) => rows<T>(server.database.db, query);

  beforeAll(async () => {
    server = await startTestServer({ demo: true });
    for (const who of ['admin', 'owner', 'manager', 'lotus'] as const) {
      const { jar, session } = await signedIn(server, who);
      cookies.set(who, jar.get(SESSION_COOKIE) as string);
      ids.set(who, session.user.id);
    }
    // Luxe Los Angeles's demo invoices are all settled: three instalments to pay, opened by its owner.
    const plan = await ok<{ instalments: { status: string }[] }>('owner', billingDests.onetimebilling.chargeInstallment, {
      body: { user_id: idOf('owner'), description: 'Fixture instalments', total: 9000, count: 3 },
    });
    expect(plan.instalments.map((i) => i.status)).toEqual(['unpaid', 'unpaid', 'unpaid']);
  });
  afterAll(() => server?.close());

  const idOf = (who: Who) => ids.get(who) as number;
  /** Where a dest runs for `who`: business `businessId` as them, or their own user (or `userId`). */
  const at = (dest: AnyBillingDest, who: Who, target: { businessId?: number; userId?: number } = {}) =>
    dest.route === 'business' ? { businessId: target.businessId ?? LA, uid: idOf(who) } : { userId: target.userId ?? idOf(who) };

  /** One call as the browser sends it; `url` overrides the dispatcher's address (bad input). */
  async function send(who: Who | null, dest: AnyBillingDest, input: Input = {}, options: { target?: { businessId?: number; userId?: number }; query?: string; rawBody?: string } = {}) {
    const { endpoint, input: wire } = billingRequest(dest, at(dest, who ?? 'owner', options.target), input as never);
    const w = wire as { params: Record<string, unknown>; query: Record<string, unknown>; body?: unknown };
    const qs = options.query ?? new URLSearchParams(Object.entries(w.query).filter(([, v]) => v !== undefined).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const response = await rawRequest(server, `${fillPath(endpoint.path, w.params)}?${qs}`, {
      method: dest.method,
      headers: {
        accept: 'application/json',
        ...(who ? { cookie: `${SESSION_COOKIE}=${cookies.get(who)}` } : {}),
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        ...(dest.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      body: dest.method === 'POST' ? (options.rawBody ?? JSON.stringify(w.body ?? {})) : undefined,
    });
    return response;
  }
  /** A call that must succeed; its data. */
  async function ok<T = unknown>(who: Who, dest: AnyBillingDest, input: Input = {}, target?: { businessId?: number; userId?: number }): Promise<T> {
    const response = await send(who, dest, input, { target });
    expect(response.status, `${who} ${dest.dest}: ${response.text.slice(0, 400)}`).toBe(200);
    return response.body?.data as T;
  }

  // ——— Fixtures from the demo ———
  const fixture = async () => {
    const [sub] = await q<{ id: number; user_id: number }>(sql`select id, user_id from billing_subscriptions where business_id = ${LA} and deleted_at is null order by id limit 1`);
    const [unpaid] = await q<{ id: number }>(sql`select id from billing_invoices where business_id = ${LA} and status in ('unpaid', 'fail', 'queued') and deleted_at is null order by id desc limit 1`);
    const [paid] = await q<{ id: number; foreign_payment_id: string }>(
      sql`select i.id, p.foreign_payment_id from billing_invoices i join billing_payments p on p.invoice_id = i.id and p.status = 'succeeded'
           where i.business_id = ${LA} and i.status = 'paid' and i.deleted_at is null order by i.id desc limit 1`,
    );
    const [method] = await q<{ id: number }>(sql`select id from billing_payment_methods where user_id = ${idOf('owner')} and removed_at is null order by is_default desc, id limit 1`);
    const [entry] = await q<{ id: number }>(sql`select id from billing_account_balances where business_id = ${LA} and deleted_at is null order by id limit 1`);
    const [plan] = await q<{ id: number }>(sql`select id from billing_plans where kind = 'Reoccuring' and currency = 'USD' order by id limit 1`);
    const [onetimePlan] = await q<{ id: number }>(sql`select id from billing_plans where kind = 'Onetime' order by id limit 1`);
    if (!sub || !unpaid || !paid || !method || !entry || !plan || !onetimePlan) throw new Error(`the demo billing data changed: ${JSON.stringify({ sub, unpaid, paid, method, entry, plan, onetimePlan })}`);
    return { sub, unpaid, paid, method, entry, plan, onetimePlan };
  };

  /** A valid input for every dest (what the permission checks send: only the caller is wrong). */
  const validInput = async (): Promise<Record<string, Input>> => {
    const f = await fixture();
    const range = { startdate: '2020-01-01', enddate: '2040-01-01' };
    const d = billingDests;
    return {
      [d.subscription.allByUserid.name]: {},
      [d.subscription.addAdjustment.name]: { body: { subscription_id: f.sub.id, adjustment: { type: 'd', amount_kind: 'p', value: 1000 } } },
      [d.subscription.create.name]: { body: { user_id: idOf('owner'), plan_id: f.plan.id } },
      [d.subscription.changeStatus.name]: { body: { subscription_id: f.sub.id, status: 'paused', pause_mode: 'PAUSE', starts_on: '2039-01-01' } },
      [d.subscription.removeStatus.name]: { body: { subscription_id: f.sub.id, status_id: 1 } },
      [d.subscription.count.name]: {},
      [d.subscription.counts.name]: {},
      [d.subscription.softDelete.name]: { body: { subscription_id: f.sub.id } },
      [d.plan.all.name]: {},
      [d.reports.businesses.name]: {},
      [d.reports.invoices.name]: { params: { businessId: LA }, query: range },
      [d.reports.recurringInvoices.name]: { query: range },
      [d.reports.onetimeInvoices.name]: { query: range },
      [d.businesses.all.name]: {},
      [d.accountbalance.all.name]: {},
      [d.accountbalance.create.name]: { body: { kind: 'fund', amount: 500 } },
      [d.accountbalance.update.name]: { body: { entry_id: f.entry.id, amount: 700 } },
      [d.accountbalance.delete.name]: { body: { entry_id: f.entry.id } },
      [d.accountbalance.allFund.name]: {},
      [d.accountbalance.allMessage.name]: {},
      [d.accountbalance.businessHistory.name]: { params: { businessId: LA } },
      [d.payment.all.name]: {},
      [d.payment.createSetupIntent.name]: { body: {} },
      [d.payment.create.name]: { body: { setup_intent_id: 'seti_123' } },
      [d.payment.updateName.name]: { body: { payment_method_id: f.method.id, name: 'Renamed' } },
      [d.payment.updateCard.name]: { body: { payment_method_id: f.method.id, exp_month: 12, exp_year: 2040 } },
      [d.payment.makeDefault.name]: { body: { payment_method_id: f.method.id } },
      [d.payment.remove.name]: { body: { payment_method_id: f.method.id } },
      [d.payment.addToSub.name]: { body: { payment_method_id: f.method.id, subscription_id: f.sub.id } },
      [d.payment.addToMultipleSubs.name]: { body: { payment_method_id: f.method.id, subscription_ids: [f.sub.id] } },
      [d.payment.removeFromSub.name]: { body: { subscription_id: f.sub.id } },
      [d.payment.createLinkToken.name]: { body: {} },
      [d.payment.share.name]: { body: {} },
      [d.onetimebilling.charge.name]: { body: { lines: [{ description: 'Set-up', quantity: 1, unit_amount: 1000 }] } },
      [d.onetimebilling.chargeInstallment.name]: { body: { user_id: idOf('owner'), description: 'Training', total: 30000, count: 3 } },
      [d.onetimebilling.chargeAccountBalance.name]: { body: { kind: 'fund', amount: 1000 } },
      [d.onetimebilling.chargeInvoice.name]: { body: { invoice_id: f.unpaid.id } },
      [d.invoice.all.name]: { query: range },
      [d.invoice.detail.name]: { params: { invoiceId: f.paid.id } },
      [d.invoice.withfilter.name]: { query: { status: 'unpaid' } },
      [d.invoice.onetime.name]: {},
      [d.invoice.payments.name]: { params: { invoiceId: f.paid.id } },
      [d.invoice.changePaymentMethod.name]: { body: { invoice_id: f.unpaid.id, payment_method_id: f.method.id } },
      [d.invoice.changeInvoiceStatus.name]: { body: { invoice_id: f.unpaid.id, status: 'withdrawn', reason: 'Waived' } },
      [d.invoice.changeDueDate.name]: { body: { invoice_id: f.unpaid.id, dueDate: '2039-01-01' } },
      [d.invoice.updateComment.name]: { body: { invoice_id: f.unpaid.id, comment: 'Called' } },
      [d.invoice.resetAttempts.name]: { params: { invoiceId: f.unpaid.id }, body: {} },
      [d.invoice.removePaymentMethod.name]: { body: { invoice_id: f.unpaid.id } },
      [d.invoice.refund.name]: { body: { invoice_id: f.paid.id, foreign_payment_id: f.paid.foreign_payment_id, amount: 1 } },
      [d.invoice.softDelete.name]: { body: { invoice_id: f.unpaid.id } },
      [d.invoice.pdf.name]: { params: { invoiceId: f.paid.id } },
      [d.scheduler.trigger.name]: { body: {} },
    };
  };

  it('defines 52 dests and has a valid input for each', async () => {
    expect(allBillingDests).toHaveLength(52);
    const inputs = await validInput();
    expect(Object.keys(inputs).sort()).toEqual(allBillingDests.map((d) => d.name).sort());
  });

  it('refuses every dest to callers without its access (403) and anonymous callers (401), changing nothing', async () => {
    const inputs = await validInput();
    const before = await snapshot(server.database.db);
    const failures: string[] = [];
    for (const dest of allBillingDests) {
      const input = inputs[dest.name] as Input;
      // The manager of Luxe Los Angeles sees it but is not its owner; the owner is no admin.
      const refused: Who[] = dest.access === 'admin' ? ['manager', 'owner'] : dest.access === 'owner' ? ['manager'] : [];
      for (const who of refused) {
        const response = await send(who, dest, input);
        if (response.status !== 403 || response.body?.status !== false || response.body.message !== MESSAGES.noBusinessPermission) failures.push(`${who} ${dest.dest}: ${response.status} ${response.text.slice(0, 200)}`);
      }
      // Another network's owner, on Luxe Los Angeles (or, on the user level, on the owner's user).
      const foreign = await send('lotus', dest, input, { target: { businessId: LA, userId: idOf('owner') } });
      if (foreign.status !== 403) failures.push(`lotus ${dest.dest}: ${foreign.status} ${foreign.text.slice(0, 200)}`);
      const anonymous = await send(null, dest, input);
      if (anonymous.status !== 401) failures.push(`anonymous ${dest.dest}: ${anonymous.status}`);
    }
    expect(failures).toEqual([]);
    expect(changedTables(before, await snapshot(server.database.db))).toEqual([]);
  });

  it('refuses bad input to every dest with a clear 400, changing nothing', async () => {
    const inputs = await validInput();
    const before = await snapshot(server.database.db);
    const failures: string[] = [];
    let checked = 0;
    for (const dest of allBillingDests) {
      const who: Who = 'admin';
      const input = inputs[dest.name] as Input;
      const bad: { label: string; input: Input; options?: { query?: string; rawBody?: string } }[] = [];
      const destQuery = (extra: Record<string, string>) => {
        const { input: wire } = billingRequest(dest, at(dest, who), input as never);
        return new URLSearchParams(Object.entries({ ...(wire as { query: Record<string, unknown> }).query, ...extra }).filter(([, v]) => v !== undefined).map(([k, v]): [string, string] => [k, String(v)])).toString();
      };
      bad.push({ label: 'uid not an id', input, options: { query: destQuery({ uid: 'abc' }) } });
      bad.push({ label: 'no dest', input, options: { query: destQuery({ dest: '' }) } });
      if (dest.params) {
        const params = Object.fromEntries(Object.keys(input.params ?? {}).map((k) => [k, 'abc']));
        bad.push({ label: 'params not ids', input: { ...input, params } });
      }
      if (dest.query) {
        const shape = (dest.query as unknown as { shape: Record<string, unknown> }).shape;
        bad.push({ label: 'every query field wrong', input: { ...input, query: Object.fromEntries(Object.keys(shape).map((k) => [k, 'x!'])) } });
      }
      if (dest.method === 'POST') {
        bad.push({ label: 'body not an object', input, options: { rawBody: '"text"' } });
        bad.push({ label: 'body not JSON', input, options: { rawBody: '{' } });
        const required = Object.keys((input.body ?? {}) as object);
        if (required.length > 0) bad.push({ label: 'empty body', input: { ...input, body: {} } });
        for (const key of required) bad.push({ label: `${key} of the wrong type`, input: { ...input, body: { ...(input.body as object), [key]: { wrong: [1] } } } });
      }
      for (const b of bad) {
        const response = await send(who, dest, b.input, b.options);
        checked++;
        const body = response.body;
        if (response.status !== 400 || body?.status !== false || !body.message || (body.issues ?? []).some((i) => !i.message)) {
          failures.push(`${dest.dest} (${b.label}): ${response.status} ${response.text.slice(0, 300)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(52 * 2);
    expect(changedTables(before, await snapshot(server.database.db))).toEqual([]);
  });

  /** Confirms a setup intent as Stripe.js does in the browser (the card goes to the provider, never to Salondesk). */
  async function confirmCard(setup: { setup_intent_id: string; client_secret: string; publishable_key: string; api_base: string }, number = '4242424242424242') {
    const response = await fetch(`${setup.api_base}/v1/setup_intents/${setup.setup_intent_id}/confirm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${setup.publishable_key}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_secret: setup.client_secret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': number,
        'payment_method_data[card][exp_month]': '12',
        'payment_method_data[card][exp_year]': '2040',
        'payment_method_data[card][cvc]': '123',
      }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
  }
  type Method = { id: number; name: string; last4: string; is_default: boolean; exp_year: number | null; subscription_ids: number[] };
  type Sub = { id: number; state: string; pause_mode: string | null; statuses: { id: number; status: string; removed_at: string | null }[]; adjustments: { cents: number }[]; deleted: boolean; amount: number };
  const d = billingDests;

  it('subscriptions, plans, reports and businesses do their work', async () => {
    const plans = await ok<{ kind: string }[]>('manager', d.plan.all);
    expect(new Set(plans.map((p) => p.kind))).toEqual(new Set(['Reoccuring', 'Onetime']));
    // Created paused, with a new plan: paused from today, at once.
    const paused = await ok<Sub>('admin', d.subscription.create, {
      body: { user_id: idOf('owner'), plan: { name: 'Test plan', kind: 'Reoccuring', amount: 12_345, currency: 'USD' }, paused: { mode: 'PAUSEWITHOUTINVOICE', reason: 'Starts after the works' } },
    });
    expect(paused).toMatchObject({ state: 'paused', pause_mode: 'PAUSEWITHOUTINVOICE', amount: 12_345 });
    const withAdjustment = await ok<Sub>('admin', d.subscription.addAdjustment, { body: { subscription_id: paused.id, adjustment: { type: 'd', amount_kind: 'p', value: 1000 } } });
    expect(withAdjustment.adjustments.map((a) => a.cents)).toEqual([-1235]);
    // A pause set for later shows at once, as scheduled; the subscription stays as it is until then.
    const [plan] = await q<{ id: number }>(sql`select id from billing_plans where kind = 'Reoccuring' and currency = 'USD' order by id limit 1`);
    const sub = await ok<Sub>('admin', d.subscription.create, { body: { user_id: idOf('owner'), plan_id: plan?.id } });
    const scheduled = await ok<Sub>('admin', d.subscription.changeStatus, { body: { subscription_id: sub.id, status: 'paused', pause_mode: 'PAUSE', starts_on: '2039-01-01', reason: 'Later' } });
    expect(scheduled.state).toBe('active');
    expect(scheduled.statuses).toHaveLength(1);
    const removed = await ok<Sub>('admin', d.subscription.removeStatus, { body: { subscription_id: sub.id, status_id: scheduled.statuses[0]?.id } });
    expect(removed.statuses[0]?.removed_at).not.toBeNull();
    // A Onetime plan cannot be subscribed to.
    const [onetime] = await q<{ id: number }>(sql`select id from billing_plans where kind = 'Onetime' order by id limit 1`);
    expect((await send('admin', d.subscription.create, { body: { user_id: idOf('owner'), plan_id: onetime?.id } })).status).toBe(400);
    // Nor can someone who does not belong to the business pay.
    expect((await send('admin', d.subscription.create, { body: { user_id: idOf('lotus'), plan_id: plan?.id } })).status).toBe(400);

    const count = await ok<{ count: number; by_state: Record<string, number> }>('manager', d.subscription.count);
    expect(count.count).toBe(Object.values(count.by_state).reduce((a, b) => a + b, 0));
    expect(count.by_state.paused).toBeGreaterThanOrEqual(1);
    const counts = await ok<{ total: number; businesses: { business_id: number; count: number }[] }>('admin', d.subscription.counts);
    expect(counts.businesses.find((b) => b.business_id === LA)?.count).toBe(count.count);

    const mine = await ok<Sub[]>('owner', d.subscription.allByUserid);
    expect(mine.map((s) => s.id)).toEqual(expect.arrayContaining([paused.id, sub.id]));
    await ok('admin', d.subscription.softDelete, { body: { subscription_id: paused.id } });
    expect((await ok<Sub[]>('owner', d.subscription.allByUserid)).map((s) => s.id)).not.toContain(paused.id);
    expect((await ok<Sub[]>('owner', d.subscription.allByUserid, { query: { include_deleted: 'true' } })).find((s) => s.id === paused.id)?.deleted).toBe(true);
    expect((await send('admin', d.subscription.softDelete, { body: { subscription_id: paused.id } })).status).toBe(404);
    // An admin reads anyone's; Lotus's owner never sees Luxe's.
    expect((await ok<Sub[]>('admin', d.subscription.allByUserid, {}, { userId: idOf('owner') })).length).toBe(mine.length - 1);

    const all = await ok<{ id: number; subscriptions: number; payers: { id: number; name: string }[] }[]>('admin', d.businesses.all);
    expect(all.map((b) => b.id)).toEqual(expect.arrayContaining([LA, NY, KTM]));
    // Who may pay: the users who may see the business (Luxe's owner, not Lotus's).
    const laPayers = all.find((b) => b.id === LA)!.payers.map((p) => p.id);
    expect(laPayers).toContain(idOf('owner'));
    expect(all.find((b) => b.id === KTM)!.payers.map((p) => p.id)).not.toContain(idOf('owner'));
    const withSubs = await ok<{ id: number; subscriptions: number }[]>('admin', d.reports.businesses);
    expect(withSubs.every((b) => b.subscriptions > 0)).toBe(true);
    const range = { startdate: '2000-01-01', enddate: '2099-12-31' };
    const laInvoices = await ok<{ business_id: number }[]>('admin', d.reports.invoices, { params: { businessId: LA }, query: range });
    expect(laInvoices.length).toBeGreaterThan(0);
    expect(laInvoices.every((i) => i.business_id === LA)).toBe(true);
    expect((await ok<{ type: string }[]>('admin', d.reports.recurringInvoices, { query: range })).every((i) => i.type === 'recurring')).toBe(true);
    expect((await ok<{ type: string }[]>('admin', d.reports.onetimeInvoices, { query: range })).every((i) => i.type === 'onetime')).toBe(true);
    expect((await ok<unknown[]>('admin', d.reports.recurringInvoices, { query: { startdate: '2000-01-01', enddate: '2000-01-31' } }))).toEqual([]);
    expect((await send('admin', d.reports.invoices, { params: { businessId: 999_999 }, query: range })).status).toBe(404);
  });

  it('account balances: entries, totals by kind, history', async () => {
    const before = await ok<{ totals: { fund: number; message: number } }>('manager', d.accountbalance.all);
    const fund = await ok<{ id: number; amount: number }>('admin', d.accountbalance.create, { body: { kind: 'fund', amount: 2500, description: 'Credit' } });
    const messages = await ok<{ id: number }>('admin', d.accountbalance.create, { body: { kind: 'message', amount: 300 } });
    const updated = await ok<{ amount: number; description: string }>('admin', d.accountbalance.update, { body: { entry_id: fund.id, amount: 3000 } });
    expect(updated).toMatchObject({ amount: 3000, description: 'Credit' });
    const after = await ok<{ totals: { fund: number; message: number } }>('owner', d.accountbalance.all);
    expect(after.totals.fund - before.totals.fund).toBe(3000);
    expect(after.totals.message - before.totals.message).toBe(300);
    expect((await ok<{ entries: { kind: string }[] }>('manager', d.accountbalance.allFund)).entries.every((e) => e.kind === 'fund')).toBe(true);
    expect((await ok<{ entries: { id: number; kind: string }[] }>('manager', d.accountbalance.allMessage)).entries.map((e) => e.id)).toContain(messages.id);
    await ok('admin', d.accountbalance.delete, { body: { entry_id: messages.id } });
    expect((await send('admin', d.accountbalance.delete, { body: { entry_id: messages.id } })).status).toBe(404);
    const history = await ok<{ totals: { message: number } }>('admin', d.accountbalance.businessHistory, { params: { businessId: LA } });
    expect(history.totals.message).toBe(before.totals.message);
    const changes = await q<{ action: string }>(sql`select action from billing_account_balance_history where entry_id in (${fund.id}, ${messages.id}) order by id`);
    expect(changes.map((c) => c.action)).toEqual(['create', 'create', 'update', 'delete']);
  });

  it('payment methods: a card added through a setup intent, renamed, made default, given to subscriptions, removed; no card number anywhere', async () => {
    const setup = await ok<{ setup_intent_id: string; client_secret: string; publishable_key: string; api_base: string }>('owner', d.payment.createSetupIntent, { body: {} });
    expect(setup.publishable_key).toMatch(/^pk_test_/);
    // Not confirmed yet: refused.
    expect((await send('owner', d.payment.create, { body: { setup_intent_id: setup.setup_intent_id } })).status).toBe(409);
    await confirmCard(setup, '4000056655665556');
    // Another user cannot save the owner's confirmed intent.
    expect((await send('lotus', d.payment.create, { body: { setup_intent_id: setup.setup_intent_id } })).status).toBe(404);
    const created = await send('owner', d.payment.create, { body: { setup_intent_id: setup.setup_intent_id, name: 'Debit card' } });
    expect(created.status).toBe(200);
    expect(created.text).not.toMatch(/4000056655665556|pm_|cus_/);
    const method = created.body?.data as Method;
    expect(method).toMatchObject({ name: 'Debit card', last4: '5556', is_default: false });
    expect((await send('owner', d.payment.create, { body: { setup_intent_id: setup.setup_intent_id } })).status).toBe(409);
    expect((await ok<Method>('owner', d.payment.updateName, { body: { payment_method_id: method.id, name: 'Work debit' } })).name).toBe('Work debit');
    expect((await ok<Method>('owner', d.payment.updateCard, { body: { payment_method_id: method.id, exp_month: 3, exp_year: 2041 } })).exp_year).toBe(2041);
    expect((await send('owner', d.payment.updateCard, { body: { payment_method_id: method.id, exp_month: 1, exp_year: 2001 } })).status).toBe(400);
    const listed = await ok<Method[]>('owner', d.payment.makeDefault, { body: { payment_method_id: method.id } });
    expect(listed.filter((m) => m.is_default).map((m) => m.id)).toEqual([method.id]);
    const subs = await q<{ id: number }>(sql`select id from billing_subscriptions where user_id = ${idOf('owner')} and deleted_at is null order by id limit 2`);
    expect((await ok<Method>('owner', d.payment.addToSub, { body: { payment_method_id: method.id, subscription_id: subs[0]?.id } })).subscription_ids).toContain(subs[0]?.id);
    expect((await ok<Method>('owner', d.payment.addToMultipleSubs, { body: { payment_method_id: method.id, subscription_ids: subs.map((s) => s.id) } })).subscription_ids).toEqual(subs.map((s) => s.id));
    await ok('owner', d.payment.removeFromSub, { body: { subscription_id: subs[1]?.id } });
    expect((await ok<Method[]>('owner', d.payment.all)).find((m) => m.id === method.id)?.subscription_ids).toEqual([subs[0]?.id]);
    // Lotus's owner cannot touch the owner's subscriptions with their own method, nor the owner's methods.
    expect((await send('lotus', d.payment.updateName, { body: { payment_method_id: method.id, name: 'Mine' } })).status).toBe(404);
    const link = await ok<{ link_token: string; expiration: string }>('owner', d.payment.createLinkToken, { body: {} });
    expect(link.link_token.length).toBeGreaterThan(5);
    // Put the demo card back as default, then remove the new one.
    const [demoCard] = await q<{ id: number }>(sql`select id from billing_payment_methods where user_id = ${idOf('owner')} and removed_at is null and id <> ${method.id} order by id limit 1`);
    await ok('owner', d.payment.makeDefault, { body: { payment_method_id: demoCard?.id } });
    await ok('owner', d.payment.remove, { body: { payment_method_id: method.id } });
    expect((await ok<Method[]>('owner', d.payment.all)).map((m) => m.id)).not.toContain(method.id);
    const [kept] = await q<{ n: number }>(sql`select count(*)::int as n from billing_subscriptions where payment_method_id = ${method.id}`);
    expect(kept?.n).toBe(0);
    // What is stored: provider ids, brand and last 4; never a number.
    const stored = JSON.stringify(await q(sql`select * from billing_payment_methods`));
    expect(stored).not.toMatch(/4000056655665556|4242424242424242/);
  });

  it('one-time charges: once per idempotency key, instalments, account balance top-ups; a paid invoice is never charged again', async () => {
    const key = 'embed-charge-0001';
    const charges = await Promise.all(
      Array.from({ length: 5 }, () => send('owner', d.onetimebilling.charge, { body: { lines: [{ description: 'Onboarding', quantity: 2, unit_amount: 2500 }], idempotency_key: key } })),
    );
    expect(charges.map((c) => c.status)).toEqual([200, 200, 200, 200, 200]);
    const invoiceIds = new Set(charges.map((c) => (c.body?.data as InvoiceDetail).id));
    expect(invoiceIds.size).toBe(1);
    const [invoiceId] = [...invoiceIds];
    const [{ n } = { n: 0 }] = await q<{ n: number }>(sql`select count(*)::int as n from billing_payments where invoice_id = ${invoiceId}`);
    expect(n).toBe(1);
    const detail = await ok<InvoiceDetail>('owner', d.invoice.detail, { params: { invoiceId } });
    expect(detail).toMatchObject({ status: 'paid', total: 5000, paid: 5000, type: 'onetime' });
    expect(detail.history.map((h) => h.to)).toEqual(['unpaid', 'pending', 'paid']);

    // Charging a paid invoice is refused, and charges nothing.
    const again = await send('owner', d.onetimebilling.chargeInvoice, { body: { invoice_id: invoiceId } });
    expect(again.status).toBe(409);
    expect(again.body?.message).toMatch(/paid/);
    const [{ n: after } = { n: 0 }] = await q<{ n: number }>(sql`select count(*)::int as n from billing_payments where invoice_id = ${invoiceId}`);
    expect(after).toBe(1);

    // An instalment of the fixture plan, charged now.
    const [instalment] = await q<{ id: number }>(sql`select id from billing_invoices where business_id = ${LA} and installment_number = 1 and status = 'unpaid' order by id desc limit 1`);
    const paid = await ok<InvoiceDetail>('owner', d.onetimebilling.chargeInvoice, { body: { invoice_id: instalment?.id } });
    expect(paid.status).toBe('paid');
    expect(paid.installment_plan?.instalments.map((i) => i.status)).toEqual(['paid', 'unpaid', 'unpaid']);

    // Instalments for someone else: admins only.
    expect((await send('owner', d.onetimebilling.chargeInstallment, { body: { user_id: idOf('manager'), description: 'X', total: 1000, count: 2 } })).status).toBe(403);
    const forManager = await ok<{ user_id: number; instalments: { amount: number }[] }>('admin', d.onetimebilling.chargeInstallment, {
      body: { user_id: idOf('manager'), description: 'Kit', total: 1001, count: 2, first_due_on: '2039-01-31' },
    });
    expect(forManager.instalments.map((i) => i.amount)).toEqual([501, 500]);

    const topUp = await ok<{ invoice: InvoiceDetail; entry: { kind: string; amount: number } | null }>('owner', d.onetimebilling.chargeAccountBalance, { body: { kind: 'message', amount: 1500, messages: 1000 } });
    expect(topUp.invoice.status).toBe('paid');
    expect(topUp.entry).toMatchObject({ kind: 'message', amount: 1000 });
  });

  it('refunds: 20 refunds of 7.00 at once on a 100.00 payment, exactly 14 made', async () => {
    const charged = await ok<InvoiceDetail>('owner', d.onetimebilling.charge, { body: { lines: [{ description: 'Race', quantity: 1, unit_amount: 10_000 }] } });
    expect(charged.status).toBe('paid');
    const payment = charged.transactions.find((t) => t.kind === 'charge' && t.status === 'succeeded');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send('owner', d.invoice.refund, { body: { invoice_id: charged.id, foreign_payment_id: payment?.foreign_payment_id, amount: 700 } })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(14);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(6);
    const after = await ok<InvoiceDetail>('owner', d.invoice.detail, { params: { invoiceId: charged.id } });
    expect(after.refunded).toBe(9800);
    expect(after.status).toBe('paid');
    // The rest, 2.00, refunds in full: the invoice becomes refund.
    const last = await ok<InvoiceDetail>('owner', d.invoice.refund, { body: { invoice_id: charged.id, foreign_payment_id: payment?.foreign_payment_id, amount: 200 } });
    expect(last).toMatchObject({ refunded: 10_000, status: 'refund' });
    expect((await send('owner', d.invoice.refund, { body: { invoice_id: charged.id, foreign_payment_id: payment?.foreign_payment_id, amount: 1 } })).status).toBe(400);
    // Another business's path never reaches it.
    expect((await send('owner', d.invoice.refund, { body: { invoice_id: charged.id, foreign_payment_id: payment?.foreign_payment_id, amount: 1 } }, { target: { businessId: NY } })).status).toBe(404);
  });

  it('invoices: lists, filter, detail, payments, edits, status changes audited, attempts reset, soft delete, PDF', async () => {
    const range = { startdate: '2000-01-01', enddate: '2099-12-31' };
    const all = await ok<{ id: number; status: string; deleted: boolean }[]>('manager', d.invoice.all, { query: range });
    expect(all.length).toBeGreaterThan(0);
    const unpaid = await ok<{ status: string }[]>('manager', d.invoice.withfilter, { query: { status: 'unpaid' } });
    expect(unpaid.every((i) => i.status === 'unpaid')).toBe(true);
    expect((await send('manager', d.invoice.withfilter, { query: { status: 'refund' } })).status).toBe(400);
    const pastDue = await ok<{ past_due: boolean }[]>('manager', d.invoice.withfilter, { query: { past_due: 'true' } });
    expect(pastDue.every((i) => i.past_due)).toBe(true);
    expect((await ok<{ type: string }[]>('manager', d.invoice.onetime)).every((i) => i.type === 'onetime')).toBe(true);

    const [target] = await q<{ id: number }>(sql`select id from billing_invoices where business_id = ${LA} and user_id = ${idOf('owner')} and status = 'unpaid' and deleted_at is null order by id desc limit 1`);
    const invoiceId = target?.id as number;
    const [method] = await q<{ id: number }>(sql`select id from billing_payment_methods where user_id = ${idOf('owner')} and removed_at is null and is_default`);
    expect((await ok<InvoiceDetail>('owner', d.invoice.changePaymentMethod, { body: { invoice_id: invoiceId, payment_method_id: method?.id } })).payment_method_id).toBe(method?.id);
    expect((await ok<InvoiceDetail>('owner', d.invoice.removePaymentMethod, { body: { invoice_id: invoiceId } })).payment_method_id).toBeNull();
    expect((await ok<InvoiceDetail>('admin', d.invoice.changeDueDate, { body: { invoice_id: invoiceId, dueDate: '2039-02-01' } })).dueDate).toBe('2039-02-01');
    expect((await ok<InvoiceDetail>('owner', d.invoice.updateComment, { body: { invoice_id: invoiceId, comment: 'Will pay Friday' } })).comment).toBe('Will pay Friday');
    expect((await ok<InvoiceDetail>('admin', d.invoice.resetAttempts, { params: { invoiceId }, body: {} })).attempts).toBe(0);
    const withdrawn = await ok<InvoiceDetail>('admin', d.invoice.changeInvoiceStatus, { body: { invoice_id: invoiceId, status: 'withdrawn', reason: 'Waived' } });
    expect(withdrawn.status).toBe('withdrawn');
    expect(withdrawn.history.at(-1)).toMatchObject({ from: 'unpaid', to: 'withdrawn', actor: 'admin', user_id: idOf('admin'), reason: 'Waived' });
    // The table refuses what it does not allow: withdrawn → paid.
    expect((await send('admin', d.invoice.changeInvoiceStatus, { body: { invoice_id: invoiceId, status: 'paid', reason: 'x' } })).status).toBe(409);
    expect((await send('admin', d.invoice.resetAttempts, { params: { invoiceId }, body: {} })).status).toBe(409);

    const [paid] = await q<{ id: number }>(sql`select id from billing_invoices where business_id = ${LA} and status = 'paid' and deleted_at is null order by id limit 1`);
    const transactions = await ok<{ kind: string }[]>('manager', d.invoice.payments, { params: { invoiceId: paid?.id } });
    expect(transactions.some((t) => t.kind === 'charge')).toBe(true);
    const pdf = await send('manager', d.invoice.pdf, { params: { invoiceId: paid?.id } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${paid?.id}.pdf"`);
    expect(pdf.text.startsWith('%PDF')).toBe(true);

    await ok('admin', d.invoice.softDelete, { body: { invoice_id: invoiceId } });
    expect((await ok<{ id: number }[]>('manager', d.invoice.all, { query: range })).map((i) => i.id)).not.toContain(invoiceId);
    expect((await send('admin', d.invoice.softDelete, { body: { invoice_id: invoiceId } })).status).toBe(404);
    expect((await send('manager', d.invoice.pdf, { params: { invoiceId } })).status).toBe(404);
    // Another business's invoice is not found through this business.
    const [ny] = await q<{ id: number }>(sql`select id from billing_invoices where business_id = ${NY} order by id limit 1`);
    expect((await send('owner', d.invoice.detail, { params: { invoiceId: ny?.id } })).status).toBe(404);
  });

  it('trigger-scheduler queues a run for admins', async () => {
    const queued = await ok<{ queued: boolean; job_id: string | null }>('admin', d.scheduler.trigger, { body: {} });
    expect(queued.queued).toBe(true);
    expect(queued.job_id).toEqual(expect.any(String));
  });

  it('share links: single use, valid 7 days, only the hash kept; the public page adds a method without an account', async () => {
    const link = await ok<{ path: string; token: string; expires_at: string }>('owner', d.payment.share, { body: {} });
    expect(link.path).toBe(`/payment-method/${link.token}`);
    expect(new Date(link.expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const stored = JSON.stringify(await q(sql`select * from billing_share_links`));
    expect(stored).not.toContain(link.token);
    const page = await rawRequest(server, `/payment-method/${link.token}/get`);
    expect(page.status).toBe(200);
    const setup = (page.body?.data as { for_name: string; setup: { setup_intent_id: string; client_secret: string; publishable_key: string; api_base: string } });
    expect(setup.for_name).toBe('Olivia Laurent');
    await confirmCard(setup.setup);
    const add = (token: string, setupIntentId: string) =>
      rawRequest(server, `/payment-method/${token}/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
        body: JSON.stringify({ setup_intent_id: setupIntentId, name: 'From the accountant' }),
      });
    const added = await add(link.token, setup.setup.setup_intent_id);
    expect(added.status, added.text).toBe(200);
    expect(added.body?.data).toEqual({ added: true, last4: '4242', brand: 'visa' });
    expect((await ok<Method[]>('owner', d.payment.all)).some((m) => m.name === 'From the accountant')).toBe(true);
    // Single use.
    expect((await add(link.token, setup.setup.setup_intent_id)).status).toBe(410);
    expect((await rawRequest(server, `/payment-method/${link.token}/get`)).status).toBe(410);
    // Expired after 7 days.
    const late = await ok<{ token: string }>('owner', d.payment.share, { body: {} });
    await server.database.db.execute(sql`update billing_share_links set expires_at = now() - interval '1 second' where used_at is null`);
    expect((await rawRequest(server, `/payment-method/${late.token}/get`)).status).toBe(410);
    // An unknown token.
    expect((await rawRequest(server, `/payment-method/${'x'.repeat(43)}/get`)).status).toBe(404);
  });

  it('answers an unknown dest, or one of the other level, with 400', async () => {
    for (const [path, dest] of [
      [`/protected/business/${LA}/billing?uid=${idOf('owner')}&dest=no/such/thing`, 'no/such/thing'],
      [`/protected/business/${LA}/billing?uid=${idOf('owner')}&dest=plan/all`, 'plan/all'],
      [`/protected/user/${idOf('owner')}/billing?dest=invoice/all`, 'invoice/all'],
    ] as const) {
      const response = await rawRequest(server, path, { headers: { cookie: `${SESSION_COOKIE}=${cookies.get('owner')}` } });
      expect(response.status, dest).toBe(400);
      expect(response.body?.issues?.[0]?.path).toEqual(['query', 'dest']);
    }
    // A POST dest called with GET is unknown for GET.
    const wrongMethod = await rawRequest(server, `/protected/business/${LA}/billing?uid=${idOf('owner')}&dest=invoice/refund`, { headers: { cookie: `${SESSION_COOKIE}=${cookies.get('owner')}` } });
    expect(wrongMethod.status).toBe(400);
    // uid must be the caller.
    const otherUid = await rawRequest(server, `/protected/business/${LA}/billing?uid=${idOf('manager')}&dest=plan/all`, { headers: { cookie: `${SESSION_COOKIE}=${cookies.get('owner')}` } });
    expect(otherUid.status).toBe(403);
  });
});

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
import { rows } from '../transactions/queries';

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
    const qs = options.query ?? new URLSearchParams(Object.entries(w.query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();
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
        return new URLSearchParams(Object.entries({ ...(wire as { query: Record<string, unknown> }).query, ...extra }).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();
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

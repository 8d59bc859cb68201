import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { paymentsEnvironment } from '../payments/accounts';
import { API_ROOT } from '../paths';
import { freshDatabaseUrl, startTestServer, type TestServer } from '../test/harness';
import { runBillingScheduler } from './scheduler';

/**
 * The billing scheduler killed mid-run (SIGKILL, a real child process on the same database and
 * Stripe simulator), then run again: every invoice is opened once and charged once — at the
 * provider too — whether the kill came after an attempt was claimed or after the provider had
 * charged and before the answer was recorded.
 */

let server: TestServer;
let db: Database;
let databaseUrl: string;
let ownerId: number;

beforeAll(async () => {
  databaseUrl = await freshDatabaseUrl();
  server = await startTestServer({ databaseUrl, payments: { simulators: true } });
  db = server.database.db;
  ownerId = (await db.execute<{ id: number }>(sql`select id from users where username = 'owner'`)).rows[0]!.id;
});
afterAll(() => server?.close());
beforeEach(async () => {
  await db.execute(sql`truncate billing_invoices, billing_subscriptions, billing_payment_methods, billing_scheduler_runs, billing_installment_plans cascade`);
});

async function subscriptions(n: number, startsOn: string): Promise<number[]> {
  const [plan] = (await db.execute<{ id: number }>(sql`insert into billing_plans (name, kind, amount, currency, interval) values ('Pro', 'Reoccuring', 9900, 'USD', 'monthly') returning id`)).rows;
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const [method] = (
      await db.execute<{ id: number }>(sql`insert into billing_payment_methods (user_id, provider, foreign_id, kind, name, brand, last4)
        values (${ownerId}, 'stripe', ${`pm_card_visa_crash${startsOn}${i}`}, 'card', 'Visa', 'visa', '4242') returning id`)
    ).rows;
    const [sub] = (
      await db.execute<{ id: number }>(sql`insert into billing_subscriptions (business_id, user_id, plan_id, amount, currency, starts_on, anchor_day, next_billing_day, payment_method_id)
        values (1, ${ownerId}, ${plan!.id}, 9900, 'USD', ${startsOn}, 1, ${startsOn}, ${method!.id}) returning id`)
    ).rows;
    ids.push(sub!.id);
  }
  return ids;
}

/** Runs the scheduler in a child process and kills it with SIGKILL where `killAt` says. */
async function runAndKill(now: Date, killAt: string): Promise<string> {
  const stripe = paymentsEnvironment().stripe;
  if (!stripe?.api) throw new Error('the Stripe simulator is not running');
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@salondesk/source', path.join(API_ROOT, 'src', 'billing', 'scheduler-crash.child.ts')], {
    cwd: API_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, STRIPE_SIM: `${stripe.api.host}:${stripe.api.port}`, STRIPE_KEY: stripe.secretKey, NOW: now.toISOString(), KILL_AT: killAt },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (_code, signal) => resolve({ signal })));
  const stopped = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = /stopped (\w+) (\d+)/.exec(output);
      if (line) resolve(line[0]);
      if (output.includes('finished')) reject(new Error(`The run finished before ${killAt}: ${output}`));
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', () => reject(new Error(`The child exited before ${killAt}:\n${output}`)));
  });
  child.kill('SIGKILL');
  expect(await exited).toEqual({ signal: 'SIGKILL' });
  return stopped;
}

const state = async () => {
  const invoices = (await db.execute<{ id: number; subscription_id: number; status: string }>(sql`select id, subscription_id, status from billing_invoices order by id`)).rows;
  const payments = (await db.execute<{ invoice_id: number; status: string }>(sql`select invoice_id, status from billing_payments order by id`)).rows;
  const charges = (await db.execute<{ invoice_id: string; n: number }>(sql`
    select metadata->>'invoice_id' as invoice_id, count(*)::int as n from provider_sim.stripe_charges
    where metadata->>'invoice_id' = any(${`{${invoices.map((i) => i.id).join(',') || '0'}}`}::text[]) group by 1`)).rows;
  return { invoices, payments, charges };
};

describe('billing scheduler killed mid-run', () => {
  it('killed after the provider charged and before the answer was kept: the next run records that charge, charges nothing twice, and finishes the rest', { timeout: 60_000 }, async () => {
    const subs = await subscriptions(4, '2032-02-01');
    const now = new Date('2032-02-01T18:00:00Z');
    const stopped = await runAndKill(now, 'answered:2');
    expect(stopped).toMatch(/^stopped answered \d+$/);

    const during = await state();
    // Opened in one transaction before any charge: all four are there, once.
    expect(during.invoices).toHaveLength(4);
    expect(during.invoices.map((i) => i.status)).toEqual(['paid', 'pending', 'unpaid', 'unpaid']);
    expect(during.payments.map((p) => p.status)).toEqual(['succeeded', 'pending']);

    const next = await runBillingScheduler(db, { now });
    expect(next).toMatchObject({ skipped: false, opened: 0, recovered: 1, charged: 3, failed: 0 });
    const after = await state();
    expect(after.invoices.map((i) => i.subscription_id)).toEqual(subs);
    expect(after.invoices.every((i) => i.status === 'paid')).toBe(true);
    expect(after.payments).toHaveLength(4);
    expect(after.payments.every((p) => p.status === 'succeeded')).toBe(true);
    // The provider's side: one charge per invoice, the interrupted one included.
    expect(after.charges.map((c) => c.n)).toEqual([1, 1, 1, 1]);

    // And once more: nothing left to do.
    expect(await runBillingScheduler(db, { now })).toMatchObject({ opened: 0, recovered: 0, charged: 0, failed: 0 });
  });

  it('killed after an attempt was claimed and before the provider was asked: the next run charges it once', { timeout: 60_000 }, async () => {
    await subscriptions(3, '2032-03-01');
    const now = new Date('2032-03-01T18:00:00Z');
    await runAndKill(now, 'claimed:1');
    const during = await state();
    expect(during.invoices.map((i) => i.status)).toEqual(['pending', 'unpaid', 'unpaid']);
    expect(during.charges).toHaveLength(0);

    expect(await runBillingScheduler(db, { now })).toMatchObject({ recovered: 1, charged: 3 });
    const after = await state();
    expect(after.invoices.every((i) => i.status === 'paid')).toBe(true);
    expect(after.payments).toHaveLength(3);
    expect(after.charges.map((c) => c.n)).toEqual([1, 1, 1]);
    // The killed run's lock went with its connection; its run row is left unfinished, the next one finished.
    const runs = (await db.execute<{ finished: boolean }>(sql`select finished_at is not null as finished from billing_scheduler_runs order by id`)).rows;
    expect(runs).toEqual([{ finished: false }, { finished: true }]);
  });
});

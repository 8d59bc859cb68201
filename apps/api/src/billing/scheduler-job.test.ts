import { todayIn } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { BILLING_SCHEDULER_CRON, BILLING_SCHEDULER_JOB, enqueueBillingRun } from './scheduler';

/**
 * The scheduler as a job on the queue: `enqueueBillingRun` (what `trigger-scheduler` calls) runs
 * it on a worker with the admin recorded on the run; triggered twice, it bills once; the daily
 * schedule is registered with pg-boss.
 */

describe('billing scheduler job', () => {
  let server: TestServer;
  let adminId: number;
  let ownerId: number;

  beforeAll(async () => {
    server = await startTestServer({ jobs: { workers: true, pollingIntervalSeconds: 0.5 }, payments: { simulators: true } });
    const ids = (await server.database.db.execute<{ username: string; id: number }>(sql`select username, id from users where username in ('admin', 'owner')`)).rows;
    adminId = ids.find((u) => u.username === 'admin')!.id;
    ownerId = ids.find((u) => u.username === 'owner')!.id;
  });
  afterAll(() => server?.close());

  it('runs when triggered, for the admin who asked, and bills what is due today', { timeout: 60_000 }, async () => {
    const { db } = server.database;
    await db.execute(sql`truncate billing_invoices, billing_subscriptions, billing_scheduler_runs cascade`);
    const today = todayIn('America/Los_Angeles', new Date());
    const [plan] = (await db.execute<{ id: number }>(sql`insert into billing_plans (name, kind, amount, currency, interval) values ('Job', 'Reoccuring', 1500, 'USD', 'monthly') returning id`)).rows;
    const [method] = (await db.execute<{ id: number }>(sql`insert into billing_payment_methods (user_id, provider, foreign_id, kind, name, brand, last4) values (${ownerId}, 'stripe', 'pm_card_visa_job', 'card', 'Visa', 'visa', '4242') returning id`)).rows;
    const [sub] = (
      await db.execute<{ id: number }>(sql`insert into billing_subscriptions (business_id, user_id, plan_id, amount, currency, starts_on, anchor_day, next_billing_day, payment_method_id)
        values (1, ${ownerId}, ${plan!.id}, 1500, 'USD', ${today}, ${Number(today.slice(8, 10))}, ${today}, ${method!.id}) returning id`)
    ).rows;

    const jobId = await enqueueBillingRun(server.app.jobs, { by: adminId });
    expect(jobId).toEqual(expect.any(String));
    // Asked twice: the second run skips (the first holds the lock) or finds nothing left to do.
    const again = await enqueueBillingRun(server.app.jobs, { by: adminId });
    expect(again).toEqual(expect.any(String));
    const state = async (id: string) => (await server.app.jobs.boss.getJobById(BILLING_SCHEDULER_JOB, id))?.state;
    for (let i = 0; i < 300 && ((await state(jobId!)) !== 'completed' || (await state(again!)) !== 'completed'); i++) await new Promise((r) => setTimeout(r, 200));
    expect([await state(jobId!), await state(again!)]).toEqual(['completed', 'completed']);
    const runs = (await db.execute<{ by: number | null; job_id: string; opened: number; charged: number }>(sql`select by, job_id, opened, charged from billing_scheduler_runs where finished_at is not null order by id`)).rows;
    // One run did the work, for the admin who asked; another one, if it ran after, found nothing.
    expect(runs[0]).toEqual({ by: adminId, job_id: expect.stringMatching(new RegExp(`^(${jobId}|${again})$`)), opened: 1, charged: 1 });
    expect(runs.slice(1).map((r) => [r.opened, r.charged])).toEqual(runs.length === 2 ? [[0, 0]] : []);
    const invoices = (await db.execute<{ id: number; status: string }>(sql`select id, status from billing_invoices where subscription_id = ${sub!.id}`)).rows;
    expect(invoices.map((i) => i.status)).toEqual(['paid']);
    const charges = (await db.execute(sql`select 1 from provider_sim.stripe_charges where metadata->>'invoice_id' = ${String(invoices[0]!.id)}`)).rows;
    expect(charges).toHaveLength(1);
  });

  it('the daily run is scheduled with pg-boss', async () => {
    const schedules = await server.app.jobs.boss.getSchedules();
    expect(schedules.find((s) => s.name === BILLING_SCHEDULER_JOB)).toMatchObject({ cron: BILLING_SCHEDULER_CRON, data: { by: null } });
  });
});

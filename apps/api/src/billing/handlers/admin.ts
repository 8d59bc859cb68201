import { BILLING_CURRENCIES, balanceDue, type BillingBusiness, billingDests, type Currency } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/executor';
import { type DestImplementation, implementDest } from '../dispatcher';
import { invoiceDayWithin, loadInvoices, loadSubscriptions } from '../queries';
import { enqueueBillingRun } from '../scheduler';
import { callerOf, notFoundAs } from './common';

/** Every business with its billing figures, by id (the admin's lists). */
async function billingBusinesses(db: Executor, now: Date): Promise<BillingBusiness[]> {
  const businesses = await rows<{ id: number; name: string; currency: string | null; suspended_after: string | null; suspension_reason: string | null }>(
    db,
    sql`select id, name, info->>'currency' as currency, to_char(suspended_after, 'YYYY-MM-DD') as suspended_after,
          case when suspended_after is null then null else suspension_reason end as suspension_reason
        from businesses order by id`,
  );
  // The users who may see each business (the rule the subscription's payer is checked by), named as the app names people.
  const payers = await rows<{ business_id: number; id: number; name: string }>(
    db,
    sql`select b.id as business_id, u.id, u.fullname || ' (' || u.username || ')' as name
        from businesses b
        join users u on exists (select 1 from user_businesses ub where ub.user_id = u.id and ub.business_id = b.id)
                     or exists (select 1 from user_networks un where un.user_id = u.id and un.network_id = b.network_id)
        order by b.id, u.fullname, u.id`,
  );
  const subs = await loadSubscriptions(db, sql`s.deleted_at is null`, now);
  const open = await loadInvoices(db, sql`i.deleted_at is null and i.status in ('unpaid', 'fail')`, now, 100_000);
  return businesses.map((b) => {
    const mine = open.filter((i) => i.business_id === b.id);
    return {
      id: b.id,
      name: b.name,
      currency: (BILLING_CURRENCIES as readonly string[]).includes(b.currency ?? '') ? (b.currency as Currency) : 'USD',
      subscriptions: subs.filter((s) => s.business_id === b.id).length,
      unpaid: mine.filter((i) => i.status === 'unpaid').length,
      past_due: mine.filter((i) => i.past_due).length,
      balance_due: balanceDue(mine),
      suspended_after: b.suspended_after,
      suspension_reason: b.suspension_reason,
      payers: payers.filter((p) => p.business_id === b.id).map((p) => ({ id: p.id, name: p.name })),
    };
  });
}

export function adminHandlers(): DestImplementation[] {
  return [
    implementDest(billingDests.plan.all, async (_, ctx) => {
      const plans = await rows<{ id: number; name: string; kind: 'Reoccuring' | 'Onetime'; amount: number; currency: Currency; interval: 'monthly' | null; description: string | null; active: boolean }>(
        ctx.db,
        sql`select id, name, kind, amount, currency, interval, description, active from billing_plans where active order by kind desc, name, id`,
      );
      return plans;
    }),

    implementDest(billingDests.reports.businesses, async (_, ctx) => (await billingBusinesses(ctx.db, ctx.now())).filter((b) => b.subscriptions > 0)),

    implementDest(billingDests.reports.invoices, async ({ params, query }, ctx) => {
      const [business] = await rows(ctx.db, sql`select id from businesses where id = ${params.businessId}`);
      if (!business) throw notFoundAs('business');
      return loadInvoices(ctx.db, sql`i.business_id = ${params.businessId} and i.deleted_at is null ${invoiceDayWithin(query)}`, ctx.now());
    }),

    implementDest(billingDests.reports.recurringInvoices, async ({ query }, ctx) =>
      loadInvoices(ctx.db, sql`i.type = 'recurring' and i.deleted_at is null ${invoiceDayWithin(query)}`, ctx.now()),
    ),

    implementDest(billingDests.reports.onetimeInvoices, async ({ query }, ctx) =>
      loadInvoices(ctx.db, sql`i.type = 'onetime' and i.deleted_at is null ${invoiceDayWithin(query)}`, ctx.now()),
    ),

    implementDest(billingDests.businesses.all, async (_, ctx) => billingBusinesses(ctx.db, ctx.now())),

    implementDest(billingDests.scheduler.trigger, async (_, ctx) => {
      const jobId = await enqueueBillingRun(ctx.request.server.jobs, { by: callerOf(ctx).id });
      return { queued: true as const, job_id: jobId };
    }),
  ] as DestImplementation[];
}

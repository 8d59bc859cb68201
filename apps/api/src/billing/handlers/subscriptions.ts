import { billingDests, INVOICE_STATUSES, SUBSCRIPTION_STATES, type Subscription, todayIn } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { HttpError } from '../../http/errors';
import { rows, type Executor } from '../../db/executor';
import { type DestImplementation, implementDest } from '../dispatcher';
import { loadSubscriptions } from '../queries';
import { businessBilling, businessOf, callerOf, notFoundAs, requirePayer } from './common';

const d = billingDests.subscription;

/** One subscription of the business, or 404. */
async function subscriptionIn(db: Executor, subscriptionId: number, businessId: number, now: Date): Promise<Subscription> {
  const [found] = await loadSubscriptions(db, sql`s.id = ${subscriptionId} and s.business_id = ${businessId}`, now);
  if (!found) throw notFoundAs('subscription');
  return found;
}

/** Refused for a deleted subscription. */
async function liveSubscriptionIn(db: Executor, subscriptionId: number, businessId: number, now: Date): Promise<Subscription> {
  const found = await subscriptionIn(db, subscriptionId, businessId, now);
  if (found.deleted) throw new HttpError(409, 'This subscription is deleted');
  return found;
}

const countByState = (subs: readonly Subscription[]) => {
  const byState = Object.fromEntries(SUBSCRIPTION_STATES.map((s) => [s, 0])) as Record<(typeof SUBSCRIPTION_STATES)[number], number>;
  for (const s of subs) byState[s.state]++;
  return byState;
};

export function subscriptionHandlers(): DestImplementation[] {
  return [
    implementDest(d.allByUserid, async ({ query }, ctx) =>
      loadSubscriptions(ctx.db, sql`s.user_id = ${ctx.userId} ${query.include_deleted === 'true' ? sql`` : sql`and s.deleted_at is null`}`, ctx.now()),
    ),

    implementDest(d.addAdjustment, async ({ body }, ctx) => {
      const businessId = businessOf(ctx);
      const now = ctx.now();
      await liveSubscriptionIn(ctx.db, body.subscription_id, businessId, now);
      const a = body.adjustment;
      await ctx.db.execute(
        sql`insert into billing_subscription_adjustments (subscription_id, type, amount_kind, value, description, created_by, created_at)
            values (${body.subscription_id}, ${a.type}, ${a.amount_kind}, ${a.value}, ${a.description ?? null}, ${callerOf(ctx).id}, ${now})`,
      );
      return subscriptionIn(ctx.db, body.subscription_id, businessId, now);
    }),

    implementDest(d.create, async ({ body }, ctx) => {
      const businessId = businessOf(ctx);
      const now = ctx.now();
      const by = callerOf(ctx).id;
      const business = await businessBilling(ctx.db, businessId);
      await requirePayer(ctx.db, body.user_id, businessId);
      const startsOn = body.starts_on ?? todayIn(business.timezone, now);
      if (body.paused?.ends_on !== undefined && body.paused.ends_on < startsOn) {
        throw new HttpError(400, 'The pause ends before the subscription starts', { issues: [{ path: ['body', 'paused', 'ends_on'], message: 'The end is before the start' }] });
      }
      const id = await ctx.db.transaction(async (tx) => {
        let plan: { id: number; amount: number; currency: string; interval: string | null; kind: string } | undefined;
        if (body.plan_id !== undefined) {
          [plan] = await rows(tx, sql`select id, amount, currency, interval, kind from billing_plans where id = ${body.plan_id} and active`);
          if (!plan) throw notFoundAs('plan');
        } else if (body.plan) {
          const p = body.plan;
          if (p.kind !== 'Reoccuring') throw new HttpError(400, 'A subscription needs a Reoccuring plan', { issues: [{ path: ['body', 'plan', 'kind'], message: 'Must be Reoccuring' }] });
          [plan] = await rows(
            tx,
            sql`insert into billing_plans (name, kind, amount, currency, interval, description)
                values (${p.name}, 'Reoccuring', ${p.amount}, ${p.currency}, ${p.interval ?? 'monthly'}, ${p.description ?? null})
                returning id, amount, currency, interval, kind`,
          );
        }
        if (!plan) throw notFoundAs('plan');
        if (plan.kind !== 'Reoccuring') throw new HttpError(400, 'A subscription needs a Reoccuring plan', { issues: [{ path: ['body', 'plan_id'], message: 'Choose a Reoccuring plan' }] });
        if (body.payment_method_id !== undefined) {
          const [method] = await rows(tx, sql`select id from billing_payment_methods where id = ${body.payment_method_id} and user_id = ${body.user_id} and removed_at is null`);
          if (!method) throw notFoundAs('payment method');
        }
        const [created] = await rows<{ id: number }>(
          tx,
          sql`insert into billing_subscriptions (business_id, user_id, plan_id, amount, currency, interval, starts_on, anchor_day, next_billing_day, payment_method_id, created_at)
              values (${businessId}, ${body.user_id}, ${plan.id}, ${plan.amount}, ${plan.currency}, ${plan.interval ?? 'monthly'}, ${startsOn},
                      ${Number(startsOn.slice(8, 10))}, ${startsOn}, ${body.payment_method_id ?? null}, ${now}) returning id`,
        );
        const subscriptionId = (created as { id: number }).id;
        for (const a of body.adjustments ?? []) {
          await tx.execute(
            sql`insert into billing_subscription_adjustments (subscription_id, type, amount_kind, value, description, created_by, created_at)
                values (${subscriptionId}, ${a.type}, ${a.amount_kind}, ${a.value}, ${a.description ?? null}, ${by}, ${now})`,
          );
        }
        if (body.paused) {
          await tx.execute(
            sql`insert into billing_subscription_statuses (subscription_id, status, pause_mode, starts_on, ends_on, reason, created_by, created_at)
                values (${subscriptionId}, 'paused', ${body.paused.mode}, ${startsOn}, ${body.paused.ends_on ?? null}, ${body.paused.reason ?? 'Created paused'}, ${by}, ${now})`,
          );
        }
        return subscriptionId;
      });
      return subscriptionIn(ctx.db, id, businessId, now);
    }),

    implementDest(d.changeStatus, async ({ body }, ctx) => {
      const businessId = businessOf(ctx);
      const now = ctx.now();
      await liveSubscriptionIn(ctx.db, body.subscription_id, businessId, now);
      await ctx.db.execute(
        sql`insert into billing_subscription_statuses (subscription_id, status, pause_mode, starts_on, ends_on, reason, created_by, created_at)
            values (${body.subscription_id}, ${body.status}, ${body.pause_mode ?? null}, ${body.starts_on}, ${body.ends_on ?? null}, ${body.reason ?? null}, ${callerOf(ctx).id}, ${now})`,
      );
      return subscriptionIn(ctx.db, body.subscription_id, businessId, now);
    }),

    implementDest(d.removeStatus, async ({ body }, ctx) => {
      const businessId = businessOf(ctx);
      const now = ctx.now();
      await liveSubscriptionIn(ctx.db, body.subscription_id, businessId, now);
      const removed = await rows(
        ctx.db,
        sql`update billing_subscription_statuses set removed_at = ${now}, removed_by = ${callerOf(ctx).id}
             where id = ${body.status_id} and subscription_id = ${body.subscription_id} and removed_at is null returning id`,
      );
      if (removed.length === 0) throw notFoundAs('status');
      return subscriptionIn(ctx.db, body.subscription_id, businessId, now);
    }),

    implementDest(d.count, async (_, ctx) => {
      const subs = await loadSubscriptions(ctx.db, sql`s.business_id = ${businessOf(ctx)} and s.deleted_at is null`, ctx.now());
      return { count: subs.length, by_state: countByState(subs) };
    }),

    implementDest(d.counts, async (_, ctx) => {
      const subs = await loadSubscriptions(ctx.db, sql`s.deleted_at is null`, ctx.now());
      const invoiceCounts = await rows<{ status: (typeof INVOICE_STATUSES)[number]; n: number }>(
        ctx.db,
        sql`select status, count(*)::int as n from billing_invoices where deleted_at is null group by status`,
      );
      const byInvoice = Object.fromEntries(INVOICE_STATUSES.map((s) => [s, 0])) as Record<(typeof INVOICE_STATUSES)[number], number>;
      for (const row of invoiceCounts) byInvoice[row.status] = row.n;
      const perBusiness = new Map<number, { business_id: number; business_name: string; count: number }>();
      for (const s of subs) {
        const entry = perBusiness.get(s.business_id) ?? { business_id: s.business_id, business_name: s.business_name, count: 0 };
        entry.count++;
        perBusiness.set(s.business_id, entry);
      }
      return { total: subs.length, by_state: countByState(subs), by_invoice_status: byInvoice, businesses: [...perBusiness.values()].sort((a, b) => a.business_id - b.business_id) };
    }),

    implementDest(d.softDelete, async ({ body }, ctx) => {
      const businessId = businessOf(ctx);
      const deleted = await rows(
        ctx.db,
        sql`update billing_subscriptions set deleted_at = ${ctx.now()} where id = ${body.subscription_id} and business_id = ${businessId} and deleted_at is null returning id`,
      );
      if (deleted.length === 0) throw notFoundAs('subscription');
      return { ok: true as const };
    }),
  ] as DestImplementation[];
}

import { billingDests } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/executor';
import { type DestImplementation, implementDest } from '../dispatcher';
import { loadBalances } from '../queries';
import { businessOf, callerOf, notFoundAs } from './common';

const d = billingDests.accountbalance;

/** One entry of the business's balance, as the dests answer it. */
async function entryOf(db: Parameters<typeof loadBalances>[0], businessId: number, entryId: number) {
  const { entries } = await loadBalances(db, businessId);
  const entry = entries.find((e) => e.id === entryId);
  if (!entry) throw notFoundAs('balance entry');
  return entry;
}

export function balanceHandlers(): DestImplementation[] {
  return [
    implementDest(d.all, async (_, ctx) => loadBalances(ctx.db, businessOf(ctx))),
    implementDest(d.allFund, async (_, ctx) => loadBalances(ctx.db, businessOf(ctx), 'fund')),
    implementDest(d.allMessage, async (_, ctx) => loadBalances(ctx.db, businessOf(ctx), 'message')),

    implementDest(d.create, async ({ body }, ctx) => {
      const businessId = businessOf(ctx);
      const now = ctx.now();
      const by = callerOf(ctx).id;
      const id = await ctx.db.transaction(async (tx) => {
        const [created] = await rows<{ id: number }>(
          tx,
          sql`insert into billing_account_balances (business_id, kind, amount, description, created_by, created_at)
              values (${businessId}, ${body.kind}, ${body.amount}, ${body.description ?? null}, ${by}, ${now}) returning id`,
        );
        const entryId = (created as { id: number }).id;
        await tx.execute(
          sql`insert into billing_account_balance_history (entry_id, business_id, action, new_amount, new_description, by, at)
              values (${entryId}, ${businessId}, 'create', ${body.amount}, ${body.description ?? null}, ${by}, ${now})`,
        );
        return entryId;
      });
      return entryOf(ctx.db, businessId, id);
    }),

    implementDest(d.update, async ({ body }, ctx) => {
      const businessId = businessOf(ctx);
      const now = ctx.now();
      await ctx.db.transaction(async (tx) => {
        const [old] = await rows<{ amount: number; description: string | null }>(
          tx,
          sql`select amount, description from billing_account_balances where id = ${body.entry_id} and business_id = ${businessId} and deleted_at is null for update`,
        );
        if (!old) throw notFoundAs('balance entry');
        const amount = body.amount ?? old.amount;
        const description = body.description ?? old.description;
        await tx.execute(sql`update billing_account_balances set amount = ${amount}, description = ${description}, updated_at = ${now} where id = ${body.entry_id}`);
        await tx.execute(
          sql`insert into billing_account_balance_history (entry_id, business_id, action, old_amount, new_amount, old_description, new_description, by, at)
              values (${body.entry_id}, ${businessId}, 'update', ${old.amount}, ${amount}, ${old.description}, ${description}, ${callerOf(ctx).id}, ${now})`,
        );
      });
      return entryOf(ctx.db, businessId, body.entry_id);
    }),

    implementDest(d.delete, async ({ body }, ctx) => {
      const businessId = businessOf(ctx);
      const now = ctx.now();
      await ctx.db.transaction(async (tx) => {
        const [old] = await rows<{ amount: number; description: string | null }>(
          tx,
          sql`update billing_account_balances set deleted_at = ${now} where id = ${body.entry_id} and business_id = ${businessId} and deleted_at is null returning amount, description`,
        );
        if (!old) throw notFoundAs('balance entry');
        await tx.execute(
          sql`insert into billing_account_balance_history (entry_id, business_id, action, old_amount, old_description, by, at)
              values (${body.entry_id}, ${businessId}, 'delete', ${old.amount}, ${old.description}, ${callerOf(ctx).id}, ${now})`,
        );
      });
      return { ok: true as const };
    }),

    implementDest(d.businessHistory, async ({ params }, ctx) => {
      const [business] = await rows(ctx.db, sql`select id from businesses where id = ${params.businessId}`);
      if (!business) throw notFoundAs('business');
      return loadBalances(ctx.db, params.businessId);
    }),
  ] as DestImplementation[];
}

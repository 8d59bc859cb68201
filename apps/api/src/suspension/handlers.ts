import { BILLING_CURRENCIES, balanceDue, type Currency, endpoints, suspensionOf } from '@salondesk/core';
import { eq, sql } from 'drizzle-orm';
import { loadInvoices } from '../billing/queries';
import { businesses } from '../db/schema';
import { notFound } from '../http/errors';
import { businessOf, implement } from '../http/registry';
import { type SupportContactConfig, supportContactOf } from '../system/queries';

/**
 * `POST /protected/admin/{id}/suspension/update` (admins only, checked by the route's access) and
 * `GET /protected/business/{id}/suspension` (the business's users: what they can do about it).
 */
export function suspensionHandlers(options: { support?: SupportContactConfig } = {}) {
  return [
    /**
     * Sets the day the business is suspended from and why, or lifts it (`null`, which clears the
     * reason). A reason left out keeps the one stored; an empty one clears it. Takes effect on the
     * next request: every business-scoped call reads the business row and its suspension
     * (http/access.ts).
     */
    implement(endpoints.suspension.update, async ({ params, body }, ctx) => {
      const reason = body.date === null ? null : body.reason === undefined ? undefined : body.reason || null;
      const [row] = await ctx.db
        .update(businesses)
        .set({ suspended_after: body.date, ...(reason === undefined ? {} : { suspension_reason: reason }) })
        .where(eq(businesses.id, params.id))
        .returning({ suspended_after: businesses.suspended_after, timezone: businesses.timezone, suspension_reason: businesses.suspension_reason });
      if (!row) throw notFound();
      return suspensionOf(row, ctx.now());
    }),

    /** Its suspension with the reason, what its unpaid and failed invoices owe (the oldest to pay first), and the platform's support contact. */
    implement(endpoints.suspension.status, async (_request, ctx) => {
      const business = businessOf(ctx);
      const now = ctx.now();
      const open = (await loadInvoices(ctx.db, sql`i.business_id = ${business.id} and i.deleted_at is null and i.status in ('unpaid', 'fail')`, now)).filter(
        (i) => i.total > i.paid,
      );
      const oldest = open.at(-1);
      const own = business.info.currency;
      const currency: Currency = oldest?.currency ?? ((BILLING_CURRENCIES as readonly string[]).includes(own ?? '') ? (own as Currency) : 'USD');
      return {
        suspension: suspensionOf(business, now),
        owed: { amount: balanceDue(open), currency, invoices: open.length, invoice_id: oldest?.id ?? null },
        contact: await supportContactOf(ctx.db, options.support),
      };
    }),
  ];
}

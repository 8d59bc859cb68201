import { sql } from 'drizzle-orm';
import { paymentProviderFor } from '../payments/accounts';
import { onProviderEvent } from '../payments/events';
import { importPayout } from './import';
import { WEB_PAYMENT_IMPORT_JOB } from './provider-handlers';

let subscribed = false;

/**
 * Imports a payout when its provider says it was paid (`payout.paid`; NMI's settled batch is
 * mapped to it). With the server's job queue at hand (a webhook) the import goes to the job;
 * without one (the replay CLI) it runs inline. Either way it upserts by provider id, so a
 * replayed event changes nothing. Subscribed once per process, whatever the number of servers.
 */
export function subscribePayoutImports(): void {
  if (subscribed) return;
  subscribed = true;
  onProviderEvent('payout.paid', async (event, ctx) => {
    const id = event.data.id ?? event.data.batch_id;
    if (ctx.businessId === null || (typeof id !== 'string' && typeof id !== 'number')) {
      ctx.log.warn({ eventId: event.id, provider: event.provider }, 'payout.paid for no known location or without a payout id: nothing imported');
      return;
    }
    const payoutId = String(id);
    if (ctx.jobs) {
      await ctx.jobs.send(WEB_PAYMENT_IMPORT_JOB, { businessId: ctx.businessId, payoutId });
      return;
    }
    const [business] = (await ctx.db.execute<{ id: number; timezone: string }>(sql`select id, timezone from businesses where id = ${ctx.businessId}`)).rows;
    if (!business) return;
    const adapter = await paymentProviderFor(ctx.db, { businessId: business.id, provider: event.provider });
    await importPayout(ctx.db, business, adapter, await adapter.getPayout(payoutId));
  });
}

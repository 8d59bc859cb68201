import { dayInZone } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { paymentProviderFor } from '../payments/accounts';
import type { JobSender } from '../jobs/jobQueue';
import { onProviderEvent } from '../payments/events';
import { importPayout, WEB_PAYMENT_METADATA } from './import';
import { WEB_PAYMENT_IMPORT_JOB, type webPaymentImportJob } from './importJob';

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
      const jobs: JobSender<readonly [ReturnType<typeof webPaymentImportJob>]> = ctx.jobs;
      await jobs.send(WEB_PAYMENT_IMPORT_JOB, { businessId: ctx.businessId, payoutId });
      return;
    }
    const [business] = (await ctx.db.execute<{ id: number; timezone: string }>(sql`select id, timezone from businesses where id = ${ctx.businessId}`)).rows;
    if (!business) return;
    const adapter = await paymentProviderFor(ctx.db, { businessId: business.id, provider: event.provider });
    await importPayout(ctx.db, business, adapter, await adapter.getPayout(payoutId));
  });
  // A Stripe charge is on the web payments list as soon as it succeeds, with its receipt (the payout's import adds its fee).
  onProviderEvent('charge.succeeded', async (event, ctx) => {
    const charge = event.data as { id?: unknown; amount?: unknown; currency?: unknown; created?: unknown; receipt_url?: unknown; metadata?: unknown; description?: unknown };
    if (event.provider !== 'stripe' || ctx.businessId === null) return;
    if (typeof charge.id !== 'string' || !Number.isSafeInteger(charge.amount) || typeof charge.created !== 'number') return;
    const [business] = (await ctx.db.execute<{ id: number; timezone: string }>(sql`select id, timezone from businesses where id = ${ctx.businessId}`)).rows;
    if (!business) return;
    const metadata = (charge.metadata ?? {}) as Record<string, unknown>;
    const ticket = typeof metadata[WEB_PAYMENT_METADATA.ticket] === 'string' && /^[1-9]\d{0,8}$/.test(metadata[WEB_PAYMENT_METADATA.ticket] as string) ? Number(metadata[WEB_PAYMENT_METADATA.ticket]) : null;
    const invoice = typeof metadata[WEB_PAYMENT_METADATA.invoice] === 'string' ? (metadata[WEB_PAYMENT_METADATA.invoice] as string) : typeof charge.description === 'string' ? charge.description : null;
    const receipt = typeof charge.receipt_url === 'string' && /^https?:\/\//.test(charge.receipt_url) ? charge.receipt_url : null;
    const created = new Date(charge.created * 1000);
    await ctx.db.execute(sql`
      with ticket as (select q.id, q.customer_id from queue q where q.id = ${ticket}::int and q.business_id = ${business.id})
      insert into web_payments (business_id, provider, kind, provider_tx_id, amount, fee, currency, invoice, queue_id, customer_id, receipt_url, created_at, checkout_day)
      values (${business.id}, 'stripe', 'charge', ${charge.id}, ${charge.amount as number}, 0, ${typeof charge.currency === 'string' ? charge.currency.toLowerCase() : 'usd'},
              ${invoice}, (select id from ticket), (select customer_id from ticket), ${receipt}, ${created.toISOString()}, ${dayInZone(created, business.timezone)})
      on conflict (business_id, provider, provider_tx_id) do update set receipt_url = coalesce(excluded.receipt_url, web_payments.receipt_url)`);
  });
}

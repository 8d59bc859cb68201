import { onProviderEvent } from '../payments/events';

/** What the `payout.paid` subscription sends: the import job's payload. */
export type SendImport = (payload: { businessId: number; payoutId: string }) => Promise<unknown>;

/**
 * Imports a payout when its provider says it was paid (`payout.paid`, NMI's settled batch mapped
 * to it): the webhook only queues the import job, which upserts by provider id, so a replayed
 * event changes nothing. Returns the unsubscribe.
 */
export function subscribePayoutImports(send: SendImport): () => void {
  return onProviderEvent('payout.paid', async (event, ctx) => {
    const id = event.data.id ?? event.data.batch_id;
    if (ctx.businessId === null || (typeof id !== 'string' && typeof id !== 'number')) {
      ctx.log.warn({ eventId: event.id, provider: event.provider }, 'payout.paid for no known location or without a payout id: nothing imported');
      return;
    }
    await send({ businessId: ctx.businessId, payoutId: String(id) });
  });
}

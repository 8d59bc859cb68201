import { sql } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { Database } from '../db/client';
import { instantsOf } from '../db/instants';
import { defineJob } from '../jobs/defineJob';
import { importPayout, importPayouts } from './import';
import type { PaymentProviderResolver } from './providers';

export const WEB_PAYMENT_IMPORT_JOB = 'webpayments.import';

/** The import as a job: one payout (the `payout.paid` webhook's) or a range of days. */
export const webPaymentImportJob = (resolve: PaymentProviderResolver) =>
  defineJob({
    name: WEB_PAYMENT_IMPORT_JOB,
    payload: z.object({
      businessId: z.int().check(z.minimum(1)),
      payoutId: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
      start: z.optional(z.iso.date()),
      end: z.optional(z.iso.date()),
    }),
    retry: { limit: 5, delaySeconds: 60, backoff: true },
    logFields: (p) => ({ businessId: p.businessId, payoutId: p.payoutId ?? null }),
    async handler(payload, ctx) {
      const [business] = (await ctx.db.execute<{ id: number; timezone: string }>(sql`select id, timezone from businesses where id = ${payload.businessId}`)).rows;
      if (!business) return;
      const adapter = await resolve(ctx.db as Database, business.id);
      if (payload.payoutId !== undefined) {
        const payout = await adapter.getPayout(payload.payoutId);
        const counts = await importPayout(ctx.db, business, adapter, payout);
        ctx.log.info({ ...counts }, 'Imported a payout');
      } else if (payload.start !== undefined && payload.end !== undefined) {
        const counts = await importPayouts(ctx.db, business, adapter, instantsOf({ start: payload.start, end: payload.end }, business.timezone));
        ctx.log.info({ ...counts }, 'Imported payouts');
      }
    },
  });

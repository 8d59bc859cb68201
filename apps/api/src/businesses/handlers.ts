import { type BusinessInfo, endpoints, EPAY_PROBLEM, OFFERABLE_REPORT_SLUGS, type PaymentProvider, suspensionOf } from '@salondesk/core';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/executor';
import { businesses } from '../db/schema';
import { epaySettingsTable } from '../epay/schema';
import { invalidRequest, notFound } from '../http/errors';
import { businessOf, implement } from '../http/registry';
import { loadSettings } from '../schedule/queries';
import { businessSummaries, toBusiness } from './queries';

export function businessHandlers() {
  return [
    /** The business in the path (the access check already loaded it), with the first day of its week and its suspension. */
    implement(endpoints.businesses.detail, async (_request, ctx) => {
      if (!ctx.business) throw notFound();
      const business = toBusiness(ctx.business);
      return {
        ...business,
        info: { ...business.info, webpaymentProvider: await webpaymentProviderOf(ctx.db, ctx.business.id) },
        weekStartsOn: (await loadSettings(ctx.db, ctx.business.id)).weekStartsOn,
        suspension: suspensionOf(ctx.business, ctx.now()),
      };
    }),

    /** A location's report settings: on or off, and the daily and period reports it offers (in the registry's order). */
    implement(endpoints.businesses.updateReportSettings, async (request, ctx) => {
      if (!ctx.business) throw notFound();
      const chosen = new Set(request.body.reports);
      const settings = { enabled: request.body.enabled, reports: OFFERABLE_REPORT_SLUGS.filter((slug) => chosen.has(slug)) };
      await ctx.db.update(businesses).set({ reportsettings: settings }).where(eq(businesses.id, ctx.business.id));
      return settings;
    }),

    /**
     * The business info of spec 001 §3 the settings screen edits. The loyalty threshold, points per
     * dollar and payment information live in `businesses.info`; the web payment provider is the
     * epay settings' one column (web orders or recurring payments switched on need one).
     */
    implement(endpoints.businessInfo.update, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const [row] = await tx.select().from(businesses).where(eq(businesses.id, business.id)).for('update');
        if (!row) throw notFound();
        const { webpaymentProvider: _kept, ...info } = row.info as BusinessInfo;
        if (body.loyaltyPointsThreshold !== undefined) info.loyaltyPointsThreshold = body.loyaltyPointsThreshold;
        if (body.pointsPerDollar !== undefined) info.pointsPerDollar = body.pointsPerDollar;
        if (body.payInfo !== undefined) {
          if (body.payInfo === null || body.payInfo === '') delete info.payInfo;
          else info.payInfo = body.payInfo;
        }
        await tx.update(businesses).set({ info }).where(eq(businesses.id, business.id));
        if (body.webpaymentProvider !== undefined) {
          const [epay] = await tx.select().from(epaySettingsTable).where(eq(epaySettingsTable.business_id, business.id)).for('update');
          if (body.webpaymentProvider === null && (epay?.weborder_enabled || epay?.recurring_enabled)) {
            throw invalidRequest([{ path: ['webpaymentProvider'], message: EPAY_PROBLEM.providerNeeded }]);
          }
          const values = { provider: body.webpaymentProvider, updated_at: ctx.now(), updated_by: ctx.auth?.user.id ?? null };
          await tx.insert(epaySettingsTable).values({ business_id: business.id, ...values }).onConflictDoUpdate({ target: epaySettingsTable.business_id, set: values });
        }
        return { ...info, waiversEnabled: row.waivers_enabled, webpaymentProvider: await webpaymentProviderOf(tx, business.id) };
      });
    }),

    /** Every business on the platform (admin route). */
    implement(endpoints.businesses.adminList, async (_request, ctx) => businessSummaries(ctx.db)),
  ];
}

/** Who takes the business's web payments: the epay settings' provider (null while none). */
async function webpaymentProviderOf(db: Executor, businessId: number): Promise<PaymentProvider | null> {
  const [row] = await db.select({ provider: epaySettingsTable.provider }).from(epaySettingsTable).where(eq(epaySettingsTable.business_id, businessId)).limit(1);
  return (row?.provider as PaymentProvider | null | undefined) ?? null;
}

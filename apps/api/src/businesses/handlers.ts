import { endpoints, OFFERABLE_REPORT_SLUGS, suspensionOf } from '@salondesk/core';
import { eq } from 'drizzle-orm';
import { businesses } from '../db/schema';
import { notFound } from '../http/errors';
import { implement } from '../http/registry';
import { loadSettings } from '../schedule/queries';
import { businessSummaries, toBusiness } from './queries';

export function businessHandlers() {
  return [
    /** The business in the path (the access check already loaded it), with the first day of its week and its suspension. */
    implement(endpoints.businesses.detail, async (_request, ctx) => {
      if (!ctx.business) throw notFound();
      return {
        ...toBusiness(ctx.business),
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

    /** Every business on the platform (admin route). */
    implement(endpoints.businesses.adminList, async (_request, ctx) => businessSummaries(ctx.db)),
  ];
}

import { endpoints } from '@salondesk/core';
import { notFound } from '../http/errors';
import { implement } from '../http/registry';
import { loadSettings } from '../schedule/queries';
import { businessSummaries, toBusiness } from './queries';

export function businessHandlers() {
  return [
    /** The business in the path (the access check already loaded it), with the first day of its week. */
    implement(endpoints.businesses.detail, async (_request, ctx) => {
      if (!ctx.business) throw notFound();
      return { ...toBusiness(ctx.business), weekStartsOn: (await loadSettings(ctx.db, ctx.business.id)).weekStartsOn };
    }),

    /** Every business on the platform (admin route). */
    implement(endpoints.businesses.adminList, async (_request, ctx) => businessSummaries(ctx.db)),
  ];
}

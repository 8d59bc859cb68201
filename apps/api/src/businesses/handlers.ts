import { endpoints } from '@salondesk/core';
import { notFound } from '../http/errors';
import { implement } from '../http/registry';
import { businessSummaries, toBusiness } from './queries';

export function businessHandlers() {
  return [
    /** The business in the path; the access check already loaded it. */
    implement(endpoints.businesses.detail, async (_request, ctx) => {
      if (!ctx.business) throw notFound();
      return toBusiness(ctx.business);
    }),

    /** Every business on the platform (admin route). */
    implement(endpoints.businesses.adminList, async (_request, ctx) => businessSummaries(ctx.db)),
  ];
}

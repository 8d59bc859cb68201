import { endpoints } from '@salondesk/core';
import { asc } from 'drizzle-orm';
import { businesses } from '../db/schema';
import { notFound } from '../http/errors';
import { implement } from '../http/registry';
import { toBusiness } from './queries';

export function businessHandlers() {
  return [
    /** The business in the path; the access check already loaded it. */
    implement(endpoints.businesses.detail, async (_request, ctx) => {
      if (!ctx.business) throw notFound();
      return toBusiness(ctx.business);
    }),

    /** Every business on the platform (admin route). */
    implement(endpoints.businesses.adminList, async (_request, ctx) =>
      ctx.db
        .select({
          id: businesses.id,
          network_id: businesses.network_id,
          name: businesses.name,
          status: businesses.status,
          timezone: businesses.timezone,
        })
        .from(businesses)
        .orderBy(asc(businesses.id)),
    ),
  ];
}

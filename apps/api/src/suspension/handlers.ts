import { endpoints, suspensionOf } from '@salondesk/core';
import { eq } from 'drizzle-orm';
import { businesses } from '../db/schema';
import { notFound } from '../http/errors';
import { implement } from '../http/registry';

/** `POST /protected/admin/{id}/suspension/update` (admins only, checked by the route's access). */
export function suspensionHandlers() {
  return [
    /**
     * Sets the day the business is suspended from, or lifts it (`null`). Takes effect on the next
     * request: every business-scoped call reads the business row and its suspension (http/access.ts).
     */
    implement(endpoints.suspension.update, async ({ params, body }, ctx) => {
      const [row] = await ctx.db
        .update(businesses)
        .set({ suspended_after: body.date })
        .where(eq(businesses.id, params.id))
        .returning({ suspended_after: businesses.suspended_after, timezone: businesses.timezone });
      if (!row) throw notFound();
      return suspensionOf(row, ctx.now());
    }),
  ];
}

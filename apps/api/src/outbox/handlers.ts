import { endpoints } from '@salondesk/core';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { notFound } from '../http/errors';
import { implement } from '../http/registry';
import { outbox } from './schema';

/**
 * The developer outbox (`GET /dev/outbox/messages`): in demo mode, the newest messages the server
 * sent, full text included, so a newcomer can finish a code or reset flow on one machine.
 * Outside demo mode it does not exist: 404, like any unknown path.
 */
export function outboxHandlers(options: { demo: boolean }) {
  return [
    implement(endpoints.outbox.list, async ({ query }, ctx) => {
      if (!options.demo) throw notFound();
      const filters: SQL[] = [];
      if (query.to) filters.push(eq(outbox.recipient, query.to.trim().toLowerCase()));
      if (query.ref) filters.push(eq(outbox.ref, query.ref));
      const rows = await ctx.db
        .select()
        .from(outbox)
        .where(filters.length > 0 ? and(...filters) : undefined)
        .orderBy(desc(outbox.id))
        .limit(query.limit ?? 50);
      return rows.map((row) => ({
        id: row.id,
        channel: row.channel as 'email' | 'sms',
        to: row.recipient,
        subject: row.subject,
        body: row.body,
        ref: row.ref,
        status: row.status,
        createdAt: row.created_at.toISOString(),
      }));
    }),
  ];
}

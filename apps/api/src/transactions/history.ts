import type { HistoryAction, HistoryEntry } from '@salondesk/core';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../db/executor';
import { iso } from '../db/instants';

/** What the transaction history is searched by: a range of event days, words or a ticket number, an action. */
export interface HistoryFilter {
  businessId: number;
  start: string;
  end: string;
  /** A ticket number, or words in the reason, note or user's name. */
  q: string;
  action?: HistoryAction | undefined;
}

/** The history's `where` (aliases `h` for the history, `u` for the user). */
function historyWhere(filter: HistoryFilter): SQL {
  const q = filter.q.trim();
  const ticket = /^\d{1,9}$/.test(q) ? Number(q) : null;
  const words = q === '' || ticket !== null ? null : `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return sql`h.business_id = ${filter.businessId} and h.day between ${filter.start} and ${filter.end}
    ${filter.action ? sql`and h.action = ${filter.action}` : sql``}
    ${ticket !== null ? sql`and h.queue_id = ${ticket}` : sql``}
    ${words !== null ? sql`and (h.reason ilike ${words} or h.note ilike ${words} or u.fullname ilike ${words})` : sql``}`;
}

/** How many entries match. */
export async function countHistory(db: Executor, filter: HistoryFilter): Promise<number> {
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from transaction_history h left join users u on u.id = h.user_id where ${historyWhere(filter)}`);
  return count?.n ?? 0;
}

/** Where a page of the history ends: the exact instant and id of its last entry. */
export interface HistoryCursor {
  at: string;
  id: number;
}

/**
 * Entries of the history, newest first: a page by number (`offset`, the screen) or after a
 * cursor (`after`, exports reading every entry a page at a time).
 */
export async function listHistory(
  db: Executor,
  filter: HistoryFilter,
  page: { limit: number; offset?: number; after?: HistoryCursor | null },
): Promise<{ entries: HistoryEntry[]; cursor: HistoryCursor | null }> {
  const list = await rows<{
    id: number;
    queue_id: number;
    day: string;
    ticket_day: string;
    action: HistoryAction;
    user_id: number | null;
    fullname: string | null;
    reason: string | null;
    note: string | null;
    amount: number | null;
    detail: Record<string, unknown>;
    created_at: Date;
    cursor_at: string;
  }>(
    db,
    sql`select h.id, h.queue_id, h.day::text as day, q.day::text as ticket_day, h.action, h.user_id, u.fullname, h.reason, h.note, h.amount, h.detail, h.created_at,
          h.created_at::text as cursor_at
        from transaction_history h join queue q on q.id = h.queue_id left join users u on u.id = h.user_id
        where ${historyWhere(filter)} ${page.after ? sql`and (h.created_at, h.id) < (${page.after.at}::timestamptz, ${page.after.id})` : sql``}
        order by h.created_at desc, h.id desc limit ${page.limit} offset ${page.offset ?? 0}`,
  );
  const last = list.at(-1);
  return {
    entries: list.map((h) => ({
      id: h.id,
      queue_id: h.queue_id,
      day: h.day,
      ticket_day: h.ticket_day,
      action: h.action,
      user: h.user_id !== null && h.fullname !== null ? { id: h.user_id, name: h.fullname } : null,
      reason: h.reason,
      note: h.note,
      amount: h.amount,
      detail: h.detail,
      created_at: iso(h.created_at),
    })),
    cursor: last && list.length === page.limit ? { at: last.cursor_at, id: last.id } : null,
  };
}

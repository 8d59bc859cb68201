import { statusesLabelled, ticketMatches, ticketSearchText, TRANSACTION_STATUS, type TransactionRow, type TransactionStatus } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rosterDisplayNames } from '../../staff/queries';
import { iso, isoOrNull, phonesOf, rows } from '../../transactions/queries';

/** A ticket of a range as the list shows it (core's `TransactionRow`), with its business day. */
export type RangeTicket = TransactionRow & { day: string };

export interface TicketRange {
  businessId: number;
  start: string;
  end: string;
  /** The list's search: every word in the ticket's number, customer, phone or staff (core's `ticketMatches`). */
  q?: string;
  /** A status label of the list's filter (`Completed`); empty for all. */
  status?: string;
}

interface TicketRow {
  id: number;
  status: TransactionStatus;
  day: string;
  checkin_at: Date;
  cursor_at: string;
  checkout_at: Date | null;
  serviced_by: number | null;
  staff_full_name: string | null;
  phone_type: string | null;
  phone: string | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  lines: number;
  total: number;
  tipamount: number;
  refunded: number;
  cashamount: number;
  creditamount: number;
  giftamount: number;
  bypass: boolean;
}

interface Cursor {
  day: string;
  at: string;
  id: number;
}

/**
 * The tickets of a range, newest first (day, then check-in, as the day list orders each day),
 * a batch at a time by keyset — never the whole range in memory: a year of one location is
 * about 55,000 tickets. The same rows and rules as the day list (`DAY_LIST_SQL`): deleted
 * tickets, and completed ones without a live checkout, are left out; staff are named by display
 * name; the search and the status filter are core's, as on the screen.
 *
 * (Until the transactions list's own range query lands, this is the export's; it then reads that one.)
 */
export async function* ticketsInRange(db: Database, range: TicketRange, batchSize = 2000): AsyncGenerator<RangeTicket[]> {
  const names = await rosterDisplayNames(db, range.businessId);
  const statuses = range.status ? statusesLabelled(range.status) : null;
  const query = range.q?.trim() ?? '';
  let cursor: Cursor | null = null;
  for (;;) {
    const page: TicketRow[] = await rows<TicketRow>(
      db,
      sql`select q.id, q.status, q.day::text as day, q.checkin_at, q.checkin_at::text as cursor_at, q.checkout_at, q.serviced_by, s.full_name as staff_full_name,
            c.phone_type, c.phone, c.firstname, c.lastname, c.email,
            case when k.id is null then 0 else (select count(*)::int from saleslogs l where l.queue_id = q.id and l.checkout_id = k.id) end as lines,
            coalesce(k.total, 0) as total, coalesce(k.tipamount, 0) as tipamount, coalesce(k.refunded, 0) as refunded,
            coalesce(k.cashamount, 0) as cashamount, coalesce(k.creditamount, 0) as creditamount, coalesce(k.giftamount, 0) as giftamount, coalesce(k.bypass, false) as bypass
          from queue q
          left join checkouts k on k.queue_id = q.id and k.voided_at is null
          left join customers c on c.id = q.customer_id
          left join staff s on s.id = q.serviced_by
          where q.business_id = ${range.businessId} and q.day between ${range.start} and ${range.end}
            and q.status <> ${TRANSACTION_STATUS.DELETED} and not (q.status = ${TRANSACTION_STATUS.CHECKOUT} and k.id is null)
            ${statuses ? sql`and q.status in ${statuses.length > 0 ? statuses : ['']}` : sql``}
            ${cursor ? sql`and q.day <= ${cursor.day} and (q.day, q.checkin_at, q.id) < (${cursor.day}::date, ${cursor.at}::timestamptz, ${cursor.id})` : sql``}
          order by q.day desc, q.checkin_at desc, q.id desc
          limit ${batchSize}`,
    );
    const tickets: RangeTicket[] = page.map((t) => ({
      id: t.id,
      status: t.status,
      phones: phonesOf(t),
      staff: t.serviced_by === null ? null : (names.get(t.serviced_by) ?? null),
      staff_full_name: t.staff_full_name,
      checkin_at: iso(t.checkin_at),
      checkout_at: isoOrNull(t.checkout_at),
      lines: t.lines,
      total: t.total,
      tipamount: t.tipamount,
      refunded: t.refunded,
      cashamount: t.cashamount,
      creditamount: t.creditamount,
      giftamount: t.giftamount,
      bypass: t.bypass,
      day: t.day,
    }));
    const matching = query === '' ? tickets : tickets.filter((t) => ticketMatches(ticketSearchText(t), query));
    if (matching.length > 0) yield matching;
    const last: TicketRow | undefined = page.at(-1);
    if (!last || page.length < batchSize) return;
    cursor = { day: last.day, at: last.cursor_at, id: last.id };
  }
}

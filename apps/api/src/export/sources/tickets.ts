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

/**
 * Whole days, newest first, grouped so each group holds about `size` tickets (a busier day is a
 * group of its own): each batch is then one index range scan of `queue_business_day_idx`.
 */
export function dayBatches(counts: readonly { day: string; n: number }[], size: number): { start: string; end: string }[] {
  const out: { start: string; end: string; n: number }[] = [];
  for (const { day, n } of counts) {
    const current = out.at(-1);
    if (current && current.n + n <= size) {
      current.start = day;
      current.n += n;
    } else out.push({ start: day, end: day, n });
  }
  return out.map(({ start, end }) => ({ start, end }));
}

/**
 * The tickets of a range, newest first (day, then check-in, as the day list orders each day),
 * a batch of whole days at a time — never the whole range in memory: a year of one location is
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
  const counts = await rows<{ day: string; n: number }>(
    db,
    sql`select day::text as day, count(*)::int as n from queue where business_id = ${range.businessId} and day between ${range.start} and ${range.end} group by day order by day desc`,
  );
  for (const days of dayBatches(counts, batchSize)) {
    const page: TicketRow[] = await rows<TicketRow>(
      db,
      sql`select q.id, q.status, q.day::text as day, q.checkin_at, q.checkout_at, q.serviced_by, s.full_name as staff_full_name,
            c.phone_type, c.phone, c.firstname, c.lastname, c.email,
            case when k.id is null then 0 else (select count(*)::int from saleslogs l where l.queue_id = q.id and l.checkout_id = k.id) end as lines,
            coalesce(k.total, 0) as total, coalesce(k.tipamount, 0) as tipamount, coalesce(k.refunded, 0) as refunded,
            coalesce(k.cashamount, 0) as cashamount, coalesce(k.creditamount, 0) as creditamount, coalesce(k.giftamount, 0) as giftamount, coalesce(k.bypass, false) as bypass
          from queue q
          left join checkouts k on k.queue_id = q.id and k.voided_at is null
          left join customers c on c.id = q.customer_id
          left join staff s on s.id = q.serviced_by
          where q.business_id = ${range.businessId} and q.day between ${days.start} and ${days.end}
            and q.status <> ${TRANSACTION_STATUS.DELETED} and not (q.status = ${TRANSACTION_STATUS.CHECKOUT} and k.id is null)
            ${statuses ? sql`and q.status in ${statuses.length > 0 ? statuses : ['']}` : sql``}
          order by q.day desc, q.checkin_at desc, q.id desc`,
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
  }
}

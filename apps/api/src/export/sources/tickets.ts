import type { TransactionRow } from '@salondesk/core';
import type { Database } from '../../db/client';
import { eachTicket, resolveTicketFilter } from '../../transactions/search';

/** A ticket of a range as the list shows it (core's `TransactionRow`), with its business day. */
export type RangeTicket = TransactionRow & { day: string };

export interface TicketRange {
  businessId: number;
  start: string;
  end: string;
  /** The list's search, read as the transactions list reads it (`parseTicketQuery`). */
  q?: string;
  /** A status label of the list's filter (`Completed`); empty for all. */
  status?: string;
}

/**
 * The tickets of a range, newest first (day, then check-in), as the transactions list finds them:
 * the same filter and keyset pages as `transactions/search` (`resolveTicketFilter`, `eachTicket`
 * in `transactions/search.ts`), so the file holds exactly the rows the screen lists for the same
 * search and status — a page at a time, never the whole range in memory (a year of one location
 * is about 55,000 tickets).
 */
export async function* ticketsInRange(db: Database, business: { id: number; info: { phone?: string } }, range: Omit<TicketRange, 'businessId'>, batchSize = 2000): AsyncGenerator<RangeTicket[]> {
  const filter = await resolveTicketFilter(db, business, { start: range.start, end: range.end, q: range.q?.trim() ?? '', status: range.status ?? '' });
  let batch: RangeTicket[] = [];
  for await (const ticket of eachTicket(db, filter, { sort: 'time', dir: 'desc' }, batchSize)) {
    batch.push(ticket);
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

import {
  encodeTicketCursor,
  type ListFigures,
  parseTicketQuery,
  phoneCountryOf,
  type SortDirection,
  statusesLabelled,
  staffDisplayNames,
  type TicketCursor,
  type TicketSearchRow,
  type TicketSort,
  TRANSACTION_STATUS,
  type TransactionStatus,
} from '@salondesk/core';
import { sql, type SQL } from 'drizzle-orm';
import { clientNameText } from '../customers/display-name';
import { phonesOf } from './queries';
import { iso, isoOrNull } from '../db/instants';
import { rows, type Executor } from '../db/executor';

/**
 * Tickets over a range of business days, searched, filtered and sorted, one keyset page at a time
 * (`GET transactions/search`), and the figures of the range. The same tickets as the day lists
 * (core's `listedInDetail`: DELETED, and CHECKOUT without a live checkout, are left out), with
 * the same row shape and a day. Exports reuse it: `resolveTicketFilter` once, then `ticketPage`
 * with each page's cursor (or `eachTicket`) in the order asked for.
 *
 * Indexes (migration 0012): `queue_business_day_checkin_idx` reads a page in day-and-time order
 * without sorting the range; a phone is found by the end of its digits through
 * `customers_business_phone_digits_rev_idx` (reversed digits, a prefix); a name by any part of
 * it through `customers_name_trgm_idx` (pg_trgm); staff are matched in Node over the roster
 * (a few dozen names, by core's display-name rule) and passed as ids.
 */

/** What to list: the business, the days, the status label's statuses (null: all listed), the query's terms resolved. */
export interface TicketFilter {
  businessId: number;
  start: string;
  end: string;
  statuses: TransactionStatus[] | null;
  terms: ResolvedTerm[];
}

type ResolvedTerm =
  | { kind: 'ticket'; ticket: number }
  | { kind: 'number'; ticket: number | null; phoneSuffixes: string[] }
  | { kind: 'word'; like: string; staffIds: number[] };

export interface TicketOrder {
  sort: TicketSort;
  dir: SortDirection;
}

const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (m) => `\\${m}`);
const reversed = (text: string): string => [...text].reverse().join('');
const intArray = (values: readonly number[]) => sql`${`{${values.join(',')}}`}::int[]`;

/**
 * The filter of a search: `q` read by core's rules (`parseTicketQuery`, with the business's
 * country for phones written without one), each name word matched against the staff roster's
 * display and full names, and the status label turned into its statuses.
 */
export async function resolveTicketFilter(
  db: Executor,
  business: { id: number; info: { phone?: string } },
  input: { start: string; end: string; q: string; status: string },
): Promise<TicketFilter> {
  const terms = parseTicketQuery(input.q, phoneCountryOf(business.info.phone));
  let roster: { id: number; names: string }[] = [];
  if (terms.some((t) => t.kind === 'word')) {
    const staff = await rows<{ id: number; name: string; nickname: string | null; full_name: string }>(
      db,
      sql`select id, name, nickname, full_name from staff where business_id = ${business.id}`,
    );
    const display = staffDisplayNames(staff);
    roster = staff.map((s) => ({ id: s.id, names: `${display.get(s.id) ?? ''} ${s.full_name}`.toLowerCase() }));
  }
  return {
    businessId: business.id,
    start: input.start,
    end: input.end,
    statuses: input.status === '' ? null : statusesLabelled(input.status),
    terms: terms.map((t): ResolvedTerm => {
      if (t.kind === 'word') return { kind: 'word', like: `%${likeEscape(t.word)}%`, staffIds: roster.filter((s) => s.names.includes(t.word)).map((s) => s.id) };
      if (t.kind === 'number') return { kind: 'number', ticket: t.ticket, phoneSuffixes: t.phoneSuffixes };
      return t;
    }),
  };
}

/**
 * Customers of the business whose phone's digits end with one of `suffixes`, as an array the
 * planner computes first (`q.customer_id = any(array(…))`), so it can read just their tickets
 * through `queue_customer_idx` instead of walking the range.
 */
const customersByPhone = (businessId: number, suffixes: readonly string[]) =>
  sql`array(select c2.id from customers c2 where c2.business_id = ${businessId} and (${sql.join(
    suffixes.map((s) => sql`reverse(c2.phone_digits) like ${`${reversed(s)}%`}`),
    sql` or `,
  )}))`;

/** Customers of the business with `like` anywhere in their name (the expression of `customers_name_trgm_idx`), as an array (see above). */
const customersByName = (businessId: number, like: string) =>
  sql`array(select c2.id from customers c2 where c2.business_id = ${businessId} and lower(coalesce(c2.firstname, '') || ' ' || coalesce(c2.lastname, '')) like ${like})`;

function termSql(businessId: number, term: ResolvedTerm): SQL {
  if (term.kind === 'ticket') return sql`q.id = ${term.ticket}`;
  if (term.kind === 'number') {
    const parts: SQL[] = [];
    if (term.ticket !== null) parts.push(sql`q.id = ${term.ticket}`);
    if (term.phoneSuffixes.length > 0) parts.push(sql`q.customer_id = any(${customersByPhone(businessId, term.phoneSuffixes)})`);
    return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
  }
  const byName = sql`q.customer_id = any(${customersByName(businessId, term.like)})`;
  return term.staffIds.length === 0 ? byName : sql`(${byName} or q.serviced_by = any(${intArray(term.staffIds)}))`;
}

/** The tickets the lists show over the filter's days (aliases: `q` queue, `k` its live checkout). */
const listedSql = (f: TicketFilter) =>
  sql`q.business_id = ${f.businessId} and q.day between ${f.start}::date and ${f.end}::date
    and q.status <> ${TRANSACTION_STATUS.DELETED} and not (q.status = ${TRANSACTION_STATUS.CHECKOUT} and k.id is null)`;

/** The filter's status and query on top of `listedSql`. */
const matchSql = (f: TicketFilter): SQL => {
  const parts: SQL[] = [];
  if (f.statuses !== null) parts.push(f.statuses.length === 0 ? sql`false` : sql`q.status in (${sql.join(f.statuses.map((s) => sql`${s}`), sql`, `)})`);
  for (const term of f.terms) parts.push(termSql(f.businessId, term));
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
};

/** The whole WHERE of a filter (for exports that read the rows their own way). */
export const ticketFilterSql = (f: TicketFilter): SQL => sql`${listedSql(f)} and ${matchSql(f)}`;

// ── Order and keyset ──────────────────────────────────────────────────────────────────────

/** The customer's name as core's `customerOf` reads it (`clientNameSql`), lower case, compared byte by byte (stable everywhere). */
const CUSTOMER_NAME = sql.raw(`lower(${clientNameText('c')}) collate "C"`);
/** A ticket's total as the list shows it: completed tickets' total; others show none and sort below every total. */
const TOTAL = sql.raw(`case when q.status = 'CHECKOUT' then k.total else -1 end`);
const MICROS = sql.raw(`((extract(epoch from q.checkin_at) * 1000000)::bigint)`);

/** Per sort: the columns compared (the ticket number last, so ties never repeat or skip a row), and the cursor's value. */
const SORT_KEYS: Record<TicketSort, { columns: SQL; value: SQL; after: (value: string) => SQL }> = {
  time: {
    columns: sql`q.day, q.checkin_at, q.id`,
    value: sql`q.day::text || '|' || ${MICROS}::text`,
    after: (value) => {
      const [day, micros] = value.split('|') as [string, string];
      return sql`${day}::date, timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond'`;
    },
  },
  total: { columns: sql`${TOTAL}, q.id`, value: sql`${TOTAL}::text`, after: (value) => sql`${value}::int` },
  ticket: { columns: sql`q.id`, value: sql`q.id::text`, after: () => sql`` },
  customer: { columns: sql`${CUSTOMER_NAME}, q.id`, value: CUSTOMER_NAME, after: (value) => sql`${value}::text collate "C"` },
};

function keysetSql(order: TicketOrder, cursor: TicketCursor | null): SQL {
  if (!cursor) return sql`true`;
  const keys = SORT_KEYS[order.sort];
  const before = order.sort === 'ticket' ? sql`${cursor.id}::int` : sql`${keys.after(cursor.value)}, ${cursor.id}::int`;
  return order.dir === 'desc' ? sql`(${keys.columns}) < (${before})` : sql`(${keys.columns}) > (${before})`;
}

function orderSql(order: TicketOrder): SQL {
  const dir = sql.raw(order.dir === 'desc' ? 'desc' : 'asc');
  const columns: Record<TicketSort, SQL[]> = {
    time: [sql`q.day`, sql`q.checkin_at`, sql`q.id`],
    total: [TOTAL, sql`q.id`],
    ticket: [sql`q.id`],
    customer: [CUSTOMER_NAME, sql`q.id`],
  };
  return sql.join(
    columns[order.sort].map((c) => sql`${c} ${dir}`),
    sql`, `,
  );
}

// ── Pages ─────────────────────────────────────────────────────────────────────────────────

interface PageRow {
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
  sort_value: string;
}

/** Display names of the business's staff by id (core's rule over the whole roster, as the day list names them). */
async function staffNames(db: Executor, businessId: number): Promise<Map<number, string>> {
  return staffDisplayNames(await rows<{ id: number; name: string; nickname: string | null; full_name: string }>(db, sql`select id, name, nickname, full_name from staff where business_id = ${businessId}`));
}

/** The SQL of one page (`limit` rows after `cursor`), for `ticketPage` and for reading its plan (bench/transactions.ts). */
export const ticketPageSql = (filter: TicketFilter, order: TicketOrder, cursor: TicketCursor | null, limit: number): SQL =>
  sql`select q.id, q.status, q.day::text as day, q.checkin_at, q.checkout_at, s.id as serviced_by, s.full_name as staff_full_name,
        c.phone_type, c.phone, c.firstname, c.lastname, c.email,
        case when k.id is null then 0 else (select count(*)::int from saleslogs l where l.queue_id = q.id and l.checkout_id = k.id) end as lines,
        coalesce(k.total, 0) as total, coalesce(k.tipamount, 0) as tipamount, coalesce(k.refunded, 0) as refunded,
        coalesce(k.cashamount, 0) as cashamount, coalesce(k.creditamount, 0) as creditamount, coalesce(k.giftamount, 0) as giftamount,
        coalesce(k.bypass, false) as bypass, ${SORT_KEYS[order.sort].value} as sort_value
      from queue q
      left join checkouts k on k.queue_id = q.id and k.voided_at is null
      left join customers c on c.id = q.customer_id
      left join staff s on s.id = q.serviced_by
      where ${listedSql(filter)} and ${matchSql(filter)} and ${keysetSql(order, cursor)}
      order by ${orderSql(order)}
      limit ${limit}`;

/**
 * One page: at most `limit` tickets after `cursor` in `order`, and the cursor of the next page
 * (null when none is left). The cursor must come from a page of the same order.
 */
export async function ticketPage(db: Executor, filter: TicketFilter, order: TicketOrder, cursor: TicketCursor | null, limit: number): Promise<{ transactions: TicketSearchRow[]; next: string | null; nextCursor: TicketCursor | null }> {
  const found = await rows<PageRow>(db, ticketPageSql(filter, order, cursor, limit + 1));
  const page = found.slice(0, limit);
  const names = page.some((r) => r.serviced_by !== null) ? await staffNames(db, filter.businessId) : new Map<number, string>();
  const last = page.at(-1);
  const nextCursor = found.length > limit && last ? { sort: order.sort, dir: order.dir, value: last.sort_value, id: last.id } : null;
  return {
    transactions: page.map((r) => ({
      id: r.id,
      status: r.status,
      phones: phonesOf(r),
      staff: r.serviced_by === null ? null : (names.get(r.serviced_by) ?? null),
      staff_full_name: r.staff_full_name,
      checkin_at: iso(r.checkin_at),
      checkout_at: isoOrNull(r.checkout_at),
      lines: r.lines,
      total: r.total,
      tipamount: r.tipamount,
      refunded: r.refunded,
      cashamount: r.cashamount,
      creditamount: r.creditamount,
      giftamount: r.giftamount,
      bypass: r.bypass,
      day: r.day,
    })),
    next: nextCursor ? encodeTicketCursor(nextCursor) : null,
    nextCursor,
  };
}

/** Every ticket of a filter in `order`, a page at a time (for exports: the rows never sit in memory all at once). */
export async function* eachTicket(db: Executor, filter: TicketFilter, order: TicketOrder, pageSize = 1000): AsyncGenerator<TicketSearchRow> {
  let cursor: TicketCursor | null = null;
  for (;;) {
    const page = await ticketPage(db, filter, order, cursor, pageSize);
    yield* page.transactions;
    if (page.nextCursor === null) return;
    cursor = page.nextCursor;
  }
}

/**
 * How many tickets match the filter, and the figures of every ticket the range lists (the query
 * and status left aside, as the day list's figures are), by `dayListFigures`' definitions: the
 * completed tickets' count, totals, tips and tender; the refunds made on the range's days.
 */
export async function ticketListSummary(db: Executor, filter: TicketFilter): Promise<{ matched: number; figures: ListFigures }> {
  const [r] = await rows<{ matched: number; listed: number; tickets: number; sales: number; tips: number; collected: number; refunds: number }>(db, ticketSummarySql(filter));
  const s = r as NonNullable<typeof r>;
  return { matched: s.matched, figures: { listed: s.listed, tickets: s.tickets, sales: s.sales, tips: s.tips, refunds: s.refunds, collected: s.collected } };
}

/** The SQL of `ticketListSummary`. */
export const ticketSummarySql = (filter: TicketFilter): SQL =>
  sql`select count(*) filter (where ${matchSql(filter)})::int as matched,
          count(*)::int as listed,
          count(*) filter (where q.status = 'CHECKOUT')::int as tickets,
          coalesce(sum(k.total) filter (where q.status = 'CHECKOUT'), 0)::bigint::float8 as sales,
          coalesce(sum(k.tipamount) filter (where q.status = 'CHECKOUT'), 0)::bigint::float8 as tips,
          coalesce(sum(k.cashamount + k.creditamount + k.giftamount) filter (where q.status = 'CHECKOUT'), 0)::bigint::float8 as collected,
          (select coalesce(sum(r.amount), 0)::bigint::float8 from refunds r where r.business_id = ${filter.businessId} and r.day between ${filter.start}::date and ${filter.end}::date) as refunds
        from queue q left join checkouts k on k.queue_id = q.id and k.voided_at is null
        where ${listedSql(filter)}`;

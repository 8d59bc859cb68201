import {
  CARD_ENTRY,
  cardStatus,
  MEMBERSHIP_EVENT_STATUS,
  MEMBERSHIP_OPEN_STATUSES,
  MEMBERSHIP_STATUS,
  PREPAID_QUERY_BY,
  prepaidQuery,
  type CardKind,
  type CardLedgerEntry,
  type Membership,
  type MembershipEvent,
  type MembershipEventKind,
  type MembershipStatus,
  type PrepaidCard,
  type MembershipSearchQuery,
} from '@salondesk/core';
import { type SQL, sql } from 'drizzle-orm';
import { iso } from '../db/instants';
import { type Executor, rows } from '../db/executor';

/**
 * The prepaid queries: cards with their balance (the ledger's sum), the search box, a card's
 * ledger, memberships with their status (their latest event's), a membership's history. Every
 * query is limited to `locations`: the locations of the business's network the user may see.
 */

interface CardRow {
  id: number;
  kind: CardKind;
  card_number: string;
  last4: string;
  business_id: number;
  location: string;
  purchaser_name: string;
  purchaser_phone: string | null;
  purchaser_email: string | null;
  recipient_name: string;
  recipient_phone: string | null;
  recipient_email: string | null;
  issued_on: string;
  expires_on: string | null;
  balance: number;
  loaded: number;
  last_day: string | null;
  closed: string | null;
}

/** The columns of a card with its balance, loaded total, last use and whether an EXPIRE or VOID closed it (`c`: prepaid_cards). */
const CARD_COLUMNS = sql`c.id, c.kind, c.card_number, c.last4, c.business_id, b.name as location,
  c.purchaser_name, c.purchaser_phone, c.purchaser_email, c.recipient_name, c.recipient_phone, c.recipient_email,
  c.issued_on::text as issued_on, c.expires_on::text as expires_on,
  l.balance, l.loaded, l.last_day,
  (select x.kind from prepaid_ledger x where x.card_id = c.id and x.kind in (${CARD_ENTRY.ISSUE}, ${CARD_ENTRY.EXPIRE}, ${CARD_ENTRY.VOID}) order by x.id desc limit 1) as closed`;
const CARD_FROM = sql`prepaid_cards c join businesses b on b.id = c.business_id
  cross join lateral (
    select coalesce(sum(x.amount), 0)::int as balance,
      coalesce(sum(x.amount) filter (where x.kind in (${CARD_ENTRY.ISSUE}, ${CARD_ENTRY.LOAD})), 0)::int as loaded,
      max(x.day)::text as last_day
    from prepaid_ledger x where x.card_id = c.id) l`;

const holder = (name: string, phone: string | null, email: string | null) => ({ name, phone, email });

function toCard(r: CardRow, today: string): PrepaidCard {
  const closed = r.closed === CARD_ENTRY.EXPIRE || r.closed === CARD_ENTRY.VOID ? r.closed : null;
  return {
    id: r.id,
    kind: r.kind,
    card_number: r.card_number,
    last4: r.last4,
    business_id: r.business_id,
    location: r.location,
    purchaser: holder(r.purchaser_name, r.purchaser_phone, r.purchaser_email),
    recipient: holder(r.recipient_name, r.recipient_phone, r.recipient_email),
    issued_on: r.issued_on,
    expires_on: r.expires_on,
    status: cardStatus({ balance: r.balance, closed, expires_on: r.expires_on }, today),
    balance: r.balance,
    loaded: r.loaded,
    last_used_on: r.last_day ?? r.issued_on,
  };
}

const ids = (locations: readonly number[]) => sql`(${sql.join(locations.map((l) => sql`${l}::int`), sql`, `)})`;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The search box's condition on `c` (prepaid_cards), as `prepaidQuery` reads `q`; null when `q` is empty. */
export function cardSearchCondition(q: string): { by: string; where: SQL } | null {
  const read = prepaidQuery(q);
  if (!read) return null;
  const v = escapeLike(read.value);
  switch (read.by) {
    case PREPAID_QUERY_BY.LAST4:
      return { by: read.by, where: sql`c.last4 = ${read.value}` };
    case PREPAID_QUERY_BY.NUMBER:
      return { by: read.by, where: sql`c.card_number like ${`${v}%`}` };
    case PREPAID_QUERY_BY.PHONE: {
      const reversed = `${[...v].reverse().join('')}%`;
      return { by: read.by, where: sql`(reverse(c.purchaser_phone) like ${reversed} or reverse(c.recipient_phone) like ${reversed})` };
    }
    case PREPAID_QUERY_BY.EMAIL:
      return { by: read.by, where: sql`(lower(c.purchaser_email) like ${`${v}%`} or lower(c.recipient_email) like ${`${v}%`})` };
    default:
      return { by: read.by, where: sql`lower(c.purchaser_name || ' ' || c.recipient_name) like ${`%${v}%`}` };
  }
}

/** The search's one statement (the bench runs it under EXPLAIN ANALYZE): the match first (its index), then the balance of only the cards kept. */
export function cardSearchSql(locations: readonly number[], where: SQL, limit: number): SQL {
  return sql`with m as (
      select c.id from prepaid_cards c where ${where} and c.business_id in ${ids(locations)}
      order by c.id desc limit ${limit + 1})
    select ${CARD_COLUMNS} from m join ${CARD_FROM} on c.id = m.id order by c.id desc`;
}

/** The cards `q` finds in `locations`: the latest issued first, at most `limit`, and whether more matched. */
export async function searchCards(db: Executor, locations: readonly number[], q: string, limit: number, today: string) {
  const condition = cardSearchCondition(q);
  if (!condition) return { by: '', cards: [], more: false };
  const found = await rows<CardRow>(db, cardSearchSql(locations, condition.where, limit));
  return { by: condition.by, cards: found.slice(0, limit).map((r) => toCard(r, today)), more: found.length > limit };
}

/** One card by kind and number in `locations`, or undefined. `forUpdate` locks it (ledger writes take turns per card). */
export async function findCard(db: Executor, locations: readonly number[], kind: CardKind, number: string, options: { forUpdate?: boolean } = {}) {
  const [row] = await rows<{ id: number }>(
    db,
    sql`select id from prepaid_cards where card_number = ${number} and kind = ${kind} and business_id in ${ids(locations)} ${options.forUpdate ? sql`for update` : sql``}`,
  );
  return row;
}

/** A card with its ledger (oldest first, each entry with the balance after it). */
export async function loadCardDetail(db: Executor, cardId: number, today: string) {
  const [row] = await rows<CardRow>(db, sql`select ${CARD_COLUMNS} from ${CARD_FROM} where c.id = ${cardId}`);
  if (!row) return undefined;
  const entries = await rows<{ id: number; kind: CardLedgerEntry['kind']; amount: number; balance: number; day: string; at: Date | string; queue_id: number | null; reason: string | null; note: string | null; by: string | null }>(
    db,
    sql`select x.id, x.kind, x.amount, (sum(x.amount) over (order by x.id))::int as balance, x.day::text as day, x.at, x.queue_id, x.reason, x.note, u.fullname as by
        from prepaid_ledger x left join users u on u.id = x.user_id where x.card_id = ${cardId} order by x.id`,
  );
  return {
    ...toCard(row, today),
    ledger: entries.map((e) => ({ id: e.id, kind: e.kind, amount: e.amount, balance: e.balance, day: e.day, at: iso(e.at), txId: e.queue_id, reason: e.reason, note: e.note, by: e.by })),
  };
}

// ——— Memberships ————————————————————————————————————————————————————————————————————————

/** The event kinds that lead to each status (from core's one map). */
const kindsLeadingTo = (statuses: readonly MembershipStatus[]) =>
  (Object.entries(MEMBERSHIP_EVENT_STATUS) as [MembershipEventKind, MembershipStatus][]).filter(([, s]) => statuses.includes(s)).map(([k]) => k);
const inKinds = (kinds: readonly string[]) => sql`e.kind in (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})`;
const STATUS_CASE = sql.raw(
  `case e.kind ${(Object.entries(MEMBERSHIP_EVENT_STATUS) as [string, string][]).map(([k, s]) => `when '${k}' then '${s}'`).join(' ')} end`,
);

interface MembershipRow {
  id: number;
  plan_id: number;
  plan: string;
  price: number;
  business_id: number;
  location: string;
  member_name: string;
  member_phone: string | null;
  member_email: string | null;
  status: MembershipStatus;
  started_on: string;
  expires_on: string;
  next_bill_on: string | null;
  paused_until: string | null;
  auto_renew: boolean;
}

const MEMBERSHIP_SELECT = sql`select m.id, m.plan_id, p.name as plan, p.price, m.business_id, b.name as location,
    m.member_name, m.member_phone, m.member_email, ${STATUS_CASE} as status,
    m.started_on::text as started_on, m.expires_on::text as expires_on, m.next_bill_on::text as next_bill_on,
    case when e.kind = 'PAUSED' then e.until::text end as paused_until, m.auto_renew
  from memberships m join membership_plans p on p.id = m.plan_id join businesses b on b.id = m.business_id
  cross join lateral (select x.kind, x.until from membership_events x where x.membership_id = m.id order by x.at desc, x.id desc limit 1) e`;

const BILLING: readonly MembershipStatus[] = [MEMBERSHIP_STATUS.ACTIVE, MEMBERSHIP_STATUS.PAST_DUE];

const toMembership = (r: MembershipRow): Membership => ({
  id: r.id,
  plan_id: r.plan_id,
  plan: r.plan,
  price: r.price,
  business_id: r.business_id,
  location: r.location,
  member: holder(r.member_name, r.member_phone, r.member_email),
  status: r.status,
  started_on: r.started_on,
  expires_on: r.expires_on,
  next_bill_on: BILLING.includes(r.status) ? r.next_bill_on : null,
  paused_until: r.paused_until,
  auto_renew: r.auto_renew,
});

type MembershipFilter = Omit<MembershipSearchQuery, 'limit' | 'did_not_renew'> & { did_not_renew?: boolean };

/** The memberships of `locations` the filter keeps, by term end then id: at most `limit`, and whether more matched. */
export async function searchMemberships(db: Executor, locations: readonly number[], filter: MembershipFilter, today: string, limit: number) {
  const where: SQL[] = [sql`m.business_id in ${ids(locations)}`];
  if (filter.location !== undefined) where.push(sql`m.business_id = ${filter.location}`);
  if (filter.plan !== undefined) where.push(sql`m.plan_id = ${filter.plan}`);
  if (filter.status !== undefined) where.push(inKinds(kindsLeadingTo([filter.status as MembershipStatus])));
  if (filter.expiring_within !== undefined) {
    where.push(inKinds(kindsLeadingTo(MEMBERSHIP_OPEN_STATUSES)));
    where.push(sql`m.expires_on between ${today}::date and ${today}::date + ${filter.expiring_within}::int`);
  }
  if (filter.did_not_renew) {
    where.push(inKinds(kindsLeadingTo([MEMBERSHIP_STATUS.EXPIRED, MEMBERSHIP_STATUS.CANCELLED])));
    where.push(sql`m.expires_on < ${today}::date`);
  }
  if (filter.next_bill_from !== undefined || filter.next_bill_to !== undefined) {
    where.push(inKinds(kindsLeadingTo(BILLING)));
    if (filter.next_bill_from !== undefined) where.push(sql`m.next_bill_on >= ${filter.next_bill_from}::date`);
    if (filter.next_bill_to !== undefined) where.push(sql`m.next_bill_on <= ${filter.next_bill_to}::date`);
  }
  const q = filter.q?.trim().toLowerCase();
  if (q) where.push(sql`lower(m.member_name || ' ' || coalesce(m.member_email, '') || ' ' || coalesce(m.member_phone, '')) like ${`%${escapeLike(q)}%`}`);
  const found = await rows<MembershipRow>(db, sql`${MEMBERSHIP_SELECT} where ${sql.join(where, sql` and `)} order by m.expires_on, m.id limit ${limit + 1}`);
  return { memberships: found.slice(0, limit).map(toMembership), more: found.length > limit };
}

/** One membership of `locations` with its history (oldest first). `forUpdate` locks it. */
export async function loadMembership(db: Executor, locations: readonly number[], membershipId: number, options: { forUpdate?: boolean } = {}) {
  if (options.forUpdate) {
    const [locked] = await rows<{ id: number }>(db, sql`select id from memberships where id = ${membershipId} and business_id in ${ids(locations)} for update`);
    if (!locked) return undefined;
  }
  const [row] = await rows<MembershipRow>(db, sql`${MEMBERSHIP_SELECT} where m.id = ${membershipId} and m.business_id in ${ids(locations)}`);
  if (!row) return undefined;
  const history = await rows<{ id: number; kind: MembershipEvent['kind']; day: string; at: Date | string; until: string | null; note: string | null; by: string | null }>(
    db,
    sql`select x.id, x.kind, x.day::text as day, x.at, x.until::text as until, x.note, u.fullname as by
        from membership_events x left join users u on u.id = x.user_id where x.membership_id = ${membershipId} order by x.at, x.id`,
  );
  return { ...toMembership(row), history: history.map((h) => ({ ...h, at: iso(h.at) })) };
}

/** The plans of `locations` with their members by status. */
export async function clubMemberships(db: Executor, locations: readonly number[]) {
  const plans = await rows<{ id: number; name: string; price: number; interval_months: number }>(
    db,
    sql`select id, name, price, interval_months from membership_plans where business_id in ${ids(locations)} order by name, id`,
  );
  const counts = await rows<{ plan_id: number; status: MembershipStatus; n: number }>(
    db,
    sql`select m.plan_id, ${STATUS_CASE} as status, count(*)::int as n
        from memberships m cross join lateral (select x.kind from membership_events x where x.membership_id = m.id order by x.at desc, x.id desc limit 1) e
        where m.business_id in ${ids(locations)} group by 1, 2`,
  );
  return plans.map((p) => {
    const byStatus = Object.fromEntries(Object.values(MEMBERSHIP_STATUS).map((s) => [s, 0])) as Record<MembershipStatus, number>;
    for (const c of counts) if (c.plan_id === p.id) byStatus[c.status] = c.n;
    return { ...p, members: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus };
  });
}

// ——— One client's (issue 18, the client profile) ———————————————————————————————————————

/** The cards a customer holds (any location), the latest issued first, with their balance. */
export async function cardsOfCustomer(db: Executor, customerId: number, today: string): Promise<PrepaidCard[]> {
  const found = await rows<CardRow>(db, sql`select ${CARD_COLUMNS} from ${CARD_FROM} where c.customer_id = ${customerId} order by c.id desc`);
  return found.map((r) => toCard(r, today));
}

/** The memberships of a customer (any location), by term end. */
export async function membershipsOfCustomer(db: Executor, customerId: number): Promise<Membership[]> {
  const found = await rows<MembershipRow>(db, sql`${MEMBERSHIP_SELECT} where m.customer_id = ${customerId} order by m.expires_on desc, m.id`);
  return found.map(toMembership);
}

import {
  type ClientCard,
  type ClientListQuery,
  type ClientMembership,
  type ClientProfile,
  type ClientRow,
  type ClientTag,
  type ClientVisit,
  clientName,
  likeAnywhere,
  type ClientQuery,
  parseClientQuery,
  phoneCountryOf,
  type clientListQuery,
} from '@salondesk/core';
import type { z } from 'zod/mini';
import { type SQL, sql } from 'drizzle-orm';
import type { BusinessRow } from '../businesses/queries';
import { readTogether } from '../db/executor';
import { clientNameText } from './display-name';
import { cardsOfCustomer, membershipsOfCustomer } from '../prepaid/queries';
import { segmentMembersSql } from '../segments/members';
import { rosterDisplayNames } from '../staff/queries';
import { type Executor, rows } from '../db/executor';
import { iso, isoOrNull } from '../db/instants';

/**
 * The client list and profile (issue 18): a location's customers with their facts (the
 * `customer_facts` view: visits, spend, first and last visit, last staff — never a second
 * reading of the tickets), their tags (the network's), and their tickets.
 */

/** A parsed list query (the server's `clientListQuery` output). */
export type ClientFilter = Omit<z.output<typeof clientListQuery>, 'page' | 'page_size'>;

/** A client's own record as stored (`customers`): what the personal-data export gives back. */
export interface ClientRecordRow {
  id: number;
  firstname: string | null;
  lastname: string | null;
  phone: string;
  phone_type: string;
  email: string | null;
  birthday: string | null;
  loyalty_points: number;
  created_at: Date | string;
  erased_at: Date | string | null;
  notes: string;
}

interface ClientSqlRow extends ClientRecordRow {
  merged_into_id: number | null;
  visits: number;
  spend: number | string;
  refunds: number | string;
  tips: number | string;
  average_spend: number | string;
  first_visit: string | null;
  last_visit: string | null;
  last_ticket_id: number | null;
  last_staff_id: number | null;
  total?: number;
}

const CLIENT_COLUMNS = sql`c.id, c.firstname, c.lastname, c.phone, c.phone_type, c.email, c.birthday::text as birthday, c.loyalty_points,
  c.created_at, c.erased_at, c.notes, c.merged_into_id,
  f.visits, f.spend, f.refunds, f.tips, f.average_spend, f.first_visit::text as first_visit, f.last_visit::text as last_visit,
  f.last_ticket_id, f.last_staff_id`;
const CLIENT_FROM = sql`customers c join customer_facts f on f.customer_id = c.id and f.business_id = c.business_id`;

/** The name the list sorts by (`clientName`'s, in lower case, compared byte by byte). */
const NAME_ORDER = sql.raw(`lower(${clientNameText('c', { erased: true })}) collate "C"`);

const reversed = (s: string) => [...s].reverse().join('');

/** The search's condition on `c` (customers). */
export function clientQuerySql(query: ClientQuery): SQL {
  if (query.kind === 'all') return sql`true`;
  if (query.kind === 'phone') {
    if (query.suffixes.length === 0) return sql`false`;
    return sql`(${sql.join(
      query.suffixes.map((s) => sql`reverse(c.phone_digits) like ${`${reversed(s)}%`}`),
      sql` or `,
    )})`;
  }
  return sql.join(
    query.words.map((w) => {
      const like = likeAnywhere(w);
      return sql`(lower(coalesce(c.firstname, '') || ' ' || coalesce(c.lastname, '')) like ${like} or lower(coalesce(c.email, '')) like ${like})`;
    }),
    sql` and `,
  );
}

/** The WHERE of the list (aliases `c` customers, `f` customer_facts): the location's listed clients the filter keeps. */
export async function clientFilterSql(db: Executor, business: BusinessRow, filter: ClientFilter, now: Date): Promise<SQL> {
  const where: SQL[] = [sql`c.business_id = ${business.id}`, sql`c.merged_into_id is null`, sql`c.erased_at is null`];
  const info = business.info as { phone?: string };
  where.push(clientQuerySql(parseClientQuery(filter.q, phoneCountryOf(info.phone))));
  if (filter.never_visited === true) where.push(sql`f.visits = 0`);
  if (filter.last_visit_from !== undefined) where.push(sql`f.last_visit >= ${filter.last_visit_from}::date`);
  if (filter.last_visit_to !== undefined) where.push(sql`f.last_visit <= ${filter.last_visit_to}::date`);
  if (filter.visits_min !== undefined) where.push(sql`f.visits >= ${filter.visits_min}`);
  if (filter.visits_max !== undefined) where.push(sql`f.visits <= ${filter.visits_max}`);
  if (filter.spend_min !== undefined) where.push(sql`f.spend >= ${filter.spend_min}::bigint`);
  if (filter.spend_max !== undefined) where.push(sql`f.spend <= ${filter.spend_max}::bigint`);
  if (filter.tags !== undefined && filter.tags.length > 0) {
    const tagIds = sql`${`{${filter.tags.join(',')}}`}::int[]`;
    where.push(
      filter.tag_match === 'all'
        ? sql`(select count(*) from customer_tag_links l where l.customer_id = c.id and l.tag_id = any(${tagIds})) = ${filter.tags.length}`
        : sql`exists (select 1 from customer_tag_links l where l.customer_id = c.id and l.tag_id = any(${tagIds}))`,
    );
  }
  if (filter.segment !== undefined) {
    const members = await segmentMembersSql(db, business.id, filter.segment, { now });
    where.push(sql`c.id in (select m.id from (${members}) m)`);
  }
  return sql.join(where, sql` and `);
}

const ORDER: Record<ClientFilter['sort'], SQL> = {
  name: NAME_ORDER,
  last_visit: sql`f.last_visit`,
  visits: sql`f.visits`,
  spend: sql`f.spend`,
  created: sql`c.created_at`,
};

export const clientOrderSql = (sort: ClientFilter['sort'], dir: 'asc' | 'desc'): SQL =>
  dir === 'desc' ? sql`${ORDER[sort]} desc nulls last, c.id desc` : sql`${ORDER[sort]} asc nulls last, c.id asc`;

/** The tags of `customerIds`, by customer. */
export async function tagsOf(db: Executor, customerIds: readonly number[]): Promise<Map<number, ClientTag[]>> {
  const out = new Map<number, ClientTag[]>();
  if (customerIds.length === 0) return out;
  const found = await rows<{ customer_id: number; id: number; name: string; color: string }>(
    db,
    sql`select l.customer_id, t.id, t.name, t.color from customer_tag_links l join customer_tags t on t.id = l.tag_id
        where l.customer_id = any(${`{${customerIds.join(',')}}`}::int[]) order by lower(t.name), t.id`,
  );
  for (const r of found) {
    const list = out.get(r.customer_id) ?? [];
    list.push({ id: r.id, name: r.name, color: r.color });
    out.set(r.customer_id, list);
  }
  return out;
}

const staffLabel = (names: Map<number, string>, staffId: number | null): string | null => (staffId === null ? null : (names.get(staffId) ?? 'Former staff'));

function toRow(r: ClientSqlRow, tags: Map<number, ClientTag[]>, names: Map<number, string>): ClientRow {
  const erased_at = isoOrNull(r.erased_at);
  return {
    id: r.id,
    name: clientName({ ...r, erased_at }),
    firstname: r.firstname,
    lastname: r.lastname,
    phone: r.phone,
    phone_type: r.phone_type,
    email: r.email,
    birthday: r.birthday,
    loyalty_points: r.loyalty_points,
    tags: tags.get(r.id) ?? [],
    created_at: iso(r.created_at),
    erased_at,
    visits: r.visits,
    spend: Number(r.spend),
    refunds: Number(r.refunds),
    tips: Number(r.tips),
    average_spend: Number(r.average_spend),
    first_visit: r.first_visit,
    last_visit: r.last_visit,
    last_ticket_id: r.last_ticket_id,
    last_staff_id: r.last_staff_id,
    last_staff: staffLabel(names, r.last_staff_id),
  };
}

/** One page of the list, with the total the filter matched. */
export async function listClients(db: Executor, business: BusinessRow, query: z.output<typeof clientListQuery>, now: Date) {
  const where = await clientFilterSql(db, business, query, now);
  const offset = (query.page - 1) * query.page_size;
  const found = await rows<ClientSqlRow>(
    db,
    sql`select ${CLIENT_COLUMNS}, count(*) over ()::int as total from ${CLIENT_FROM} where ${where}
        order by ${clientOrderSql(query.sort, query.dir)} limit ${query.page_size} offset ${offset}`,
  );
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && offset > 0) {
    const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${CLIENT_FROM} where ${where}`);
    total = count?.n ?? 0;
  }
  const [tags, names] = await readTogether(db, [() => tagsOf(db, found.map((r) => r.id)), () => rosterDisplayNames(db, business.id)]);
  return { rows: found.map((r) => toRow(r, tags, names)), total, page: query.page, page_size: query.page_size };
}

/** Every listed client the filter keeps, in its order, a batch at a time (the export). */
export async function* clientBatches(db: Executor, business: BusinessRow, filter: ClientFilter, now: Date, batch = 2000): AsyncGenerator<ClientRow[]> {
  const where = await clientFilterSql(db, business, filter, now);
  const names = await rosterDisplayNames(db, business.id);
  for (let offset = 0; ; offset += batch) {
    const found = await rows<ClientSqlRow>(db, sql`select ${CLIENT_COLUMNS} from ${CLIENT_FROM} where ${where} order by ${clientOrderSql(filter.sort, filter.dir)} limit ${batch} offset ${offset}`);
    if (found.length === 0) return;
    const tags = await tagsOf(db, found.map((r) => r.id));
    yield found.map((r) => toRow(r, tags, names));
    if (found.length < batch) return;
  }
}

/** A client of the location (merged and erased ones too), or undefined. `forUpdate` locks its row. */
export async function findClient(db: Executor, businessId: number, clientId: number, options: { forUpdate?: boolean } = {}) {
  const [row] = await rows<{ id: number; erased_at: Date | string | null; merged_into_id: number | null; loyalty_points: number }>(
    db,
    sql`select id, erased_at, merged_into_id, loyalty_points from customers where id = ${clientId} and business_id = ${businessId} ${options.forUpdate ? sql`for update` : sql``}`,
  );
  return row;
}

const toClientCard = (c: Awaited<ReturnType<typeof cardsOfCustomer>>[number]): ClientCard => ({
  id: c.id,
  kind: c.kind,
  card_number: c.card_number,
  last4: c.last4,
  balance: c.balance,
  issued_on: c.issued_on,
  expires_on: c.expires_on,
  location: c.location,
});
const toClientMembership = (m: Awaited<ReturnType<typeof membershipsOfCustomer>>[number]): ClientMembership => ({
  id: m.id,
  plan: m.plan,
  status: m.status,
  started_on: m.started_on,
  expires_on: m.expires_on,
  next_bill_on: m.next_bill_on,
  location: m.location,
});

/** The profile of a client of the location, or undefined. */
export async function loadProfile(db: Executor, business: BusinessRow, clientId: number, today: string): Promise<ClientProfile | undefined> {
  const [row] = await rows<ClientSqlRow>(db, sql`select ${CLIENT_COLUMNS} from ${CLIENT_FROM} where c.id = ${clientId} and c.business_id = ${business.id}`);
  if (!row) return undefined;
  const [tags, names, mergedFrom, cards, memberships] = await readTogether(db, [
    () => tagsOf(db, [clientId]),
    () => rosterDisplayNames(db, business.id),
    () =>
      rows<{ id: number; firstname: string | null; lastname: string | null; phone: string; phone_type: string; erased_at: Date | string | null }>(
        db,
        sql`select id, firstname, lastname, phone, phone_type, erased_at from customers where merged_into_id = ${clientId} order by id`,
      ),
    () => cardsOfCustomer(db, clientId, today),
    () => membershipsOfCustomer(db, clientId),
  ]);
  return {
    ...toRow(row, tags, names),
    notes: row.notes,
    merged_into_id: row.merged_into_id,
    merged_from: mergedFrom.map((m) => ({ id: m.id, name: clientName({ ...m, erased_at: isoOrNull(m.erased_at) }) })),
    cards: cards.map(toClientCard),
    memberships: memberships.map(toClientMembership),
    location: business.name,
  };
}

/** A page of the client's tickets, the latest first, with their lines (`limit` null: all of them). */
export async function clientVisits(db: Executor, businessId: number, clientId: number, page: number, pageSize: number | null) {
  const limit = pageSize === null ? sql`` : sql`limit ${pageSize} offset ${(page - 1) * pageSize}`;
  const tickets = await rows<{ id: number; day: string; status: string; completed: boolean; staff_id: number | null; tips: number; refunded: number; total: number }>(
    db,
    sql`select q.id, coalesce(k.checkout_day, q.day)::text as day, q.status, k.id is not null as completed,
          coalesce(q.serviced_by, k.employee_id) as staff_id, coalesce(k.tipamount, 0) as tips, coalesce(k.refunded, 0) as refunded,
          coalesce((select sum(l.total) from saleslogs l where l.checkout_id = k.id and not l.voided), 0)::int as total
        from queue q left join checkouts k on k.queue_id = q.id and k.voided_at is null
        where q.customer_id = ${clientId} and q.business_id = ${businessId}
        order by coalesce(k.checkout_day, q.day) desc, q.id desc ${limit}`,
  );
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from queue q where q.customer_id = ${clientId} and q.business_id = ${businessId}`);
  const names = await rosterDisplayNames(db, businessId);
  const ids = tickets.map((t) => t.id);
  const lines =
    ids.length === 0
      ? []
      : await rows<{ queue_id: number; kind: string; name: string; quantity: number; total: number; employee_id: number | null }>(
          db,
          sql`select l.queue_id, l.kind, l.name, l.quantity, l.total, l.employee_id from saleslogs l
              join checkouts k on k.id = l.checkout_id and k.voided_at is null
              where l.queue_id = any(${`{${ids.join(',')}}`}::int[]) and not l.voided order by l.id`,
        );
  const visits: ClientVisit[] = tickets.map((t) => ({
    ticket_id: t.id,
    day: t.day,
    status: t.status,
    completed: t.completed,
    staff_id: t.staff_id,
    staff: staffLabel(names, t.staff_id),
    items: lines
      .filter((l) => l.queue_id === t.id)
      .map((l) => ({ kind: l.kind, name: l.name, quantity: l.quantity, total: l.total, staff: staffLabel(names, l.employee_id) })),
    total: t.total,
    tips: t.tips,
    refunded: t.refunded,
  }));
  return { rows: visits, total: count?.n ?? 0 };
}

/** The scope of a business's tags: its network's, or its own outside any network (alias `t`: customer_tags). */
export const tagScopeSql = (business: BusinessRow): SQL =>
  business.network_id === null ? sql`t.business_id = ${business.id}` : sql`t.network_id = ${business.network_id}`;

/** The scope's tags with how many clients carry each. */
export async function scopeTags(db: Executor, business: BusinessRow, where: SQL = sql`true`) {
  return rows<{ id: number; name: string; color: string; clients: number }>(
    db,
    sql`select t.id, t.name, t.color, (select count(*)::int from customer_tag_links l join customers c on c.id = l.customer_id where l.tag_id = t.id and c.merged_into_id is null) as clients
        from customer_tags t where ${tagScopeSql(business)} and ${where} order by lower(t.name), t.id`,
  );
}

/**
 * The columns that point at a customer, other than the customer's own and its tag links (read
 * from the catalogue, so a table added later — a waiver signature, a campaign delivery — moves
 * with a merge too).
 */
/**
 * Every column that points at a customer (one-column foreign keys to `customers`), with the other
 * columns of each unique key it is part of: a merge moves a row only where that cannot collide.
 */
export async function customerReferences(db: Executor): Promise<{ table: string; column: string; uniqueWith: string[][] }[]> {
  return rows<{ table: string; column: string; uniqueWith: string[][] }>(
    db,
    sql`select cl.relname as table, a.attname as column,
          coalesce((select json_agg(others) from (
              select coalesce(array_agg(oa.attname order by oa.attnum) filter (where oa.attnum <> a.attnum), '{}') as others
              from pg_index ix
              join pg_attribute oa on oa.attrelid = ix.indrelid and oa.attnum = any(ix.indkey)
              where ix.indrelid = con.conrelid and ix.indisunique and a.attnum = any(ix.indkey)
              group by ix.indexrelid) u), '[]'::json) as "uniqueWith"
        from pg_constraint con
        join pg_class cl on cl.oid = con.conrelid
        join pg_namespace n on n.oid = cl.relnamespace
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
        where con.contype = 'f' and con.confrelid = 'public.customers'::regclass and array_length(con.conkey, 1) = 1
          and n.nspname = 'public' and cl.relname not in ('customers', 'customer_tag_links')
        order by 1, 2`,
  );
}

import {
  addDays,
  todayIn,
  customerOf,
  dayListFigures,
  formatPhone,
  MESSAGES,
  parseTicketQuery,
  phoneMatches,
  staffDisplayNames,
  ticketSearchPage,
  type TicketSearchQuery,
  type TicketSearchRow,
} from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTransactions } from '../demo/generate-transactions';
import { demoSeededAt, signedIn, startTestServer, type TestClient, type TestServer } from '../test/harness';
import { createUserWithoutReports } from './fixtures';
import { rows } from '../db/executor';

/**
 * The ticket search over a range (`GET transactions/search`): what each kind of query finds
 * across a month (held to a reference that applies core's rules to every ticket of the month in
 * JS), keyset pages that return every row once under ties, the sort orders, the figures, and
 * isolation between businesses. The test database has 10 days of demo tickets; a month is added
 * before them at Luxe Los Angeles.
 */

const LA = 1;
const NY = 2;
const SM = 3;

interface RefTicket {
  id: number;
  day: string;
  status: string;
  checkin_at: string;
  total: number;
  phone: string | null;
  phone_type: string | null;
  firstname: string | null;
  lastname: string | null;
  staff_id: number | null;
  staff_names: string;
}

describe('ticket search over a range', () => {
  let server: TestServer;
  let owner: TestClient;
  let today: string;
  let start: string;
  let month: RefTicket[];

  /** Every ticket the lists show at a business over a range, with what the search reads of it. */
  const reference = async (businessId: number, from: string, to: string): Promise<RefTicket[]> => {
    const staff = await rows<{ id: number; name: string; nickname: string | null; full_name: string }>(server.database.db, sql`select id, name, nickname, full_name from staff where business_id = ${businessId}`);
    const display = staffDisplayNames(staff);
    const names = new Map(staff.map((s) => [s.id, `${display.get(s.id) ?? ''} ${s.full_name}`.toLowerCase()]));
    const list = await rows<Omit<RefTicket, 'staff_names'> & { checkin: Date | string }>(
      server.database.db,
      sql`select q.id, q.day::text as day, q.status, q.checkin_at as checkin, case when q.status = 'CHECKOUT' then k.total else -1 end as total,
            c.phone, c.phone_type, c.firstname, c.lastname, s.id as staff_id
          from queue q left join checkouts k on k.queue_id = q.id and k.voided_at is null left join customers c on c.id = q.customer_id left join staff s on s.id = q.serviced_by
          where q.business_id = ${businessId} and q.day between ${from}::date and ${to}::date and q.status <> 'DELETED' and not (q.status = 'CHECKOUT' and k.id is null)`,
    );
    return list.map((t) => ({ ...t, checkin_at: new Date(t.checkin).toISOString(), staff_names: t.staff_id === null ? '' : (names.get(t.staff_id) ?? '') }));
  };

  /** Core's reading of a query applied in JS: the ids the server must find. */
  const expected = (tickets: RefTicket[], q: string): number[] => {
    const terms = parseTicketQuery(q, 'US');
    return tickets
      .filter((t) =>
        terms.every((term) => {
          if (term.kind === 'ticket') return t.id === term.ticket;
          if (term.kind === 'number') return t.id === term.ticket || (t.phone !== null && term.phoneSuffixes.length > 0 && phoneMatches(t.phone, term.phoneSuffixes));
          const name = `${t.firstname ?? ''} ${t.lastname ?? ''}`.toLowerCase();
          return name.includes(term.word) || t.staff_names.includes(term.word);
        }),
      )
      .map((t) => t.id)
      .sort((a, b) => a - b);
  };

  /** Every page of a search, followed by its cursors. */
  const everyPage = async (client: TestClient, businessId: number, query: TicketSearchQuery) => {
    const found: TicketSearchRow[] = [];
    let cursor: string | undefined;
    let pages = 0;
    let summary;
    do {
      const page = await client.client.transactions.search(businessId, { ...query, cursor });
      expect(ticketSearchPage.parse(page)).toEqual(page);
      if (pages === 0) summary = page.summary;
      else expect(page.summary).toBeNull();
      found.push(...page.transactions);
      cursor = page.next ?? undefined;
      pages += 1;
      expect(pages).toBeLessThan(500);
    } while (cursor);
    return { found, pages, summary };
  };

  beforeAll(async () => {
    server = await startTestServer();
    const [r] = await rows<{ day: string }>(server.database.db, sql`select (now() at time zone 'America/Los_Angeles')::date::text as day`);
    today = (r as { day: string }).day;
    // A month before the seeded days (about 30 tickets a day, ending before the demo's first day),
    // so the range spans 40 days.
    await generateTransactions(server.database.db, { businessId: LA, days: 30, perDay: 30, endDay: addDays(todayIn('America/Los_Angeles', demoSeededAt()), -11) });
    start = addDays(today, -40);
    owner = await signedIn(server, 'owner');
    month = await reference(LA, start, today);
    await createUserWithoutReports(server.database.db, LA, 'noreports-search');
  }, 120_000);
  afterAll(() => server.close());

  describe('matches by each kind of query across a month', () => {
    it('a phone typed in any common format finds every ticket of its customer, stored as 10 digits', async () => {
      const old = month.find((t) => t.phone_type === 'MOBILE' && t.phone !== null && t.day < addDays(today, -15)) as RefTicket;
      const digits = old.phone as string;
      expect(digits).toMatch(/^\d{10}$/); // the demo stores national numbers
      const [a, b, c] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
      const want = expected(month, digits);
      expect(want).toContain(old.id);
      for (const q of [`(${a}) ${b}-${c}`, `${a}-${b}-${c}`, `+1 ${a} ${b} ${c}`, digits, formatPhone(digits, 'US')]) {
        const { found } = await everyPage(owner, LA, { start, end: today, q });
        expect(found.map((t) => t.id).sort((x, y) => x - y), q).toEqual(want);
        for (const t of found) expect(customerOf(t.phones).phone).toBe(digits);
      }
      // The last digits alone (what a receipt shows) find it too.
      const { found } = await everyPage(owner, LA, { start, end: today, q: `${b}-${c}` });
      expect(found.map((t) => t.id)).toContain(old.id);
    });

    it('a ticket number, with or without #', async () => {
      const t = month[Math.floor(month.length / 2)] as RefTicket;
      const exact = await owner.client.transactions.search(LA, { start, end: today, q: `#${t.id}` });
      expect(exact.transactions.map((r) => r.id)).toEqual([t.id]);
      expect(exact.transactions[0]?.day).toBe(t.day);
      const bare = await everyPage(owner, LA, { start, end: today, q: String(t.id) });
      expect(bare.found.map((r) => r.id).sort((x, y) => x - y)).toEqual(expected(month, String(t.id)));
      expect(bare.found.map((r) => r.id)).toContain(t.id);
    });

    it('a customer’s name, in any case and in part', async () => {
      const t = month.find((x) => x.firstname && x.lastname && x.day < addDays(today, -20)) as RefTicket;
      for (const q of [`${t.firstname} ${t.lastname}`, `${(t.lastname as string).toUpperCase()}`, `${(t.firstname as string).slice(0, 3).toLowerCase()} ${(t.lastname as string).slice(1)}`]) {
        const { found, summary } = await everyPage(owner, LA, { start, end: today, q });
        const want = expected(month, q);
        expect(want).toContain(t.id);
        expect(found.map((r) => r.id).sort((x, y) => x - y), q).toEqual(want);
        expect(summary?.matched).toBe(want.length);
      }
    });

    it('a staff member’s full name, and their surname alone', async () => {
      const [member] = await rows<{ id: number; full_name: string }>(
        server.database.db,
        sql`select s.id, s.full_name from staff s where s.business_id = ${LA} and s.full_name like '% %' and exists (select 1 from queue q where q.serviced_by = s.id and q.day >= ${start}::date) order by s.id limit 1`,
      );
      const { id, full_name } = member as { id: number; full_name: string };
      const surname = full_name.split(' ').at(-1) as string;
      for (const q of [full_name, surname]) {
        const { found } = await everyPage(owner, LA, { start, end: today, q });
        const want = expected(month, q);
        expect(want.length).toBeGreaterThan(0);
        expect(found.map((r) => r.id).sort((x, y) => x - y), q).toEqual(want);
      }
      const { found } = await everyPage(owner, LA, { start, end: today, q: full_name });
      expect(found.some((r) => month.find((m) => m.id === r.id)?.staff_id === id)).toBe(true);
    });

    it('a status label narrows to its statuses; a query nothing matches finds nothing', async () => {
      const { found } = await everyPage(owner, LA, { start, end: today, status: 'Deleted after service', limit: 500 });
      expect(found.length).toBeGreaterThan(0);
      expect(found.map((r) => r.id).sort((a, b) => a - b)).toEqual(month.filter((t) => t.status === 'SERVICE_NOCHECKOUT').map((t) => t.id).sort((a, b) => a - b));
      const none = await owner.client.transactions.search(LA, { start, end: today, q: 'zzqqxx' });
      expect(none).toMatchObject({ transactions: [], next: null, summary: { matched: 0 } });
      // A LIKE wildcard typed is a character, not a wildcard.
      expect((await owner.client.transactions.search(LA, { start, end: today, q: '%' })).transactions).toEqual([]);
    });
  });

  describe('pages and order', () => {
    it('keyset pages return every ticket exactly once, in each sort order, under ties', async () => {
      // Santa Monica gets 23 tickets on one day with the same check-in instant and the same total, and no customer.
      const day = addDays(today, -3);
      const [staff] = await rows<{ id: number }>(server.database.db, sql`select id from staff where business_id = ${SM} order by id limit 1`);
      for (let i = 0; i < 23; i++) {
        const [q] = await rows<{ id: number }>(
          server.database.db,
          sql`insert into queue (business_id, status, day, checkin_at, serviced_by) values (${SM}, 'CHECKOUT', ${day}, ${`${day}T18:00:00.123456Z`}, ${(staff as { id: number }).id}) returning id`,
        );
        await server.database.db.execute(sql`insert into checkouts (business_id, queue_id, cashamount, total, checkout_day) values (${SM}, ${(q as { id: number }).id}, 4200, 4200, ${day})`);
      }
      const all = await reference(SM, day, day);
      for (const sort of ['time', 'total', 'ticket', 'customer'] as const) {
        for (const dir of ['asc', 'desc'] as const) {
          const { found, pages, summary } = await everyPage(owner, SM, { start: day, end: day, sort, dir, limit: 7 });
          const ids = found.map((r) => r.id);
          expect(new Set(ids).size, `${sort} ${dir}`).toBe(ids.length); // never twice
          expect([...ids].sort((a, b) => a - b), `${sort} ${dir}`).toEqual(all.map((t) => t.id).sort((a, b) => a - b)); // never missed
          // A page is fetched one row long, so a full last page says there is no next (never an empty one).
          expect(pages).toBe(Math.max(1, Math.ceil(all.length / 7)));
          expect(summary?.matched).toBe(all.length);
          // In order: the sort key, then the ticket number, both in the direction asked.
          const key = (r: TicketSearchRow): (string | number)[] => {
            if (sort === 'time') return [r.day, r.checkin_at, r.id];
            if (sort === 'total') return [r.status === 'CHECKOUT' ? r.total : -1, r.id];
            if (sort === 'customer') return [customerOf(r.phones).name.toLowerCase(), r.id];
            return [r.id];
          };
          const cmp = (a: (string | number)[], b: (string | number)[]) => {
            for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as string | number) < (b[i] as string | number) ? -1 : 1;
            return 0;
          };
          for (let i = 1; i < found.length; i++) {
            const c = cmp(key(found[i - 1] as TicketSearchRow), key(found[i] as TicketSearchRow));
            expect(dir === 'asc' ? c : -c, `${sort} ${dir} at ${i}`).toBeLessThan(0);
          }
        }
      }
    });

    it('the range’s figures are the sums of its day lists’ figures, whatever the query', async () => {
      const from = addDays(today, -4);
      const to = addDays(today, -2);
      const days = [from, addDays(from, 1), to];
      const lists = await Promise.all(days.map((d) => owner.client.transactions.list(LA, d)));
      const sums = lists.map(dayListFigures).reduce((a, b) => ({
        listed: a.listed + b.listed,
        tickets: a.tickets + b.tickets,
        sales: a.sales + b.sales,
        tips: a.tips + b.tips,
        refunds: a.refunds + b.refunds,
        collected: a.collected + b.collected,
      }));
      const page = await owner.client.transactions.search(LA, { start: from, end: to });
      expect(page.summary?.figures).toEqual(sums);
      expect(page.summary?.matched).toBe(sums.listed);
      const searched = await owner.client.transactions.search(LA, { start: from, end: to, q: 'a', status: 'Completed' });
      expect(searched.summary?.figures).toEqual(sums);
      // The rows are the day lists' rows, with their day.
      const byId = new Map(lists.flatMap((l) => l.transactions.map((t) => [t.id, { ...t, day: l.day }])));
      for (const row of page.transactions) expect(row).toEqual(byId.get(row.id));
    });
  });

  describe('access and input', () => {
    it('stays inside its business', async () => {
      const t = month[0] as RefTicket;
      const ny = await everyPage(owner, NY, { start, end: today, q: `#${t.id}` });
      expect(ny.found).toEqual([]);
      const phone = month.find((x) => x.phone_type === 'MOBILE')?.phone as string;
      const nyIds = new Set((await reference(NY, start, today)).map((x) => x.id));
      for (const r of (await everyPage(owner, NY, { start, end: today, q: phone })).found) expect(nyIds.has(r.id)).toBe(true);
      const manager = await signedIn(server, 'manager');
      await expect(manager.client.transactions.search(NY, { start, end: today })).rejects.toMatchObject({ status: 403, message: MESSAGES.noBusinessPermission });
      const staff = await signedIn(server, 'noreports-search');
      await expect(staff.client.transactions.search(LA, { start, end: today })).rejects.toMatchObject({ status: 403 });
      // A cursor of one business's search reads nothing of another's.
      const la = await owner.client.transactions.search(LA, { start, end: today, limit: 2 });
      const crossed = await owner.client.transactions.search(NY, { start, end: today, limit: 2, cursor: la.next ?? undefined });
      for (const r of crossed.transactions) expect(nyIds.has(r.id)).toBe(true);
    });

    it('refuses bad input with a 400 that names the field', async () => {
      const path = (query: string) => `/protected/business/${LA}/transactions/search?${query}`;
      const first = await owner.client.transactions.search(LA, { start, end: today, limit: 1, sort: 'total' });
      const bad = [
        [`start=${today}&end=${start}`, 'end'],
        [`start=2024-01-01&end=2025-03-01`, 'end'],
        [`start=${start}`, 'end'],
        [`start=${start}&end=2025-02-30`, 'end'],
        [`start=${start}&end=${today}&sort=price`, 'sort'],
        [`start=${start}&end=${today}&dir=up`, 'dir'],
        [`start=${start}&end=${today}&limit=0`, 'limit'],
        [`start=${start}&end=${today}&limit=501`, 'limit'],
        [`start=${start}&end=${today}&status=Lost`, 'status'],
        [`start=${start}&end=${today}&q=${'a'.repeat(101)}`, 'q'],
        [`start=${start}&end=${today}&cursor=not%20a%20cursor`, 'cursor'],
        [`start=${start}&end=${today}&cursor=eyJhIjoxfQ`, 'cursor'],
        // A cursor of another order.
        [`start=${start}&end=${today}&sort=time&cursor=${first.next}`, 'cursor'],
      ] as const;
      for (const [query, field] of bad) {
        const res = await owner.fetch(`${server.baseUrl}${path(query)}`);
        expect(res.status, query).toBe(400);
        const body = (await res.json()) as { status: boolean; issues?: unknown };
        expect(body.status).toBe(false);
        expect(JSON.stringify(body.issues), query).toContain(field);
      }
    });
  });
});

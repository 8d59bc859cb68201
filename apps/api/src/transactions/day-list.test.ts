import { endpoints, listedInDetail, staffDisplayNames, transactionDay, type PhoneEntryWire, type TransactionDay, type TransactionStatus } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeParse } from 'zod/mini';
import { signedIn, startTestServer, type TestServer } from '../test/harness';
import { createPaidTicket, createQueuedTicket } from './fixtures';
import { listDayJson } from './queries';
import { rows } from '../db/executor';

/**
 * The contract of the pre-serialised day list (http/pre-serialized.ts): the JSON PostgreSQL
 * builds parses with core's `transactionDay` schema, and is byte for byte what Node built from
 * the same rows before (the reference below, the former implementation), on every day of the
 * seeded history and on hand-made edge cases.
 */

const LA = 1;
const NY = 2;

interface RefRow {
  id: number;
  status: TransactionStatus;
  checkin_at: Date;
  checkout_at: Date | null;
  staff_id: number | null;
  staff_full_name: string | null;
  phone_type: string | null;
  phone: string | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  checkout_id: number | null;
  total: number;
  tipamount: number;
  refunded: number;
  cashamount: number;
  creditamount: number;
  giftamount: number;
  bypass: boolean;
  lines: number;
}

/** The former Node implementation: rows through the driver, the rule in JS, `JSON.stringify`. */
async function referenceDay(server: TestServer, businessId: number, day: string, bypassOnly = false): Promise<string> {
  const list = await rows<RefRow>(
    server.database.db,
    sql`select q.id, q.status, q.checkin_at, q.checkout_at, s.id as staff_id, s.full_name as staff_full_name,
      c.phone_type, c.phone, c.firstname, c.lastname, c.email,
      k.id as checkout_id, coalesce(k.total, 0) as total, coalesce(k.tipamount, 0) as tipamount, coalesce(k.refunded, 0) as refunded,
      coalesce(k.cashamount, 0) as cashamount, coalesce(k.creditamount, 0) as creditamount, coalesce(k.giftamount, 0) as giftamount,
      coalesce(k.bypass, false) as bypass,
      (select count(*)::int from saleslogs l where l.queue_id = q.id and l.checkout_id = k.id) as lines
    from queue q
    left join checkouts k on k.queue_id = q.id and k.voided_at is null
    left join customers c on c.id = q.customer_id
    left join staff s on s.id = q.serviced_by
    where q.business_id = ${businessId} and q.day = ${day} and (${bypassOnly}::boolean is false or k.bypass)
    order by q.checkin_at desc, q.id desc`,
  );
  // Who served a ticket is named by core's display-name rule over the whole roster.
  const names = staffDisplayNames(await rows(server.database.db, sql`select id, name, nickname, full_name from staff where business_id = ${businessId}`));
  const phones = (r: RefRow): PhoneEntryWire[] =>
    r.phone === null || r.phone_type === null ? [] : [{ type: r.phone_type, phone: r.phone, customerprofiles: [{ firstname: r.firstname, lastname: r.lastname, email: r.email }] }];
  const [refunds] = await rows<{ total: number }>(
    server.database.db,
    sql`select coalesce(sum(amount), 0)::int as total from refunds where business_id = ${businessId} and day = ${day}`,
  );
  const out: TransactionDay = {
    day,
    refunds: refunds?.total ?? 0,
    transactions: list
      .filter((r) => listedInDetail({ status: r.status, hasCheckout: r.checkout_id !== null }))
      .map((r) => ({
        id: r.id,
        status: r.status,
        phones: phones(r),
        staff: r.staff_id === null ? null : (names.get(r.staff_id) ?? null),
        staff_full_name: r.staff_full_name,
        checkin_at: new Date(r.checkin_at).toISOString(),
        checkout_at: r.checkout_at === null ? null : new Date(r.checkout_at).toISOString(),
        lines: r.lines,
        total: r.total,
        tipamount: r.tipamount,
        refunded: r.refunded,
        cashamount: r.cashamount,
        creditamount: r.creditamount,
        giftamount: r.giftamount,
        bypass: r.bypass,
      })),
  };
  return JSON.stringify(out);
}

describe('transactions/{day} built by PostgreSQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const checkDay = async (businessId: number, day: string, bypassOnly = false) => {
    const json = await listDayJson(server.database.db, businessId, day, { bypassOnly });
    const parsed = safeParse(transactionDay, JSON.parse(json));
    expect(parsed.success, `${businessId} ${day}: ${JSON.stringify(parsed.error?.issues.slice(0, 3))}`).toBe(true);
    expect(json, `${businessId} ${day}`).toBe(await referenceDay(server, businessId, day, bypassOnly));
    return JSON.parse(json) as TransactionDay;
  };

  it('matches the schema and the reference on every seeded day of two locations (refunds, deletions, gift cards, card payments, walk-ins)', async () => {
    const days = await rows<{ business_id: number; day: string }>(
      server.database.db,
      sql`select distinct business_id, day::text as day from queue where business_id in (${LA}, ${NY}) order by 1, 2`,
    );
    expect(days.length).toBeGreaterThan(2);
    const seen = { refunded: 0, refundDays: 0, gift: 0, split: 0, walkIn: 0, statuses: new Set<string>(), bypass: 0 };
    for (const d of days) {
      const list = await checkDay(d.business_id, d.day);
      await checkDay(d.business_id, d.day, true);
      if (list.refunds > 0) seen.refundDays++;
      for (const t of list.transactions) {
        seen.statuses.add(t.status);
        if (t.refunded > 0) seen.refunded++;
        if (t.giftamount > 0) seen.gift++;
        if ([t.cashamount, t.creditamount, t.giftamount].filter((a) => a > 0).length > 1) seen.split++;
        if (t.phones.length === 0) seen.walkIn++;
        if (t.bypass) seen.bypass++;
      }
    }
    // The sample really covers the edge cases (else this test proves less than it says).
    expect(seen.refunded).toBeGreaterThan(0);
    expect(seen.refundDays).toBeGreaterThan(0);
    expect(seen.gift).toBeGreaterThan(0);
    expect(seen.split).toBeGreaterThan(0);
    expect(seen.walkIn).toBeGreaterThan(0);
    expect(seen.statuses).toContain('SERVICE_NOCHECKOUT');
    expect(seen.statuses).not.toContain('DELETED');
  });

  it('handles hand-made edge cases: odd names, no names, a TEMP phone, a voided checkout, CHECKOUT without a checkout, an empty day', async () => {
    const db = server.database.db;
    const day = '2031-02-03';
    const paid = await createPaidTicket(db, LA, 12_345, { day });
    const voided = await createPaidTicket(db, LA, 500, { day });
    const orphan = await createPaidTicket(db, LA, 700, { day });
    const queued = await createQueuedTicket(db, LA);
    await db.execute(sql`update queue set day = ${day} where id = ${queued.id}`);
    const [odd] = await rows<{ id: number }>(
      db,
      sql`insert into customers (business_id, phone_type, phone, firstname, lastname, email)
          values (${LA}, 'MOBILE', '+1 "555" \\ 0100', ${'Zoë "Q" \\ O\'Neil\n\t😀'}, null, null) returning id`,
    );
    const [temp] = await rows<{ id: number }>(db, sql`insert into customers (business_id, phone_type, phone) values (${LA}, 'TEMP', '0000001') returning id`);
    await db.execute(sql`update queue set customer_id = ${(odd as { id: number }).id}, checkin_at = '2031-02-03 17:00:00.123456+00', checkout_at = null where id = ${paid.id}`);
    await db.execute(sql`update queue set customer_id = ${(temp as { id: number }).id}, serviced_by = null where id = ${queued.id}`);
    await db.execute(sql`update checkouts set voided_at = now() where queue_id = ${voided.id}`);
    await db.execute(sql`update queue set status = 'SERVICE_NOCHECKOUT' where id = ${voided.id}`);
    await db.execute(sql`delete from checkouts where queue_id = ${orphan.id}`);
    await db.execute(sql`insert into queue (business_id, status, day, checkin_at) values (${LA}, 'DELETED', ${day}, now())`);

    const list = await checkDay(LA, day);
    const ids = list.transactions.map((t) => t.id);
    expect(ids).toContain(paid.id);
    expect(ids).toContain(voided.id);
    expect(ids).toContain(queued.id);
    expect(ids).not.toContain(orphan.id); // CHECKOUT without a live checkout
    expect(list.transactions.find((t) => t.id === voided.id)).toMatchObject({ status: 'SERVICE_NOCHECKOUT', total: 0, lines: 0 });
    expect(list.transactions.find((t) => t.id === paid.id)).toMatchObject({ checkin_at: '2031-02-03T17:00:00.123Z', checkout_at: null, total: 12_345, lines: 1 });
    expect(list.transactions.every((t) => t.status !== 'DELETED')).toBe(true);
    await checkDay(LA, '2031-02-04');
    expect(await listDayJson(db, LA, '2031-02-04')).toBe('{"day":"2031-02-04","refunds":0,"transactions":[]}');
    for (const status of ['DELETED', 'CHECKOUT', 'CHECKIN'] as const) {
      for (const hasCheckout of [true, false]) {
        const [q] = await rows<{ id: number }>(db, sql`insert into queue (business_id, status, day, checkin_at) values (${NY}, ${status}, '2031-03-01', now()) returning id`);
        if (hasCheckout) {
          await db.execute(sql`insert into checkouts (business_id, queue_id, checkout_day) values (${NY}, ${(q as { id: number }).id}, '2031-03-01')`);
        }
        const listed = (await checkDay(NY, '2031-03-01')).transactions.some((t) => t.id === (q as { id: number }).id);
        expect(listed, `${status} ${hasCheckout}`).toBe(listedInDetail({ status, hasCheckout }));
      }
    }
  });

  it('serves the SQL-built bytes inside the usual envelope, and the SDK parses them', async () => {
    const { client, fetch } = await signedIn(server, 'owner');
    const [d] = await rows<{ day: string }>(server.database.db, sql`select day::text as day from queue where business_id = ${LA} group by day order by count(*) desc limit 1`);
    const day = (d as { day: string }).day;
    const response = await fetch(`${server.baseUrl}${endpoints.transactions.day.path.replace('{id}', String(LA)).replace('{day}', day)}`);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.text()).toBe(`{"status":true,"data":${await listDayJson(server.database.db, LA, day)}}`);
    const viaSdk = await client.transactions.list(LA, day);
    expect(viaSdk.transactions.length).toBeGreaterThan(0);
    expect(JSON.stringify(viaSdk)).toBe(await referenceDay(server, LA, day));
  });
});

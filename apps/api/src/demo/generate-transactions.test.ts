import { isTaxable, lineTax, type LineKind } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/executor';
import { startTestServer, type TestServer } from '../test/harness';
import { generateTransactions } from './generate-transactions';

const SYDNEY = 5;

describe('the transaction generator', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('writes exactly the tickets asked for, with taxes and totals by the core rules, and is deterministic', async () => {
    const { db } = server.database;
    const options = { businessId: SYDNEY, days: 3, perDay: 40, flat: true, endDay: '2020-03-05', customers: 20 };
    const result = await generateTransactions(db, options);
    expect(result).toMatchObject({ tickets: 120, startDay: '2020-03-03', endDay: '2020-03-05' });
    expect(result.lines).toBeGreaterThan(120);

    const lines = await rows<{ kind: LineKind; price: number; discount: number; quantity: number; tax: number; total: number; taxable: boolean | null }>(
      db,
      sql`select l.kind, l.price, l.discount, l.quantity, l.tax, l.total,
            coalesce((s.attributes->>'taxable')::boolean, (p.attributes->>'taxable')::boolean) as taxable
          from saleslogs l left join services s on s.id = l.service_id left join products p on p.id = l.product_id
          where l.business_id = ${SYDNEY} and l.day between '2020-03-03' and '2020-03-05'`,
    );
    expect(lines).toHaveLength(result.lines);
    for (const l of lines) {
      expect(l.tax).toBe(lineTax({ kind: l.kind, price: l.price, discount: l.discount, quantity: l.quantity, taxable: l.taxable }, 10));
      expect(l.total).toBe(l.price * l.quantity - l.discount + l.tax);
    }
    expect(lines.some((l) => isTaxable(l.kind, l.taxable) && l.tax > 0)).toBe(true);
    const [k] = await rows<{ bad: number }>(
      db,
      sql`select count(*)::int as bad from checkouts k where k.business_id = ${SYDNEY} and k.checkout_day between '2020-03-03' and '2020-03-05'
          and (k.cashamount + k.creditamount + k.giftamount <> k.total + k.tipamount or k.refunded > k.cashamount + k.creditamount + k.giftamount
               or k.total <> (select sum(l.total) from saleslogs l where l.checkout_id = k.id))`,
    );
    expect(k?.bad).toBe(0);

    // The same key gives the same tickets: a second run on other days repeats nothing of the first.
    const fingerprint = async (start: string, end: string) =>
      (await rows<{ f: string }>(db, sql`select string_agg(status || ':' || coalesce(k.total, 0), ',' order by q.checkin_at, q.id) as f
        from queue q left join checkouts k on k.queue_id = q.id where q.business_id = ${SYDNEY} and q.day between ${start} and ${end}`))[0]?.f;
    const before = await fingerprint('2020-03-03', '2020-03-05');
    await db.execute(sql`delete from queue where business_id = ${SYDNEY} and day between '2020-03-03' and '2020-03-05'`);
    await generateTransactions(db, options);
    expect(await fingerprint('2020-03-03', '2020-03-05')).toBe(before);
  });

  it('refuses a business that does not exist', async () => {
    await expect(generateTransactions(server.database.db, { businessId: 999, days: 1, perDay: 1 })).rejects.toThrow('No business 999');
  });
});

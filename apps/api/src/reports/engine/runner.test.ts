import { FIGURES, REPORT_FUNCTIONS } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBusiness } from '../../businesses/queries';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { freshDatabaseUrl } from '../../test/harness';
import { aggregateRange } from '../../transactions/sales-from-rollup';
import { rows } from '../../db/executor';
import { closeReportPool } from './pool';
import { type ReportRunContext, withReportSource } from './runner';
import { dataSources } from './schema';

const LA = 1;
const NY = 2;

describe('the guarded runner', () => {
  let database: DatabaseHandle;
  let ctx: ReportRunContext;
  let range: { start: string; end: string };
  beforeAll(async () => {
    database = openDatabase(await freshDatabaseUrl(), { max: 4 });
    const business = await findBusiness(database.db, LA);
    if (!business) throw new Error('no LA');
    ctx = { db: database.db, business, now: () => new Date() };
    const [r] = await rows<{ start: string; end: string }>(database.db, sql`select min(day)::text as start, max(day)::text as "end" from saleslogs where business_id = ${LA}`);
    range = r as { start: string; end: string };
  });
  afterAll(async () => {
    await closeReportPool(database.pool);
    await database.close();
  });

  it('runs a report function with typed parameters: net sales equal the Sales screen’s', async () => {
    const result = await withReportSource(ctx, { kind: 'function', name: 'sales_by_day' }, { start_day: range.start, end_day: range.end }, async (tx, relation, columns) => {
      expect(columns.map((c) => c.key)).toContain('net_sales');
      return tx.rows<{ business_id: number; net_sales: number; gross_sales: number; tickets: number }>(sql`select * from (${relation}) as src`);
    });
    expect(result.truncated).toBe(false);
    expect(result.rows.length).toBeGreaterThan(0);
    expect(new Set(result.rows.map((r) => r.business_id))).toEqual(new Set([LA]));
    const aggregate = await aggregateRange(database.db, LA, range.start, range.end);
    expect(result.rows.reduce((s, r) => s + r.net_sales, 0)).toBe(FIGURES.net.value(aggregate));
    expect(result.rows.reduce((s, r) => s + r.tickets, 0)).toBe(FIGURES.tickets.value(aggregate));
  });

  it('never reads outside the businesses in scope, whatever the SQL asks', async () => {
    const [ds] = await database.db
      .insert(dataSources)
      .values({ name: 'every business', sql: 'select business_id, count(*) as n from sales_lines where business_id in (1, 2, 3) group by business_id', settings: { parameters: [] } })
      .returning();
    const result = await withReportSource(ctx, { kind: 'datasource', id: ds!.id }, {}, (tx, relation) => tx.rows<{ business_id: number }>(sql`select * from (${relation}) as src`));
    expect(result.rows.map((r) => r.business_id)).toEqual([LA]);
    const ny = await findBusiness(database.db, NY);
    const both = await withReportSource({ ...ctx, businesses: [LA, NY] }, { kind: 'datasource', id: ds!.id }, {}, (tx, relation) =>
      tx.rows<{ business_id: number }>(sql`select * from (${relation}) as src order by business_id`),
    );
    expect(both.rows.map((r) => r.business_id)).toEqual([LA, ny!.id]);
  });

  it('refuses a forged scope, a write and a table outside the reporting views', async () => {
    const forge = await database.db
      .insert(dataSources)
      .values({ name: 'forge', sql: "select set_config('salondesk.businesses', '1,2,3', true) as s, (select count(*) from sales_daily) as n", settings: { parameters: [] } })
      .returning();
    await expect(withReportSource(ctx, { kind: 'datasource', id: forge[0]!.id }, {}, (tx, relation) => tx.rows(sql`select * from (${relation}) as src`))).rejects.toMatchObject({
      status: 403,
      message: expect.stringMatching(/scope is not valid/),
    });
    const users = await database.db.insert(dataSources).values({ name: 'users', sql: 'select * from public.users', settings: { parameters: [] } }).returning();
    await expect(withReportSource(ctx, { kind: 'datasource', id: users[0]!.id }, {}, (tx, relation) => tx.rows(sql`select * from (${relation}) as src`))).rejects.toMatchObject({
      status: 403,
    });
    const role = await database.db
      .insert(dataSources)
      .values({ name: 'role', sql: "select set_config('role', 'postgres', true) as r, query_to_xml('select * from public.users', true, false, '') as x", settings: { parameters: [] } })
      .returning();
    await expect(withReportSource(ctx, { kind: 'datasource', id: role[0]!.id }, {}, (tx, relation) => tx.rows(sql`select * from (${relation}) as src`))).rejects.toMatchObject({
      status: 403,
      message: expect.stringMatching(/permission denied to set role/),
    });
  });

  it('binds placeholders and keeps the row cap and the statement timeout', async () => {
    const [ds] = await database.db
      .insert(dataSources)
      .values({
        name: 'lines',
        sql: 'select id, day, total from sales_lines where day between :start and :end order by id',
        settings: {
          parameters: [
            { id: 'start', type: 'date', target: 'start', config: { valueType: 'relative', value: 'start-of-month' } },
            { id: 'end', type: 'date', target: 'end', config: { valueType: 'relative', value: 'today' } },
          ],
        },
      })
      .returning();
    const capped = await withReportSource(ctx, { kind: 'datasource', id: ds!.id }, { start: range.start, end: range.end }, (tx, relation) => tx.rows(sql`select * from (${relation}) as src`), {
      rowCap: 5,
    });
    expect(capped.rows).toHaveLength(5);
    expect(capped.truncated).toBe(true);
    const [slow] = await database.db.insert(dataSources).values({ name: 'slow', sql: 'select pg_sleep(2) as s', settings: { parameters: [] } }).returning();
    await expect(
      withReportSource(ctx, { kind: 'datasource', id: slow!.id }, {}, (tx, relation) => tx.rows(sql`select * from (${relation}) as src`), { statementTimeoutMs: 50 }),
    ).rejects.toMatchObject({ status: 408 });
  });

  it('ships every report function core declares, with its parameters and columns', async () => {
    for (const fn of Object.values(REPORT_FUNCTIONS)) {
      const [proc] = await rows<{ args: string[]; result: string }>(
        database.db,
        sql`select coalesce(p.proargnames[1:p.pronargs], '{}') as args, pg_get_function_result(p.oid) as result
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'reports' and p.proname = ${fn.name}`,
      );
      expect(proc, fn.name).toBeDefined();
      expect(proc!.args, fn.name).toEqual(fn.params.map((p) => p.target));
      const returned = [...proc!.result.matchAll(/(\w+) \w+/g)].map((m) => m[1]);
      for (const key of [...fn.columns.map((c) => c.key), ...fn.key]) expect(returned, `${fn.name}.${key}`).toContain(key);
      // And every one runs with its defaults, as the reporting role.
      await withReportSource(ctx, { kind: 'function', name: fn.name }, {}, (tx, relation) => tx.rows(sql`select * from (${relation}) as src`));
    }
  });

  it('signs in as a role that cannot become the application’s', async () => {
    const [login] = (await database.db.execute<{ password: string }>(sql`select password from reports.runner_login`)).rows;
    const url = new URL(database.pool.options.connectionString as string);
    url.username = 'salondesk_report_runner';
    url.password = login!.password;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await expect(client.query(`select set_config('role', 'postgres', false)`)).rejects.toThrow(/permission denied/);
      await expect(client.query('select count(*) from public.users')).rejects.toThrow(/permission denied/);
      const { rows: r } = await client.query('select count(*)::int as n from reports.sales_lines');
      expect(r[0].n).toBe(0);
    } finally {
      await client.end();
    }
  });
});

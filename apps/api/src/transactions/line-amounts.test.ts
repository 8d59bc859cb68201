import { lineAmounts, type LineInput } from '@salondesk/core';
import { fc, test } from '@fast-check/vitest';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { lineArb, taxRateArb } from '../../../../packages/core/src/rules/money-lines.arb';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { rows } from '../db/executor';
import { freshDatabaseUrl } from '../test/harness';
import { lineColumnsOf, lineTaxSql, lineTotalSql } from './line-amounts';

/**
 * The SQL form of a line's tax and total (what the demo seed and the transaction generator write
 * with, `line-amounts.ts`) is core's `lineAmounts` on PostgreSQL: for arbitrary lines (every kind,
 * taxable said or not, quantities above 1 with the line's discount) and tax rates of up to three
 * decimals, the same cents, rounding included.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = openDatabase(await freshDatabaseUrl(), { max: 2 });
});
afterAll(() => database?.close());

describe('lineTaxSql and lineTotalSql', () => {
  test.prop([fc.array(lineArb, { minLength: 1, maxLength: 50 }), taxRateArb], { numRuns: 100 })('are core’s lineAmounts', async (lines: LineInput[], rate) => {
    const input = JSON.stringify(lines.map((l, i) => ({ i, ...l, taxable: l.taxable ?? null })));
    const l = lineColumnsOf('l');
    const got = await rows<{ tax: number; total: number }>(
      database.db,
      sql`select x.tax, ${lineTotalSql(l, sql.raw('x.tax'))} as total
            from json_to_recordset(${input}::json) as l(i int, kind text, price int, discount int, quantity int, taxable boolean)
            cross join lateral (select ${lineTaxSql(l, sql`${String(rate)}`)} as tax) x
           order by l.i`,
    );
    expect(got).toEqual(lines.map((line) => lineAmounts(line, rate)));
  });

  test.prop([fc.integer({ min: 0, max: 100_000 })])('round a half cent away from zero, as core does', async (base) => {
    // 12.5 % of 8n + 4 cents is n + 0.5: a half cent, rounded up.
    const line: LineInput = { kind: 'product', price: base * 8 + 4, discount: 0, quantity: 1, taxable: true };
    const [got] = await rows<{ tax: number }>(database.db, sql`select ${lineTaxSql(lineColumnsOf('l'), sql`${'12.5'}`)} as tax from (select 'product'::text as kind, ${line.price}::int as price, 0 as discount, 1 as quantity, true as taxable) l`);
    expect(got?.tax).toBe(lineAmounts(line, 12.5).tax);
    expect(got?.tax).toBe(base + 1);
  });
});

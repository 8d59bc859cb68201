import { clientName, fullName } from '@salondesk/core';
import { fc, test } from '@fast-check/vitest';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { namedClientArb } from '../../../../packages/core/src/rules/clientName.arb';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { rows } from '../db/executor';
import { freshDatabaseUrl } from '../test/harness';
import { clientNameSql, fullNameText } from './display-name';

/**
 * The one SQL form of a client's display name (`clientNameSql`) is core's `clientName` on
 * PostgreSQL, for arbitrary names: empty, blank, padded with any white space core trims, any
 * Unicode, nulls; every phone type, no client at all, erased clients.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = openDatabase(await freshDatabaseUrl(), { max: 2 });
});
afterAll(() => database?.close());

const batch = fc.array(namedClientArb, { minLength: 1, maxLength: 40 });

describe('clientNameSql', () => {
  test.prop([batch], { numRuns: 80 })('names every client as core does', async (clients) => {
    const input = JSON.stringify(clients.map((c, i) => ({ i, ...c })));
    const named = await rows<{ i: number; name: string; full: string | null }>(
      database.db,
      sql`select r.i, ${clientNameSql('r', { erased: true })} as name, ${sql.raw(fullNameText({ firstname: 'r.firstname', lastname: 'r.lastname' }))} as full
            from json_to_recordset(${input}::json) as r(i int, firstname text, lastname text, phone text, phone_type text, erased_at timestamptz)
           order by r.i`,
    );
    expect(named.map((r) => r.name)).toEqual(clients.map((c) => clientName(c)));
    expect(named.map((r) => r.full ?? '')).toEqual(clients.map((c) => fullName(c)));
  });

  test.prop([batch], { numRuns: 20 })('without the erased column, as core without `erased_at`', async (clients) => {
    const input = JSON.stringify(clients.map((c, i) => ({ i, ...c })));
    const named = await rows<{ name: string }>(
      database.db,
      sql`select ${clientNameSql('r')} as name from json_to_recordset(${input}::json) as r(i int, firstname text, lastname text, phone text, phone_type text) order by r.i`,
    );
    expect(named.map((r) => r.name)).toEqual(clients.map((c) => clientName({ ...c, erased_at: null })));
  });
});

import fs from 'node:fs/promises';
import { ApiError } from '@salondesk/core';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { runMigrations } from '../../db/migrations';
import { makeTempDataDir, type RunningPostgres, startEmbeddedPostgres } from '../../db/embedded';
import { seedDemo } from '../../demo/seed';
import { serveOn, signedIn, type TestServer } from '../../test/harness';

/**
 * The `DATABASE_URL` path: a PostgreSQL of its own (roles are cluster-wide, so not the shared
 * test cluster), where the application signs in as an ordinary role with CREATEROLE — not a
 * superuser — owns its database and runs the migrations itself. The reporting roles are made by
 * it, reports run, and a data source still cannot read outside the reporting views.
 */
describe('reports on a database the application does not administer as a superuser', () => {
  let dataDir: string;
  let postgres: RunningPostgres;
  let database: DatabaseHandle;
  let server: TestServer;
  beforeAll(async () => {
    dataDir = await makeTempDataDir('salondesk-test-dburl-');
    postgres = await startEmbeddedPostgres({ dataDir, logger: pino({ level: 'warn' }), ephemeral: true });
    const admin = new pg.Client({ connectionString: postgres.urlFor('postgres') });
    await admin.connect();
    await admin.query(`create role salondesk_app login createrole password 'app-secret'`);
    await admin.query('create database salondesk_app owner salondesk_app');
    await admin.end();
    const url = new URL(postgres.urlFor('salondesk_app'));
    url.username = 'salondesk_app';
    url.password = 'app-secret';
    database = openDatabase(url.toString(), { max: 4 });
    await runMigrations(database.db);
    await database.db.transaction((tx) => seedDemo(tx, { days: 3 }));
    server = await serveOn(database);
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
    await postgres?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('makes the reporting roles, runs a report and still refuses a data source that reads users', async () => {
    const { rows } = await database.pool.query<{ rolsuper: boolean }>('select rolsuper from pg_roles where rolname = current_user');
    expect(rows[0]?.rolsuper).toBe(false);
    const owner = await signedIn(server, 'owner');
    const answer = await owner.client.reportEngine.run(1, 'sales_by_staff', { values: { start_day: 'start-of-year' } });
    if (answer.status !== 'done') throw new Error('not done');
    expect(answer.result.rows.length).toBeGreaterThan(0);
    const admin = await signedIn(server, 'admin');
    const refused = await admin.client.reportEngine.addDataSource(1, { name: 'Users', sql: 'select * from public.users' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(400);
  });
});

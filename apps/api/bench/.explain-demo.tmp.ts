// Temporary (not committed): EXPLAIN ANALYZE of the ticket search on a year of demo data.
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { openDatabase } from '../src/db/client';
import { makeTempDataDir, startEmbeddedPostgres } from '../src/db/embedded';
import { resolveTicketFilter, ticketPageSql, ticketSummarySql } from '../src/transactions/search';
import { freePort, spawnMain, waitForHealth } from '../src/test/spawn-main';

const dataDir = process.env.EXPLAIN_DIR ?? (await makeTempDataDir('salondesk-explain-'));
if (!process.env.EXPLAIN_DIR) {
  const main = spawnMain(dataDir, await freePort());
  await waitForHealth(main, 300_000);
  main.child.kill('SIGTERM');
  await main.exited;
}
const postgres = await startEmbeddedPostgres({ dataDir, logger: pino({ level: 'warn' }) });
const database = openDatabase(postgres.url, { max: 2 });
const count = await database.pool.query('select count(*) as n, min(day)::text as a, max(day)::text as b from queue where business_id = 1');
console.log('LA tickets', count.rows[0]);
const end = count.rows[0].b as string;
const start = new Date(Date.parse(`${end}T12:00:00Z`) - 364 * 86400000).toISOString().slice(0, 10);
const lastMonth = new Date(Date.parse(`${end}T12:00:00Z`) - 40 * 86400000).toISOString().slice(0, 10);
const [s] = (await database.pool.query(`select c.phone, c.firstname, c.lastname from queue q join customers c on c.id = q.customer_id where q.business_id = 1 and q.day = $1 and c.phone_type = 'MOBILE' limit 1`, [lastMonth])).rows;
const phone = `(${s.phone.slice(0, 3)}) ${s.phone.slice(3, 6)}-${s.phone.slice(6)}`;
for (const [label, q, sort, range] of [
  ['year, no query', '', 'time', [start, end]],
  ['year, phone ' + phone, phone, 'time', [start, end]],
  ['year, name ' + s.firstname + ' ' + s.lastname, `${s.firstname} ${s.lastname}`, 'time', [start, end]],
  ['year, staff surname Patel', 'Patel', 'time', [start, end]],
  ['year, ticket #', '#1234', 'time', [start, end]],
  ['year, by customer', '', 'customer', [start, end]],
] as const) {
  const filter = await resolveTicketFilter(database.db, { id: 1, info: { phone: '+1 323 555 0142' } }, { start: range[0], end: range[1], q, status: '' });
  for (const [what, query] of [['page', ticketPageSql(filter, { sort, dir: sort === 'customer' ? 'asc' : 'desc' }, null, 101)], ['summary', ticketSummarySql(filter)]] as const) {
    const plan = ((await database.db.execute(sql`explain (analyze, buffers) ${query}`)).rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']);
    console.log(`\n== ${label} — ${what}`);
    for (const l of plan) if (/Index|Seq Scan|Execution Time|Sort Method/.test(l)) console.log('  ' + l.trim().replace(/\s+\(cost=[^)]*\)/, ''));
  }
}
await database.close();
await postgres.stop();

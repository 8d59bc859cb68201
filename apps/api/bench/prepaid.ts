import fs from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { createClient } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { openDatabase } from '../src/db/client';
import { makeTempDataDir, startEmbeddedPostgres } from '../src/db/embedded';
import { DEMO_PASSWORD } from '../src/demo/accounts';
import { generatePrepaid } from '../src/demo/generate-prepaid';
import { cardSearchCondition, cardSearchSql } from '../src/prepaid/queries';
import { cookieJarFetch } from '../src/test/harness';
import { freePort, spawnMain, waitForHealth } from '../src/test/spawn-main';
import { percentile } from './timing';

/**
 * `prepaid/search` over 1,000,000 cards (figures only, never pass/fail): the demo's network of
 * three locations grown to BENCH_PREPAID_CARDS cards with their ledgers by the generator, then
 * BENCH_PREPAID_QUERIES different searches by last 4 digits and by phone (the end of a purchaser's
 * or recipient's number), each over HTTP as the owner (sign-in, access check, the query, the
 * balance of each card found from its ledger, JSON) and, as the baseline in the same run, the same
 * statement's own time on PostgreSQL (EXPLAIN ANALYZE: planning + execution). p50 and p99 of each.
 * Options (env): BENCH_PREPAID_CARDS (1000000), BENCH_PREPAID_QUERIES (200).
 */
const CARDS = Number(process.env.BENCH_PREPAID_CARDS ?? 1_000_000);
const QUERIES = Number(process.env.BENCH_PREPAID_QUERIES ?? 200);
const NETWORK = 1;
const BUSINESS = 1;

const fmt = (n: number) => `${n.toFixed(1).padStart(7)} ms`;

export async function prepaidBench(): Promise<void> {
  const dataDir = await makeTempDataDir('salondesk-bench-prepaid-');
  const logger = pino({ level: 'warn' });
  try {
    console.log(`\nprepaid/search over ${CARDS.toLocaleString('en-US')} cards of one network (${QUERIES} searches of each kind)`);
    // The demo with a month of tickets (customers with phones), then the generator up to CARDS.
    const first = spawnMain(dataDir, await freePort(), { SALONDESK_DEMO_DAYS: '30' });
    await waitForHealth(first, 300_000);
    first.child.kill('SIGTERM');
    await first.exited;
    const postgres = await startEmbeddedPostgres({ dataDir, logger });
    const database = openDatabase(postgres.url, { max: 2 });
    let started = performance.now();
    const generated = await generatePrepaid(database.db, { networkId: NETWORK, total: CARDS });
    const [size] = (await database.db.execute(sql`select count(*)::int as cards, (select count(*) from prepaid_ledger)::int as entries,
      pg_size_pretty(pg_total_relation_size('prepaid_cards') + pg_total_relation_size('prepaid_ledger')) as size from prepaid_cards where network_id = ${NETWORK}`)).rows as {
      cards: number;
      entries: number;
      size: string;
    }[];
    console.log(`  generated ${generated.added.toLocaleString('en-US')} cards in ${((performance.now() - started) / 1000).toFixed(1)} s: ${size?.cards.toLocaleString('en-US')} cards, ${size?.entries.toLocaleString('en-US')} ledger entries, ${size?.size}`);

    // The queries: last 4 digits and phone ends drawn from the cards (a few match none).
    const picks = (await database.db.execute(sql`select c.last4, right(coalesce(c.purchaser_phone, c.recipient_phone, '5550000000'), 7) as phone
      from prepaid_cards c where c.network_id = ${NETWORK} and c.id % 997 = 0 order by c.id limit ${QUERIES}`)).rows as { last4: string; phone: string }[];
    const locations = ((await database.db.execute(sql`select id from businesses where network_id = ${NETWORK} order by id`)).rows as { id: number }[]).map((r) => r.id);
    const kinds = [
      { key: 'last4', label: 'by last 4 digits' },
      { key: 'phone', label: 'by phone (its end)' },
    ] as const;

    // PostgreSQL's own time for each search's statement (EXPLAIN ANALYZE: planning + execution), after one warm-up pass.
    const pgTime = async (q: string) => {
      const condition = cardSearchCondition(q);
      if (!condition) throw new Error(`no condition for ${q}`);
      const result = await database.db.execute(sql`explain (analyze, format json) ${cardSearchSql(locations, condition.where, 50)}`);
      const plan = (result.rows[0] as { 'QUERY PLAN': { 'Planning Time': number; 'Execution Time': number }[] })['QUERY PLAN'][0];
      return (plan?.['Planning Time'] ?? 0) + (plan?.['Execution Time'] ?? 0);
    };
    const baseline = new Map<string, number[]>();
    const plans = new Map<string, string>();
    for (const kind of kinds) {
      const qs = picks.map((p) => p[kind.key]);
      for (const q of qs) await pgTime(q);
      const times: number[] = [];
      for (const q of qs) times.push(await pgTime(q));
      baseline.set(kind.key, times);
      const condition = cardSearchCondition(qs[0] as string);
      if (condition) {
        const plan = (await database.db.execute(sql`explain ${cardSearchSql(locations, condition.where, 50)}`)).rows as { 'QUERY PLAN': string }[];
        plans.set(kind.key, plan.map((r) => r['QUERY PLAN']).filter((line) => /Index|Scan|Limit/.test(line)).slice(0, 5).join('\n      '));
      }
    }
    await database.close();
    await postgres.stop();

    // The same searches over HTTP, as the owner, after one warm-up pass.
    const server = spawnMain(dataDir, await freePort());
    await waitForHealth(server, 120_000);
    try {
      const { fetch } = cookieJarFetch();
      const client = createClient({ baseURL: server.baseUrl, fetch });
      await client.auth.login({ username: 'owner', password: DEMO_PASSWORD });
      for (const kind of kinds) {
        const qs = picks.map((p) => p[kind.key]);
        for (const q of qs) await client.prepaid.search(BUSINESS, q);
        const http: number[] = [];
        let found = 0;
        for (const q of qs) {
          started = performance.now();
          const r = await client.prepaid.search(BUSINESS, q);
          http.push(performance.now() - started);
          found += r.cards.length;
        }
        const pg = baseline.get(kind.key) ?? [];
        console.log(`  ${kind.label}: ${(found / qs.length).toFixed(1)} cards found per search on average (at most 50)`);
        console.log(`    prepaid/search over HTTP          p50 ${fmt(percentile(http, 50))}   p99 ${fmt(percentile(http, 99))}`);
        console.log(`    PostgreSQL's own time (baseline)  p50 ${fmt(percentile(pg, 50))}   p99 ${fmt(percentile(pg, 99))}`);
        console.log(`    ratio                             p50 ${(percentile(http, 50) / Math.max(percentile(pg, 50), 0.01)).toFixed(1)}×`);
        console.log(`    plan: ${plans.get(kind.key) ?? ''}`);
      }
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

// Run alone: `node --import tsx bench/prepaid.ts` (from apps/api).
if (import.meta.url === `file://${process.argv[1]}`) {
  prepaidBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

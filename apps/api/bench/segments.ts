import { compileSegment, type SegmentQuery } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { compiledSql, segmentContext, segmentMemberCount, segmentMembers } from '../src/segments/members';
import { runAlone, withDemoDatabase } from './demo-database';
import { median, ms, timeRuns } from './timing';

/**
 * A segment of 10 conditions (nested groups over facts, tickets, lines, tags, birthday and
 * loyalty) over BENCH_SEGMENT_CLIENTS clients of one location (100,000 by default, ~3 completed
 * tickets each with their lines, a third of them tagged): the members as `segmentMembers` reads
 * them (context, compilation, the query, every id) and their count, beside PostgreSQL's own time
 * for the compiled statement (EXPLAIN ANALYZE: planning + execution) in the same run. Figures only.
 * Options (env): BENCH_SEGMENT_CLIENTS (100000), BENCH_SEGMENT_RUNS (7).
 */
const CLIENTS = Number(process.env.BENCH_SEGMENT_CLIENTS ?? 100_000);
const RUNS = Number(process.env.BENCH_SEGMENT_RUNS ?? 7);
const LA = 1;

export async function segmentsBench(): Promise<void> {
  await withDemoDatabase('salondesk-bench-segments-', async ({ db }) => {
    console.log(`\nA segment of 10 conditions over ${CLIENTS.toLocaleString('en-US')} clients of one location`);
    const started = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into customers (business_id, network_id, phone_type, phone, firstname, lastname, email, loyalty_points, birthday, created_at)
        select ${LA}, b.network_id, case when g % 10 = 0 then 'TEMP' else 'MOBILE' end, '+1555' || lpad(g::text, 7, '0'), 'First' || g, 'Last' || (g % 997),
          case when g % 3 = 0 then null else 'c' || g || '@example.com' end, (g * 7) % 500, date '1960-01-01' + (g * 37 % 15000), now() - ((g % 900) || ' days')::interval
        from generate_series(1, ${CLIENTS}) g, businesses b where b.id = ${LA}`);
      // ~3 tickets a client over the last 15 months, served by the location's staff.
      await tx.execute(sql`with c as (select id, row_number() over (order by id) as n from customers where business_id = ${LA}),
          s as (select array_agg(id order by id) as ids from staff where business_id = ${LA})
        insert into queue (business_id, network_id, customer_id, status, day, checkin_at, serviced_by)
        select ${LA}, b.network_id, c.id, 'CHECKOUT', current_date - ((c.n * 13 + t * 97) % 450)::int, now() - (((c.n * 13 + t * 97) % 450) || ' days')::interval,
          s.ids[1 + (c.n + t) % cardinality(s.ids)]
        from c, s, businesses b, generate_series(0, 5) t where b.id = ${LA} and t < 1 + (c.n % 6)`);
      await tx.execute(sql`insert into checkouts (business_id, queue_id, tipamount, checkout_day, employee_id)
        select q.business_id, q.id, (q.id % 4) * 500, q.day, q.serviced_by from queue q where q.business_id = ${LA}`);
      await tx.execute(sql`with sv as (select array_agg(id order by id) as ids from services where business_id = ${LA}),
          pr as (select array_agg(id order by id) as ids from products where business_id = ${LA})
        insert into saleslogs (business_id, queue_id, checkout_id, day, kind, service_id, product_id, name, total, employee_id)
        select k.business_id, k.queue_id, k.id, k.checkout_day, case when l = 0 then 'service' else 'product' end,
          case when l = 0 then sv.ids[1 + k.id % cardinality(sv.ids)] end, case when l = 1 then pr.ids[1 + k.id % cardinality(pr.ids)] end,
          'line', 2000 + (k.id % 40) * 500, k.employee_id
        from checkouts k, sv, pr, generate_series(0, 1) l where k.business_id = ${LA} and (l = 0 or k.id % 3 = 0)`);
      await tx.execute(sql`insert into customer_tags (network_id, name) select b.network_id, 'Bench tag ' || t from businesses b, generate_series(1, 5) t where b.id = ${LA}`);
      await tx.execute(sql`insert into customer_tag_links (customer_id, tag_id)
        select c.id, t.id from customers c join customer_tags t on t.name = 'Bench tag ' || (1 + c.id % 5) where c.business_id = ${LA} and c.id % 3 = 1`);
    });
    await db.execute(sql`analyze customers, queue, checkouts, saleslogs, customer_tags, customer_tag_links`);
    const [sizes] = (await db.execute(sql`select (select count(*) from customers where business_id = ${LA})::int as clients, (select count(*) from queue where business_id = ${LA})::int as tickets,
      (select count(*) from saleslogs where business_id = ${LA})::int as lines`)).rows as { clients: number; tickets: number; lines: number }[];
    console.log(`  generated in ${((performance.now() - started) / 1000).toFixed(1)} s: ${sizes?.clients.toLocaleString('en-US')} clients, ${sizes?.tickets.toLocaleString('en-US')} tickets, ${sizes?.lines.toLocaleString('en-US')} lines`);

    const ids = async (table: string) => ((await db.execute(sql.raw(`select id from ${table} where business_id = ${LA} order by id limit 3`))).rows as { id: number }[]).map((r) => r.id);
    const [staffIds, productIds] = [await ids('staff'), await ids('products')];
    const tagIds = ((await db.execute(sql`select id from customer_tags where name like 'Bench tag %' order by id limit 2`)).rows as { id: number }[]).map((r) => r.id);
    const tree: SegmentQuery = {
      type: 'group',
      match: 'all',
      children: [
        { type: 'condition', kind: 'lastVisitWithinDays', days: 365 },
        {
          type: 'group',
          match: 'any',
          children: [
            { type: 'condition', kind: 'spend', op: 'gte', value: 20_000 },
            { type: 'condition', kind: 'visits', op: 'gte', value: 3 },
            { type: 'condition', kind: 'hasAnyTag', ids: tagIds },
          ],
        },
        {
          type: 'group',
          match: 'none',
          children: [
            { type: 'condition', kind: 'boughtProduct', ids: productIds.slice(0, 1) },
            { type: 'condition', kind: 'noEmail' },
          ],
        },
        { type: 'condition', kind: 'seenStaff', ids: staffIds },
        { type: 'condition', kind: 'birthdayMonth', months: [1, 2, 3, 4, 5, 6] },
        { type: 'condition', kind: 'loyaltyPoints', op: 'gte', value: 50 },
        { type: 'condition', kind: 'visitsInLastDays', days: 180, op: 'gte', value: 1 },
      ],
    };
    const now = new Date();
    let members = 0;
    const read = await timeRuns(async () => {
      members = (await segmentMembers(db, LA, tree, { now })).length;
    }, RUNS);
    const counted = await timeRuns(() => segmentMemberCount(db, LA, tree, { now }), RUNS);
    const statement = compiledSql(compileSegment(tree, await segmentContext(db, LA, [LA], now)));
    // PostgreSQL's own time of each run (the first, a warm-up, left out).
    const pgTimes: number[] = [];
    await timeRuns(async () => {
      const result = await db.execute(sql`explain (analyze, format json) ${statement}`);
      const plan = (result.rows[0] as { 'QUERY PLAN': { 'Planning Time': number; 'Execution Time': number }[] })['QUERY PLAN'][0];
      pgTimes.push((plan?.['Planning Time'] ?? 0) + (plan?.['Execution Time'] ?? 0));
    }, RUNS);
    const own = median(pgTimes.slice(1));
    console.log(`  ${members.toLocaleString('en-US')} clients match (median of ${RUNS} runs after a warm-up)`);
    console.log(`    segmentMembers (context, compile, query, every id) ${ms(median(read))}`);
    console.log(`    segmentMemberCount                                 ${ms(median(counted))}`);
    console.log(`    PostgreSQL's own time, compiled query (baseline)   ${ms(own)}`);
    console.log(`    ratio                                              ${(median(read) / Math.max(own, 0.01)).toFixed(2)}×`);
  });
}

runAlone(import.meta.url, segmentsBench);

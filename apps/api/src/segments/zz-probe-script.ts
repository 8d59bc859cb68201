import { compileSegment, evaluateSegment, segmentConditions, type SegmentClient, type SegmentQuery } from '@salondesk/core';
import { fc } from '@fast-check/vitest';
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { segmentTreeArb, type SegmentPools } from '../../../../packages/core/src/rules/segments.arb';
import { openDatabase } from '../db/client';
import { compiledSql, segmentContext } from './members';
import { customerSegments } from './schema';

const pw = readFileSync('/tmp/probe/data/postgres-password', 'utf8').trim();
const database = openDatabase(`postgres://postgres:${encodeURIComponent(pw)}@127.0.0.1:44727/salondesk`, { max: 2 });
const db = database.db;
async function load(ids: number[], tz: string): Promise<SegmentClient[]> {
  const cs = (await db.execute<any>(sql`select c.id, c.business_id, (c.erased_at is null and c.merged_into_id is null) as active, c.firstname, c.lastname, c.email, c.phone_type, c.birthday::text as birthday, c.loyalty_points, (c.created_at at time zone ${tz})::date::text as created_day, coalesce((select array_agg(tag_id) from customer_tag_links l where l.customer_id = c.id), '{}') as tags from customers c where c.business_id = any(${sql.param(ids)}::int[])`)).rows;
  const ts = (await db.execute<any>(sql`select q.id, q.customer_id, q.business_id, k.checkout_day::text as day, coalesce(k.tipamount,0)::bigint as tip, coalesce(q.serviced_by, k.employee_id) as by, k.id as kid from queue q join checkouts k on k.queue_id = q.id and k.voided_at is null where q.business_id = any(${sql.param(ids)}::int[]) and q.customer_id is not null order by k.checkout_day, k.created_at, q.id`)).rows;
  const ls = (await db.execute<any>(sql`select s.checkout_id, s.kind, s.service_id, s.product_id, coalesce(sv.category_id, pr.category_id) as cat, s.employee_id, coalesce(s.total,0)::bigint as total from saleslogs s left join services sv on sv.id = s.service_id left join products pr on pr.id = s.product_id where not s.voided and s.business_id = any(${sql.param(ids)}::int[])`)).rows;
  const linesBy = new Map<number, any[]>();
  for (const l of ls) { const a = linesBy.get(l.checkout_id) ?? []; a.push({ kind: l.kind, serviceId: l.service_id, productId: l.product_id, categoryId: l.cat, staffId: l.employee_id, total: Number(l.total) }); linesBy.set(l.checkout_id, a); }
  const ticketsBy = new Map<number, any[]>();
  for (const t of ts) { const a = ticketsBy.get(t.customer_id) ?? []; a.push({ day: t.day, tip: Number(t.tip), servicedBy: t.by, lines: linesBy.get(t.kid) ?? [] }); ticketsBy.set(t.customer_id, a); }
  console.log('clients', cs.length, 'tickets', ts.length, 'lines', ls.length);
  return cs.map((c: any) => ({ id: c.id, businessId: c.business_id, active: c.active, firstname: c.firstname, lastname: c.lastname, email: c.email, phoneType: c.phone_type, birthday: c.birthday, loyaltyPoints: c.loyalty_points, createdDay: c.created_day, tagIds: c.tags, tickets: ticketsBy.get(c.id) ?? [] }));
}
const LA = 1;
const tz = (await db.execute<any>(sql`select timezone from businesses where id = 1`)).rows[0].timezone;
const ctx = await segmentContext(db, LA, [LA], new Date());
const clients = await load([LA], tz);
const svc = (await db.execute<any>(sql`select id, category_id from services where business_id = 1`)).rows.map((r: any) => ({ id: r.id, categoryId: r.category_id }));
const prd = (await db.execute<any>(sql`select id, category_id from products where business_id = 1`)).rows.map((r: any) => ({ id: r.id, categoryId: r.category_id }));
const st = (await db.execute<any>(sql`select id from staff where business_id = 1`)).rows.map((r: any) => r.id);
const tg = (await db.execute<any>(sql`select id from customer_tags`)).rows.map((r: any) => r.id);
const segs = (await db.select().from(customerSegments)).filter((s) => s.business_id === LA);
for (const s of segs) {
  const server = (await db.execute<any>(compiledSql(compileSegment(s.query_parameters, ctx, s.id)))).rows.length;
  console.log(s.name, server, evaluateSegment(s.query_parameters, clients, ctx, s.id).length);
}
const pools: SegmentPools = { services: svc, products: prd, staff: st, tags: tg, locations: [LA], segments: segs.map((s) => s.id) };
let bad = 0;
for (const tree of fc.sample(segmentTreeArb(pools, ctx.today, 3), { numRuns: 300, seed: 42 })) {
  const server = (await db.execute<any>(compiledSql(compileSegment(tree, ctx)))).rows.length;
  const mem = evaluateSegment(tree, clients, ctx).length;
  if (server !== mem) { bad++; if (bad < 4) { console.log('DIFF', server, mem, JSON.stringify(tree)); for (const c of segmentConditions(tree)) { const t: SegmentQuery = { type: 'group', match: 'all', children: [c] }; console.log('  ', JSON.stringify(c), (await db.execute<any>(compiledSql(compileSegment(t, ctx)))).rows.length, evaluateSegment(t, clients, ctx).length); } } }
}
console.log('bad', bad);
await database.close();

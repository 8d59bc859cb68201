import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeededAt, startTestServer, type TestServer } from '../test/harness';

/**
 * The demo's timesheets (the test template's ten days): they agree with the tickets, never
 * overlap, keep the originals of every correction, and have the clock's and the manager's activity.
 */
let server: TestServer;
const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await server.database.db.execute<T>(query)).rows;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('demo timesheets', () => {
  it('clock in everyone who served a ticket, at the ticket’s check-in', async () => {
    const [counts] = await rows<{ tickets: number; uncovered: number; businesses: number }>(sql`
      select count(*)::int as tickets, count(distinct q.business_id)::int as businesses,
        count(*) filter (where not exists (
          select 1 from timesheets t where t.employee_id = q.serviced_by and t.clockin_at <= q.checkin_at and coalesce(t.clockout_at, now()) >= q.checkin_at
        ))::int as uncovered
      from queue q where q.serviced_by is not null and q.status <> 'CHECKIN_NOSERVICE'`);
    expect(counts?.businesses).toBe(5);
    expect(counts?.tickets).toBeGreaterThan(1000);
    expect(counts?.uncovered).toBe(0);
  });

  it('never overlap, run at most one open slot a person, and leave a forgotten clock-out open in every location', async () => {
    const seededAt = demoSeededAt().toISOString();
    const [overlaps] = await rows<{ n: number }>(sql`select count(*)::int as n from timesheets a join timesheets b
      on a.employee_id = b.employee_id and a.id < b.id and a.clockin_at < coalesce(b.clockout_at, ${seededAt}::timestamptz) and b.clockin_at < coalesce(a.clockout_at, ${seededAt}::timestamptz)`);
    expect(overlaps?.n).toBe(0);
    // Nothing recorded after the moment the demo was made (a night of the clock change still going on is not made up).
    const [future] = await rows<{ n: number }>(sql`select count(*)::int as n from timesheets where clockin_at > ${seededAt}::timestamptz or clockout_at > ${seededAt}::timestamptz`);
    expect(future?.n).toBe(0);
    const twiceOpen = await rows<{ employee_id: number }>(sql`select employee_id from timesheets where clockout_at is null group by employee_id having count(*) > 1`);
    expect(twiceOpen).toEqual([]);
    // Left open on a day before the demo's today (yesterday at the latest), in the open pay period
    // (a closed one cannot hold it), whatever the hour the demo was made in each time zone.
    const stale = await rows<{ business_id: number }>(sql`select distinct t.business_id from timesheets t join businesses b on b.id = t.business_id
      join payroll_settings p on p.business_id = t.business_id
      where t.status = 'IN' and t.day >= p.last_payout_start_date and t.day < (${seededAt}::timestamptz at time zone b.timezone)::date order by 1`);
    expect(stale.map((r) => r.business_id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keep the times first recorded next to every correction, with the manager’s reason in the activity', async () => {
    const [slots] = await rows<{ n: number; modified: number; inconsistent: number }>(sql`select count(*)::int as n, count(*) filter (where is_modified)::int as modified,
      count(*) filter (where is_modified <> (clockin_at is distinct from original_clockin or clockout_at is distinct from original_clockout))::int as inconsistent
      from timesheets`);
    expect(slots?.n).toBeGreaterThan(200);
    expect(slots?.inconsistent).toBe(0);
    const corrections = await rows<{ slot_id: number; reason: string | null; user_id: number | null }>(sql`select a.slot_id, a.reason, a.user_id from timesheet_activity a
      join timesheets t on t.id = a.slot_id where t.is_modified and a.user_id is not null`);
    // Every corrected slot has the manager's activity row with a reason.
    const [corrected] = await rows<{ n: number }>(sql`select count(*)::int as n from timesheets where is_modified`);
    expect(new Set(corrections.map((c) => c.slot_id)).size).toBe(corrected?.n);
    expect(corrections.every((c) => (c.reason ?? '').length > 0)).toBe(true);
    // Every slot the clock recorded has its clock-in in the activity, by no user.
    const [missing] = await rows<{ n: number }>(sql`select count(*)::int as n from timesheets t where t.source = 'demo'
      and not exists (select 1 from timesheet_activity a where a.slot_id = t.id and a.action = 'clockin' and a.user_id is null and a.created_at = t.original_clockin)`);
    expect(missing?.n).toBe(0);
  });
});

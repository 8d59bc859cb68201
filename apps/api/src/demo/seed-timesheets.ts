import { addDays, daysBetween, materializeTemplate, todayIn } from '@salondesk/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashStoredPassword } from '../auth/password';
import type { Executor } from '../db/executor';
import { loadHolidays, loadSettings, toEntry } from '../schedule/queries';
import { schedules } from '../schedule/schema';

/** The timesheets' own fixed seed (with the location's id mixed in). */
export const TIMESHEET_SEED = 7_070_707;

export interface TimesheetSeedInput {
  businessId: number;
  timezone: string;
  /** Days of timesheets, ending today (the transactions' days). */
  days: number;
  now: Date;
  /** Who made the corrections (the network's owner). */
  managerUserId: number | null;
  /** Give this location a night shift across the autumn daylight-saving change (Los Angeles). */
  dstNight?: boolean;
}

/** The staff clock PIN of every demo member but the newest of each location (who shows the "no PIN yet" state). */
export const DEMO_CLOCK_PIN = '2580';
let demoPinHash: Promise<string> | undefined;

/** The temporary table of who worked when, that the tickets follow (`seedTransactions`' `onShift`). */
const WORK = 'sd_work';

const LATE_REASONS = ['Forgot to clock in on arrival; opened the salon on time', 'Clock tablet was updating at opening', 'Clocked in after setting up the first client; arrived on time'];
const FORGOTTEN_REASONS = ['Forgot to clock out; left after the last client', 'Left in a hurry and forgot the clock; times from the front desk', 'Clock-out missed; confirmed with the manager on duty'];
const NEXT_MORNING_REASONS = ['Clocked out the next morning by mistake; left the evening before', 'Forgot to clock out; clocked out on arrival next day'];
const ADDED_REASONS = ['Clock was offline; entered from the paper sheet'];

const textArray = (items: readonly string[]) => sql`array[${sql.join(items.map((i) => sql`${i}`), sql`, `)}]::text[]`;
const literal = (items: readonly (string | number)[]) => `{${items.join(',')}}`;

/**
 * A year (by default) of timesheets for one location, made in SQL in a moment: every published
 * shift of the schedule (its templates before the published weeks, the published entries from
 * then on) worked with realistic noise — most arrive a few minutes early, a fifth late, some stay
 * hours longer (days that reach the break threshold), some clock out for lunch —, people at work
 * now still clocked in, one forgotten clock-out still open (the manager's "still clocked in"
 * list), and corrections with their reasons in the activity: forgotten clock-outs closed by the
 * manager the next morning, late clock-ins moved back, clock-outs made the next morning. Los
 * Angeles also has an inventory night across the autumn change (six real hours for five on the
 * wall clock).
 *
 * The tickets follow it: `withTickets` gets the table of who worked when, for `seedTransactions`'
 * `onShift`, so each ticket goes to someone at work; afterwards each person's day is stretched to
 * cover the tickets they served (a last client finished after the shift's end), so everyone who
 * served a ticket that day was clocked in.
 */
export async function seedTimesheets(tx: Executor, input: TimesheetSeedInput, withTickets: (onShift: string | undefined) => Promise<unknown>): Promise<void> {
  // One scrypt for the demo PIN (a real PIN gets its own salt when a manager sets it).
  demoPinHash ??= hashStoredPassword(DEMO_CLOCK_PIN);
  await tx.execute(sql`insert into staff_clock_pins (staff_id, business_id, pin_hash)
    select id, business_id, ${await demoPinHash} from staff
    where business_id = ${input.businessId} and status = 'ACTIVE' and deleted_at is null
      and id <> (select max(id) from staff where business_id = ${input.businessId} and status = 'ACTIVE' and deleted_at is null)`);
  if (input.days <= 0) {
    await withTickets(undefined);
    return;
  }
  const b = input.businessId;
  const s = TIMESHEET_SEED + b * 1_000;
  const zone = input.timezone;
  const now = input.now.toISOString();
  const today = todayIn(zone, input.now);
  const from = addDays(today, -(input.days - 1));
  const run = (query: ReturnType<typeof sql>) => tx.execute(query);
  await run(sql.raw(`create or replace function pg_temp.ts_r(k bigint, salt bigint) returns float8 language sql immutable parallel safe as
    $$ select (hashint8extended(k, salt) & 9007199254740991)::float8 / 9007199254740992::float8 $$`));

  // ——— The plan: the published schedule of every day (templates before the published weeks) ———
  const rows = await tx.select().from(schedules).where(and(eq(schedules.business_id, b), isNull(schedules.archived_at), eq(schedules.published, true)));
  const dated = rows.filter((r) => r.day !== null && r.day >= from && r.day <= today);
  const firstDated = rows.filter((r) => r.day !== null).reduce<string | null>((min, r) => (min === null || (r.day as string) < min ? (r.day as string) : min), null);
  const templateTo = firstDated === null ? today : addDays(firstDated <= today ? firstDated : addDays(today, 1), -1);
  const templated =
    daysBetween(from, templateTo) >= 0
      ? materializeTemplate(
          rows.filter((r) => r.dow !== null).map(toEntry),
          { from, to: templateTo, settings: await loadSettings(tx, b), holidays: await loadHolidays(tx, b) },
        )
      : [];
  const plan = [...templated, ...dated.map((r) => ({ employee_id: r.employee_id, day: r.day as string, start_time: r.start_time, end_time: r.end_time }))];
  const people = [...new Set(plan.map((p) => p.employee_id))].sort((x, y) => x - y);
  if (plan.length === 0 || people.length === 0) {
    await withTickets(undefined);
    return;
  }
  await run(sql.raw(`drop table if exists sd_plan, ${WORK}`));
  await run(sql`create temp table sd_plan as
    select row_number() over (order by p.day, p.employee_id, p.start_time)::bigint as k, p.employee_id, p.day, p.start_time, p.end_time
    from unnest(${literal(plan.map((p) => p.employee_id))}::int[], ${literal(plan.map((p) => p.day))}::date[], ${literal(plan.map((p) => p.start_time))}::time[], ${literal(plan.map((p) => p.end_time))}::time[])
      as p(employee_id, day, start_time, end_time)`);
  // A day the schedule leaves empty (a public holiday) still had a skeleton crew for the walk-ins.
  await run(sql`insert into sd_plan (k, employee_id, day, start_time, end_time)
    select 1000000 + (d::date - ${from}::date) * 10 + c.n, c.employee_id, d::date, time '10:00', time '19:00'
    from generate_series(${from}::date, ${today}::date, interval '1 day') d
    cross join lateral (
      select e.employee_id, row_number() over (order by hashint8extended(e.employee_id * 7919 + (d::date - date '2000-01-01'), ${s + 1})) as n
      from unnest(${literal(people)}::int[]) as e(employee_id)
    ) c
    where c.n <= 2 and not exists (select 1 from sd_plan p where p.day = d::date)`);

  // ——— Who worked when: the plan with noise; a fifth split for lunch ———
  await run(sql`create temp table ${sql.raw(WORK)} as
    with shifts as (
      select k, employee_id, day,
        ((day + start_time) at time zone ${zone})
          + case when pg_temp.ts_r(k, ${s + 2}) < 0.2 then (3 + pg_temp.ts_r(k, ${s + 3}) * 22) * interval '1 minute'
                 when pg_temp.ts_r(k, ${s + 2}) < 0.7 then -(pg_temp.ts_r(k, ${s + 3}) * 10) * interval '1 minute'
                 else (pg_temp.ts_r(k, ${s + 3}) * 6 - 3) * interval '1 minute' end as starts,
        ((day + end_time) at time zone ${zone})
          + case when pg_temp.ts_r(k, ${s + 4}) < 0.05 then (120 + pg_temp.ts_r(k, ${s + 5}) * 60) * interval '1 minute'
                 else (pg_temp.ts_r(k, ${s + 5}) * 25 - 5) * interval '1 minute' end as ends,
        pg_temp.ts_r(k, ${s + 6}) < 0.08 as lunch
      from sd_plan
    ), parts as (
      select k, employee_id, day, 1 as part, starts,
        case when lunch and ends - starts > interval '6 hours' then starts + (ends - starts) / 2 else ends end as ends
      from shifts
      union all
      select k, employee_id, day, 2, starts + (ends - starts) / 2 + (30 + pg_temp.ts_r(k, ${s + 7}) * 15) * interval '1 minute', ends
      from shifts where lunch and ends - starts > interval '6 hours'
    )
    select k, employee_id, day, part, starts, least(ends, ${now}::timestamptz) as ends, ends > ${now}::timestamptz as ongoing
    from parts where starts <= ${now}::timestamptz`);
  // The person who forgot to clock out and has been away since (their open slot is "still clocked
  // in"): someone whose shift ended on the latest day of the open pay period two or more days ago,
  // or yesterday when the open days begin then (a closed period cannot hold someone still clocked
  // in; the demo's periods are closed so that the open days always reach back to yesterday, see
  // seed-payroll.ts). Chosen from who worked, not by a fixed position in the roster, so it holds
  // whatever the hour in the location's time zone. They have not worked since.
  const [chosen] = (
    await run(sql`with open as (select coalesce((select last_payout_start_date from payroll_settings where business_id = ${b}), '-infinity'::date) as start)
      select w.employee_id::int as employee_id, w.day::text as day from ${sql.raw(WORK)} w, open
      where w.day >= open.start and w.day < ${today}::date and not w.ongoing
      order by (w.day <= ${today}::date - 2) desc, w.day desc, hashint8extended(w.employee_id, ${s + 8}) limit 1`)
  ).rows as { employee_id: number; day: string }[];
  const forgetful = chosen?.employee_id ?? null;
  if (chosen) await run(sql`delete from ${sql.raw(WORK)} where employee_id = ${chosen.employee_id} and day > ${chosen.day}::date`);
  await run(sql.raw(`create index on ${WORK} (day); analyze ${WORK}`));

  // ——— The slots as the clock recorded them ———
  await run(sql`insert into timesheets (business_id, employee_id, day, clockin_at, clockout_at, original_clockin, original_clockout, status, is_modified, source, created_at, updated_at)
    select ${b}, w.employee_id, w.day, w.starts, c.out, w.starts, c.out, case when c.out is null then 'IN' else 'OUT' end, false, 'demo', w.starts, coalesce(c.out, w.starts)
    from ${sql.raw(WORK)} w
    cross join lateral (select case
      when w.ongoing then null
      when w.employee_id = ${forgetful ?? -1} and w.day = (select max(day) from ${sql.raw(WORK)} where employee_id = ${forgetful}) and w.part = (select max(part) from ${sql.raw(WORK)} x where x.employee_id = w.employee_id and x.day = w.day) then null
      else w.ends end as out) c
    order by w.starts`);

  await withTickets(WORK);

  // ——— Walk-ins before anyone was at work: today, before the first shift has begun, a ticket checked
  // in early goes to whoever the schedule has starting first that day (not the forgotten one), who
  // came in for it; the next step gives them the slot that covers it ———
  await run(sql`update queue q set serviced_by = p.employee_id
    from (
      select q2.id, (select pl.employee_id from sd_plan pl where pl.day = q2.day and pl.employee_id is distinct from ${forgetful}::int
        order by pl.start_time, hashint8extended(pl.employee_id, ${s + 9}) limit 1) as employee_id
      from queue q2
      where q2.business_id = ${b} and q2.day >= ${from}::date and q2.serviced_by is not null and q2.status <> 'CHECKIN_NOSERVICE'
        and not exists (select 1 from ${sql.raw(WORK)} w where w.day = q2.day)
    ) p
    where q.id = p.id and p.employee_id is not null`);
  await run(sql`insert into timesheets (business_id, employee_id, day, clockin_at, clockout_at, original_clockin, original_clockout, status, is_modified, source, created_at, updated_at)
    select ${b}, s.employee_id, s.day, s.first_in - interval '6 minutes', c.out, s.first_in - interval '6 minutes', c.out,
      case when c.out is null then 'IN' else 'OUT' end, false, 'demo', s.first_in - interval '6 minutes', coalesce(c.out, s.first_in - interval '6 minutes')
    from (
      select q.serviced_by as employee_id, q.day, min(q.checkin_at) as first_in,
        max(coalesce(q.checkout_at, q.service_at + interval '30 minutes', q.checkin_at + interval '15 minutes')) as last_out,
        bool_or(q.checkout_at is null and q.status in ('CHECKIN', 'ASSIGNED', 'ACTIVE', 'PAYMENTREADY', 'CHECKOUTREADY')) as open_ticket
      from queue q
      where q.business_id = ${b} and q.day >= ${from}::date and q.serviced_by is not null and q.status <> 'CHECKIN_NOSERVICE'
        and not exists (select 1 from timesheets t where t.employee_id = q.serviced_by and t.day = q.day)
      group by q.serviced_by, q.day
    ) s
    cross join lateral (select case when s.open_ticket or s.last_out + interval '7 minutes' > ${now}::timestamptz then null else s.last_out + interval '7 minutes' end as out) c
    -- Someone still at work keeps one open slot.
    where c.out is not null or not exists (select 1 from timesheets t where t.employee_id = s.employee_id and t.clockout_at is null)`);

  // ——— Each person's day covers the tickets they served: the first clock-in before the first check-in, the last clock-out after the last checkout ———
  await run(sql`with served as (
      select q.serviced_by as employee_id, q.day, min(q.checkin_at) as first_in,
        least(max(coalesce(q.checkout_at, q.service_at + interval '30 minutes', q.checkin_at + interval '15 minutes')), ${now}::timestamptz) as last_out
      from queue q where q.business_id = ${b} and q.day >= ${from}::date and q.serviced_by is not null and q.status <> 'CHECKIN_NOSERVICE'
      group by q.serviced_by, q.day
    ), firsts as (
      select distinct on (t.employee_id, t.day) t.id, s.first_in from timesheets t join served s on s.employee_id = t.employee_id and s.day = t.day
      where t.business_id = ${b} order by t.employee_id, t.day, t.clockin_at
    )
    update timesheets t set clockin_at = f.first_in - interval '6 minutes', original_clockin = f.first_in - interval '6 minutes', created_at = f.first_in - interval '6 minutes'
    from firsts f where t.id = f.id and f.first_in - interval '6 minutes' < t.clockin_at`);
  await run(sql`with served as (
      select q.serviced_by as employee_id, q.day,
        max(coalesce(q.checkout_at, q.service_at + interval '30 minutes', q.checkin_at + interval '15 minutes')) as last_out
      from queue q where q.business_id = ${b} and q.day >= ${from}::date and q.serviced_by is not null and q.status <> 'CHECKIN_NOSERVICE'
      group by q.serviced_by, q.day
    ), lasts as (
      select distinct on (t.employee_id, t.day) t.id, t.clockout_at, s.last_out from timesheets t join served s on s.employee_id = t.employee_id and s.day = t.day
      where t.business_id = ${b} order by t.employee_id, t.day, t.clockin_at desc
    )
    update timesheets t set clockout_at = x.out, original_clockout = x.out, updated_at = x.out
    from (select id, least(last_out + interval '7 minutes', ${now}::timestamptz) as out, clockout_at from lasts) x
    where t.id = x.id and x.clockout_at is not null and x.out > x.clockout_at`);

  // ——— The inventory night across the autumn change (Los Angeles): Saturday 22:00 to Sunday 03:00 on the wall clock ———
  if (input.dstNight) {
    const sunday = [0, 1].map((back) => firstSundayOfNovember(Number(today.slice(0, 4)) - back)).find((d) => d <= today && d > from);
    if (sunday) {
      const saturday = addDays(sunday, -1);
      await run(sql`insert into timesheets (business_id, employee_id, day, clockin_at, clockout_at, original_clockin, original_clockout, status, is_modified, source, created_at, updated_at)
        select ${b}, e.employee_id, ${saturday}::date, i.at, o.at, i.at, o.at, 'OUT', false, 'demo', i.at, o.at
        from unnest(${literal(people.filter((p) => p !== forgetful))}::int[]) with ordinality as e(employee_id, n)
        cross join lateral (select ((${saturday}::date + time '22:00') at time zone ${zone}) as at) i
        cross join lateral (select ((${sunday}::date + time '03:00') at time zone ${zone}) as at) o
        -- A night still going on when the demo is made (the clock sweep's night of the change) is not made up.
        where o.at <= ${now}::timestamptz
          and not exists (select 1 from timesheets t where t.employee_id = e.employee_id and t.clockin_at < o.at and coalesce(t.clockout_at, ${now}::timestamptz) > i.at)
        order by e.n limit 1`);
    }
  }

  // ——— Corrections: which past slots, and how ———
  await run(sql`create temp table sd_fix as
    select t.id, t.employee_id, t.day, t.clockin_at, t.clockout_at,
      case when pg_temp.ts_r(t.id, ${s + 10}) < 0.012 then 'forgotten'
           when pg_temp.ts_r(t.id, ${s + 10}) < 0.027 then 'late'
           when pg_temp.ts_r(t.id, ${s + 10}) < 0.032 then 'next-morning'
           when pg_temp.ts_r(t.id, ${s + 10}) < 0.035 then 'added' end as kind,
      pg_temp.ts_r(t.id, ${s + 11}) as r
    from timesheets t
    where t.business_id = ${b} and t.day >= ${from}::date and t.day < ${today}::date - 1 and t.status = 'OUT' and t.source = 'demo'`);
  await run(sql`delete from sd_fix where kind is null`);
  await run(sql`update timesheets t set original_clockout = null, is_modified = true, updated_at = ((f.day + 1 + time '09:35') at time zone ${zone})
    from sd_fix f where t.id = f.id and f.kind = 'forgotten'`);
  await run(sql`update timesheets t set original_clockin = t.clockin_at + (20 + f.r * 55) * interval '1 minute', is_modified = true, updated_at = t.clockout_at + interval '40 minutes'
    from sd_fix f where t.id = f.id and f.kind = 'late' and t.clockout_at - t.clockin_at > interval '3 hours'`);
  await run(sql`update timesheets t set original_clockout = ((f.day + 1 + time '08:50') at time zone ${zone}) + f.r * interval '25 minutes', is_modified = true,
      updated_at = ((f.day + 1 + time '10:15') at time zone ${zone})
    from sd_fix f where t.id = f.id and f.kind = 'next-morning'`);
  await run(sql`update timesheets t set source = 'manager', updated_at = t.clockout_at + interval '1 day' from sd_fix f where t.id = f.id and f.kind = 'added'`);

  // ——— The activity: the clock's clock-ins and clock-outs, the manager's corrections with their reasons, in time order ———
  const times = (i: string, o: string) => sql.raw(`jsonb_build_object('clockin_at', to_char(${i} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'clockout_at', case when ${o} is null then null else to_char(${o} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end)`);
  await run(sql`insert into timesheet_activity (business_id, slot_id, employee_id, user_id, action, reason, day, before, after, created_at)
    select ${b}, slot_id, employee_id, user_id, action, reason, day, before, after, created_at from (
      select t.id as slot_id, t.employee_id, null::int as user_id, 'clockin' as action, null as reason, t.day, null::jsonb as before,
        ${times('t.original_clockin', 'null')} as after, t.original_clockin as created_at
      from timesheets t where t.business_id = ${b} and t.source = 'demo' and t.day >= ${from}::date
      union all
      select t.id, t.employee_id, null, 'clockout', null, t.day, ${times('t.original_clockin', 'null')}, ${times('t.original_clockin', 't.original_clockout')}, t.original_clockout
      from timesheets t where t.business_id = ${b} and t.source = 'demo' and t.day >= ${from}::date and t.original_clockout is not null
      union all
      select t.id, t.employee_id, ${input.managerUserId}::int,
        case f.kind when 'forgotten' then 'clockout' when 'added' then 'add' else 'edit' end,
        case f.kind
          when 'forgotten' then (${textArray(FORGOTTEN_REASONS)})[1 + floor(f.r * ${FORGOTTEN_REASONS.length})::int]
          when 'late' then (${textArray(LATE_REASONS)})[1 + floor(f.r * ${LATE_REASONS.length})::int]
          when 'next-morning' then (${textArray(NEXT_MORNING_REASONS)})[1 + floor(f.r * ${NEXT_MORNING_REASONS.length})::int]
          else (${textArray(ADDED_REASONS)})[1] end,
        t.day,
        case when f.kind = 'added' then null else ${times('t.original_clockin', 't.original_clockout')} end,
        ${times('t.clockin_at', 't.clockout_at')},
        t.updated_at
      from timesheets t join sd_fix f on f.id = t.id
      where t.is_modified or f.kind = 'added'
    ) a
    order by created_at, slot_id`);
  await run(sql.raw(`drop table if exists sd_plan, sd_fix, ${WORK}`));
}

/** The first Sunday of November of a year (when the United States fall back), `YYYY-MM-DD`. */
function firstSundayOfNovember(year: number): string {
  const first = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  return `${year}-11-${String(1 + ((7 - first) % 7)).padStart(2, '0')}`;
}

import { addDays, type Currency, dayInZone } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/executor';

/** A demo location's drawer: its float, difference threshold and whether it closes blind. */
export interface DemoDrawer {
  businessId: number;
  timezone: string;
  currency: Currency;
  /** Who opened and closed the drawers (the network's owner), for the drawer log. */
  ownerId: number | null;
  blindClose: boolean;
}

/** The float each currency's drawer opens with and keeps at closing, and the difference past which a manager must close. */
const FLOAT: Record<Currency, { float: number; threshold: number }> = {
  USD: { float: 20_000, threshold: 2_000 },
  CAD: { float: 20_000, threshold: 2_000 },
  AUD: { float: 30_000, threshold: 2_500 },
  EUR: { float: 20_000, threshold: 2_000 },
  MXN: { float: 300_000, threshold: 30_000 },
  INR: { float: 500_000, threshold: 50_000 },
  NPR: { float: 500_000, threshold: 50_000 },
};

/**
 * A year (the demo's days) of closed shifts per location, one a day the location sold anything,
 * against that day's real cash sales (`sales_daily.cash`, the sales summary's cash tender) — all
 * in SQL, so the first start stays quick. Each drawer opens at the float the last one left; during
 * the day there are paid-outs (supplies), tip outs and now and then a paid-in (change from the
 * bank); at closing everything above the float goes to the safe as the cash drop. A few days are
 * Short or Over by a few cents to a few dollars (every 17th and 19th day back from yesterday). Today has no shift: the drawer is there to open.
 * Days pick their events from a hash of the location and the day, the same on every machine.
 */
/** Runs inside a transaction (its working table lives until the commit). */
export async function seedShifts(tx: Executor, drawers: readonly DemoDrawer[], days: number, now: Date): Promise<void> {
  for (const d of drawers) {
    const { float, threshold } = FLOAT[d.currency];
    await tx.execute(
      sql`insert into drawer_settings (business_id, default_float, difference_threshold, blind_close) values (${d.businessId}, ${float}, ${threshold}, ${d.blindClose})
          on conflict (business_id) do update set default_float = excluded.default_float, difference_threshold = excluded.difference_threshold, blind_close = excluded.blind_close`,
    );
    if (days <= 0) continue;
    const today = dayInZone(now, d.timezone);
    const first = addDays(today, -days);
    const last = addDays(today, -1);
    await tx.execute(sql`drop table if exists demo_drawer`);
    await tx.execute(sql`
      create temp table demo_drawer on commit drop as
      with days as (
        select s.day, greatest(s.cash, 0)::int as cash, abs(hashtext(${d.businessId}::text || ':' || s.day::text))::bigint as h,
               row_number() over (order by s.day) as n, row_number() over (order by s.day desc) as back
        from sales_daily s where s.business_id = ${d.businessId} and s.day between ${first}::date and ${last}::date
      ),
      moves as (
        select day, cash, h, n, back,
          case when (h % 4 = 0 or back % 5 = 2) and cash >= 4000 then least(500 + (h / 7) % 4000, cash / 4) else 0 end::int as paid_out,
          case when h % 9 = 1 and cash >= 4000 then least(1000 + (h / 11) % 3000, cash / 4) else 0 end::int as tip_out,
          case when h % 23 = 2 then 2000 else 0 end::int as paid_in,
          case when back % 17 = 3 and cash >= 2000 then -(1 + (h / 13) % least(1500, cash / 4))
               when back % 19 = 7 then 1 + (h / 17) % 2000 else 0 end::int as diff
        from days
      )
      select m.*,
        ${float}::int + m.cash + m.paid_in - m.paid_out - m.tip_out + m.diff as cashatclosing,
        m.cash + m.paid_in - m.paid_out - m.tip_out + m.diff as cashdrop,
        coalesce(
          (select t.employee_id from timesheets t where t.business_id = ${d.businessId} and t.day = m.day order by t.clockin_at limit 1),
          (select id from staff where business_id = ${d.businessId} and deleted_at is null order by id limit 1)
        ) as cashier,
        (m.day + time '08:45') at time zone ${d.timezone} as started_at,
        (m.day + time '19:00' + (m.h % 90) * interval '1 minute') at time zone ${d.timezone} as closed_at
      from moves m`);

    // The shifts, closed at the float: the difference is the day's `diff` (closing − expected).
    await tx.execute(sql`
      insert into shifts (business_id, day, status, starting_balance, closing_balance, balanced, started_at, closed_at, opened_by, closed_by, updated_at)
      select ${d.businessId}, day, 'CLOSED', ${float}, ${float},
        case when diff = 0 then 'Balanced' when diff > 0 then 'Over' else 'Short' end,
        started_at, closed_at, ${d.ownerId}, ${d.ownerId}, closed_at
      from demo_drawer order by day`);
    await tx.execute(sql`
      insert into shift_attributes (shift_id, key, value)
      select s.id, a.key, a.value
      from demo_drawer m join shifts s on s.business_id = ${d.businessId} and s.day = m.day
      cross join lateral (values
        ('cashier', to_jsonb(m.cashier)),
        ('salescash', to_jsonb(m.cash)),
        ('cashatclosing', to_jsonb(m.cashatclosing)),
        ('cashoffset', to_jsonb(m.diff)),
        ('lastbalance', case when m.n > 1 then to_jsonb(${float}::int) end),
        ('notes', case when m.diff < 0 then to_jsonb('Recounted twice; could not find the difference.'::text) when m.diff > 0 then to_jsonb('Extra cash in the drawer; tip left on the counter?'::text) end)
      ) as a(key, value)
      where a.value is not null`);

    // Finances: a paid-in at 10:00, a paid-out at 13:00, a tip out at 18:30, the cash drop at closing.
    await tx.execute(sql`
      insert into shift_finances (business_id, shift_id, employee_id, day, category, type, amount, description, is_debit, created_by, created_at, updated_at)
      select ${d.businessId}, s.id, f.employee_id, m.day, f.category, f.type, f.amount, f.description, f.type = 'DEBIT', ${d.ownerId}, f.at, f.at
      from demo_drawer m join shifts s on s.business_id = ${d.businessId} and s.day = m.day
      cross join lateral (values
        ('PAIDIN', 'CREDIT', m.paid_in, 'Change from the bank', null::int, (m.day + time '10:00') at time zone ${d.timezone}),
        ('PAIDOUT', 'DEBIT', m.paid_out, case when m.h % 3 = 0 then 'Milk and coffee for the lounge' when m.h % 3 = 1 then 'Cotton pads and foils' else 'Courier' end, null::int, (m.day + time '13:00') at time zone ${d.timezone}),
        ('TIPOUT', 'DEBIT', m.tip_out, 'Cash tips paid out', m.cashier, (m.day + time '18:30') at time zone ${d.timezone}),
        ('CASHDROP', 'DEBIT', m.cashdrop, 'Cash drop at closing', null::int, m.closed_at - interval '1 minute')
      ) as f(category, type, amount, description, employee_id, at)
      where f.amount > 0
      order by m.day, f.at`);

    // The drawer log, in order per shift: the opening count, each finance, the close.
    await tx.execute(sql`
      insert into drawer_log (business_id, shift_id, event, amount, employee_id, user_id, created_at)
      select ${d.businessId}, s.id, 'open', ${float}, m.cashier, ${d.ownerId}, s.started_at
      from demo_drawer m join shifts s on s.business_id = ${d.businessId} and s.day = m.day order by s.id`);
    await tx.execute(sql`
      insert into drawer_log (business_id, shift_id, event, amount, finance_id, category, employee_id, description, user_id, created_at)
      select ${d.businessId}, f.shift_id, 'finance-add', case when f.is_debit then -f.amount else f.amount end, f.id, f.category, f.employee_id, f.description, ${d.ownerId}, f.created_at
      from shift_finances f where f.business_id = ${d.businessId} order by f.shift_id, f.created_at, f.id`);
    await tx.execute(sql`
      insert into drawer_log (business_id, shift_id, event, sales_cash, counted, difference, description, user_id, created_at)
      select ${d.businessId}, s.id, 'close', m.cash, ${float}, m.diff, case when m.diff <> 0 then 'Counted at closing' end, ${d.ownerId}, s.closed_at
      from demo_drawer m join shifts s on s.business_id = ${d.businessId} and s.day = m.day order by s.id`);
  }
  await tx.execute(sql`analyze shifts, shift_attributes, shift_finances, drawer_log`);
}

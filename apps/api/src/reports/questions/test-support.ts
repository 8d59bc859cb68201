import { sql } from 'drizzle-orm';
import { HttpError } from '../../http/errors';
import type { WithReportSource } from './run';

/**
 * A stand-in of the guarded runner (tests only, until the report engine is merged): the function
 * `sales_by_staff` over the daily staff rollup of the business in the path, in a read-only
 * transaction, with its `start_day` and `end_day` bound.
 */
export const standInRunner: WithReportSource = async (ctx, source, values, fn) => {
  if (source.kind !== 'function' || source.name !== 'sales_by_staff') throw new HttpError(404, 'No such report source');
  const businessId = ctx.business?.id ?? -1;
  const start = typeof values.start_day === 'string' ? values.start_day : '2000-01-01';
  const end = typeof values.end_day === 'string' ? values.end_day : '2099-12-31';
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    const relation = sql`select coalesce(s.name, '(none)') as staff, sum(d.total)::bigint as net_sales, sum(d.quantity)::bigint as quantity
      from sales_daily_staff d left join staff s on s.id = d.employee_id
      where d.business_id = ${businessId} and d.day between ${start}::date and ${end}::date group by 1 order by 1`;
    return fn(tx, relation, [
      { key: 'staff', label: 'Staff', format: 'text' },
      { key: 'net_sales', label: 'Net sales', format: 'money' },
      { key: 'quantity', label: 'Quantity', format: 'number' },
    ]);
  });
};


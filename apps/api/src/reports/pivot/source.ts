import { MESSAGES, type ReportColumn, type ReportParameterValues, type ReportSource } from '@salondesk/core';
import { type SQL, sql } from 'drizzle-orm';
import { HttpError, notFound } from '../../http/errors';
import type { HandlerContext } from '../../http/registry';
import type { SqlRunner } from './engine';

/**
 * STAND-IN until the report engine's guarded runner (`reports/engine/runner.ts`) is merged: one
 * source, `{ kind: 'function', name: 'sales_lines' }`, the business's sales lines, in a read-only
 * transaction. Replaced by `withReportSource` on merge.
 */
const COLUMNS: ReportColumn[] = [
  { key: 'staff', label: 'Staff', format: 'text' },
  { key: 'month', label: 'Month', format: 'text' },
  { key: 'day', label: 'Day', format: 'day' },
  { key: 'kind', label: 'Kind', format: 'text' },
  { key: 'item', label: 'Item', format: 'text' },
  { key: 'quantity', label: 'Quantity', format: 'number' },
  { key: 'total', label: 'Total', format: 'money' },
];

export async function withPivotSource<T>(
  ctx: HandlerContext,
  source: ReportSource,
  _values: ReportParameterValues,
  fn: (tx: SqlRunner, relation: SQL, columns: ReportColumn[]) => Promise<T>,
): Promise<T> {
  if (!ctx.business) throw new HttpError(500, MESSAGES.serverError);
  if (source.kind !== 'function' || source.name !== 'sales_lines') throw notFound();
  const businessId = ctx.business.id;
  const relation = sql`select coalesce(e.full_name, '(none)') as staff, to_char(s.day, 'YYYY-MM') as month, s.day, s.kind, s.name as item, s.quantity, s.total
    from saleslogs s left join staff e on e.id = s.employee_id where s.business_id = ${businessId} and not s.voided`;
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    return fn(tx as unknown as SqlRunner, relation, COLUMNS);
  });
}

import type { PivotConfiguration, ReportColumn, ReportParameter } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/executor';

/**
 * The demo's pivot (issue 11): a data source of sales lines by month, offered to every business,
 * and in each location the pivot report "Sales by staff and month" over it — gross sales by staff
 * member (and, within each, by kind: services, retail, prepaid), one column per month, with a
 * subtotal per staff member and grand totals.
 */

export const SALES_LINES_SOURCE_NAME = 'Sales lines by month';

/** The source's SQL over the reporting views: one row per live sales line of a completed ticket, its staff member by display name (joined once, not looked up per line). */
export const SALES_LINES_SQL = `select coalesce(s.display_name, case when l.staff_id is null then 'Unassigned' else 'Former staff' end) as staff,
  to_char(l.day, 'YYYY-MM') as month,
  l.day,
  case l.kind when 'service' then 'Services' when 'product' then 'Retail' else 'Prepaid' end as kind,
  l.item_name as item,
  l.quantity,
  l.total as gross_sales
from reports.sales_lines l
left join reports.staff s on s.id = l.staff_id
where l.day between :start_day and :end_day`;

const PARAMETERS: ReportParameter[] = [
  { id: 'start_day', label: 'From', type: 'date', target: 'start_day', required: true, config: { valueType: 'relative', value: 'start-of-year' } },
  { id: 'end_day', label: 'To', type: 'date', target: 'end_day', required: true, config: { valueType: 'relative', value: 'today' } },
];

const COLUMNS: ReportColumn[] = [
  { key: 'staff', label: 'Staff', format: 'text' },
  { key: 'month', label: 'Month', format: 'text' },
  { key: 'day', label: 'Day', format: 'day' },
  { key: 'kind', label: 'Kind', format: 'text' },
  { key: 'item', label: 'Item', format: 'text' },
  { key: 'quantity', label: 'Quantity', format: 'number' },
  { key: 'gross_sales', label: 'Gross sales', format: 'money' },
];

export const SALES_BY_STAFF_AND_MONTH = 'Sales by staff and month';
export const DEMO_PIVOT_CATEGORY = 'Sales pivots';

/** Adds the data source and, in each location, the pivot (created by the location's owner). */
export async function seedPivots(tx: Executor, locations: readonly { businessId: number; ownerId: number | null }[]): Promise<void> {
  const [source] = (
    await tx.execute(sql`insert into data_sources (business_id, name, description, sql, settings)
      values (null, ${SALES_LINES_SOURCE_NAME}, ${'Every sales line of a completed ticket: staff member, month, day, kind, item, quantity and gross sales.'},
        ${SALES_LINES_SQL}, ${JSON.stringify({ parameters: PARAMETERS, columns: COLUMNS })}::jsonb)
      returning id`)
  ).rows as { id: number }[];
  const configuration: PivotConfiguration = {
    source: { kind: 'datasource', id: (source as { id: number }).id },
    params: {},
    rows: ['staff', 'kind'],
    columns: ['month'],
    values: [{ field: 'gross_sales', aggregate: 'sum' }],
    subtotals: true,
    grandTotals: true,
  };
  for (const { businessId, ownerId } of locations) {
    // In the catalogue's "Sales pivots" category when the demo has it.
    await tx.execute(sql`insert into pivot_reports (business_id, title, description, configuration, created_by, category_id)
      values (${businessId}, ${SALES_BY_STAFF_AND_MONTH}, ${'Gross sales of each staff member by kind, month by month this year, with a subtotal per staff member.'},
        ${JSON.stringify(configuration)}::jsonb, ${ownerId},
        (select id from report_categories where business_id = ${businessId} and type = 'pivot' and category_name = ${DEMO_PIVOT_CATEGORY}))`);
  }
}

import type { ReportColumn, ReportParameter } from '@salondesk/core';
import type { Executor } from '../../db/executor';
import { dataSources } from './schema';

/**
 * The demo's data sources (issue 11 §6): two parameterised SELECTs over the reporting views,
 * offered to every business — sales by day with a range and a location chosen from a query (its
 * choices read again each time the report opens), and top products with a range and a limit.
 */
const range: ReportParameter[] = [
  { id: 'start', label: 'From', type: 'date', target: 'start', required: true, config: { valueType: 'relative', value: 'start-of-month' } },
  { id: 'end', label: 'To', type: 'date', target: 'end', required: true, config: { valueType: 'relative', value: 'today' } },
];
const money = (key: string, label: string): ReportColumn => ({ key, label, format: 'money' });

export const DEMO_DATA_SOURCES = [
  {
    name: 'Sales by day',
    description: 'Tickets, gross sales, refunds and net sales of each day of a location.',
    sql: `select d.day, b.name as location, d.tickets, d.sales as gross_sales, d.refunds, d.net as net_sales
from sales_daily d
join businesses b on b.id = d.business_id
where d.day between :start and :end and d.business_id = :location
order by d.day`,
    settings: {
      parameters: [
        ...range,
        {
          id: 'location',
          label: 'Location',
          type: 'choice',
          target: 'location',
          required: true,
          config: { valueType: 'query', value: 'select id, name from businesses order by name' },
        },
      ] satisfies ReportParameter[],
      columns: [
        { key: 'day', label: 'Day', format: 'day' },
        { key: 'location', label: 'Location', format: 'text' },
        { key: 'tickets', label: 'Tickets', format: 'number' },
        money('gross_sales', 'Gross sales'),
        money('refunds', 'Refunds'),
        money('net_sales', 'Net sales'),
      ] satisfies ReportColumn[],
    },
  },
  {
    name: 'Top products',
    description: 'The best-selling retail products of a range, by gross sales.',
    sql: `select l.item_name as product, sum(l.quantity) as quantity, sum(l.total) as gross_sales
from sales_lines l
where l.kind = 'product' and l.day between :start and :end
group by l.item_name
order by gross_sales desc, product
limit :limit`,
    settings: {
      parameters: [...range, { id: 'limit', label: 'How many', type: 'number', target: 'limit', required: true, config: { valueType: 'static', value: 10 } }] satisfies ReportParameter[],
      columns: [{ key: 'product', label: 'Product', format: 'text' }, { key: 'quantity', label: 'Quantity', format: 'number' }, money('gross_sales', 'Retail sales')] satisfies ReportColumn[],
    },
  },
];

export async function seedReportEngine(tx: Executor): Promise<void> {
  await tx.insert(dataSources).values(DEMO_DATA_SOURCES.map((d) => ({ ...d, business_id: null })));
}

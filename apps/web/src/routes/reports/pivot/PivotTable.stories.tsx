import type { Story } from '@ladle/react';
import { type PivotPage, pivotGrid } from '@salondesk/core';
import { PivotTable } from './PivotTable';

const money = (value: number | string | null, format: string) => (value === null ? '' : format === 'money' ? `$${(Number(value) / 100).toFixed(2)}` : String(value));

/** Gross sales by staff and kind × month, with a subtotal per staff member and grand totals. */
const page: PivotPage = {
  rowFields: [
    { key: 'staff', label: 'Staff', format: 'text' },
    { key: 'kind', label: 'Kind', format: 'text' },
  ],
  columnFields: [{ key: 'month', label: 'Month', format: 'text' }],
  values: [{ field: 'gross_sales', aggregate: 'sum', label: 'Sum of Gross sales', format: 'money' }],
  columnKeys: [['2026-01'], ['2026-02'], []],
  entries: [
    { row: ['Ava Bennett', 'Retail'], column: ['2026-01'], values: [12_000] },
    { row: ['Ava Bennett', 'Retail'], column: [], values: [12_000] },
    { row: ['Ava Bennett', 'Services'], column: ['2026-01'], values: [340_000] },
    { row: ['Ava Bennett', 'Services'], column: ['2026-02'], values: [310_500] },
    { row: ['Ava Bennett', 'Services'], column: [], values: [650_500] },
    { row: ['Ava Bennett'], column: ['2026-01'], values: [352_000] },
    { row: ['Ava Bennett'], column: ['2026-02'], values: [310_500] },
    { row: ['Ava Bennett'], column: [], values: [662_500] },
    { row: ['Noah Carter', 'Services'], column: ['2026-02'], values: [99_900] },
    { row: ['Noah Carter', 'Services'], column: [], values: [99_900] },
    { row: ['Noah Carter'], column: ['2026-02'], values: [99_900] },
    { row: ['Noah Carter'], column: [], values: [99_900] },
    { row: [], column: ['2026-01'], values: [352_000] },
    { row: [], column: ['2026-02'], values: [410_400] },
    { row: [], column: [], values: [762_400] },
  ],
  rowCount: 6,
  page: 1,
  pageSize: 100,
};

export const SubtotalsAndTotals: Story = () => <PivotTable grid={pivotGrid(page)} formatValue={money} caption="Sales by staff and month" />;

export const TwoValues: Story = () => (
  <PivotTable
    grid={pivotGrid({
      ...page,
      values: [...page.values, { field: 'quantity', aggregate: 'count', label: 'Count of Quantity', format: 'number' }],
      entries: page.entries.map((e) => ({ ...e, values: [...e.values, 3] })),
    })}
    formatValue={money}
    caption="Sales and counts by staff and month"
  />
);

export const Empty: Story = () => <PivotTable grid={pivotGrid({ ...page, entries: [] })} formatValue={money} caption="No rows" empty="The source has no rows for this pivot." />;

import { type PivotPage, pivotGrid } from '@salondesk/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PivotTable } from './PivotTable';

const page: PivotPage = {
  rowFields: [
    { key: 'staff', label: 'Staff', format: 'text' },
    { key: 'kind', label: 'Kind', format: 'text' },
  ],
  columnFields: [{ key: 'month', label: 'Month', format: 'text' }],
  values: [{ field: 'total', aggregate: 'sum', label: 'Sum of Total', format: 'money' }],
  columnKeys: [['2026-01'], []],
  entries: [
    { row: ['Ava', 'Retail'], column: ['2026-01'], values: [100] },
    { row: ['Ava', 'Retail'], column: [], values: [100] },
    { row: ['Ava', 'Services'], column: ['2026-01'], values: [200] },
    { row: ['Ava', 'Services'], column: [], values: [200] },
    { row: ['Ava'], column: ['2026-01'], values: [300] },
    { row: ['Ava'], column: [], values: [300] },
    { row: [], column: ['2026-01'], values: [300] },
    { row: [], column: [], values: [300] },
  ],
  rowCount: 4,
  page: 1,
  pageSize: 100,
};
const format = (value: number | string | null) => (value === null ? '' : `$${Number(value) / 100}`);

describe('PivotTable', () => {
  it('shows grouped column headings, row headings, subtotal and grand-total rows with their values', () => {
    render(<PivotTable grid={pivotGrid(page)} formatValue={format} caption="Sales" />);
    const table = screen.getByRole('table', { name: 'Sales' });
    expect(within(table).getByRole('columnheader', { name: 'Staff' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: '2026-01' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Grand total' })).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-kind'))).toEqual(['cells', 'cells', 'subtotal', 'total']);
    // The second row repeats Ava: still its row heading for screen readers.
    expect(within(rows[1] as HTMLElement).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Ava', 'Services']);
    expect(within(rows[2] as HTMLElement).getAllByRole('cell').map((c) => c.textContent)).toEqual(['$3', '$3']);
    expect(within(rows[3] as HTMLElement).getAllByRole('rowheader')[0]?.textContent).toBe('Grand total');
  });

  it('says when there are no rows', () => {
    render(<PivotTable grid={pivotGrid({ ...page, entries: [] })} formatValue={format} caption="Sales" empty="Nothing here." />);
    expect(screen.getByText('Nothing here.')).toBeTruthy();
  });
});

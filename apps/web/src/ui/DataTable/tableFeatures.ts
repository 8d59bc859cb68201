import {
  type Column,
  columnOrderingFeature,
  columnPinningFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createSortedRowModel,
  rowExpandingFeature,
  type RowData,
  rowSortingFeature,
  type SortFn,
  tableFeatures,
} from '@tanstack/react-table';
import type { ColumnPriority } from './dataTableLayout';
import type { DataColumn } from './types';

/** The TanStack Table features the data table uses, and the types of its columns. */
export const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnVisibilityFeature,
  columnOrderingFeature,
  columnSizingFeature,
  columnResizingFeature,
  columnPinningFeature,
  rowExpandingFeature,
});
export type Features = typeof features;
export type TableColumn<T extends RowData> = Column<Features, T, unknown>;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
/** Numbers by value, text as a person reads it ("Item 2" before "Item 10", accents and case aside). */
export const compareValues: SortFn<Features, RowData> = (a, b, id) => {
  const x = a.getValue(id) as string | number;
  const y = b.getValue(id) as string | number;
  return typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
};

/** The table's columns by id, each with its priority settled (the first column's is `always`). */
export type ById<T extends RowData> = Map<string, DataColumn<T> & { priority: ColumnPriority }>;

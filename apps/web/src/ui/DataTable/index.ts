// The one data table: each part in its own file, exported here by name.
export { DataTable } from './DataTable';
export type { ColumnPriority, DataTableSettings } from './dataTableLayout';
export type { DataColumn, DataTableProps } from './types';

// The scheduler's grid: each part in its own file, exported here by name.
export { ScheduleGrid } from './ScheduleGrid';
export type { GridColumn, GridEntry, GridRow, GridTone, RowSummary, ScheduleGridProps } from './types';

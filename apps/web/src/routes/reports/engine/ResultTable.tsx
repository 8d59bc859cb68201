import type { ReportColumn } from '@salondesk/core';
import { type ReactNode, useMemo } from 'react';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { resultColumns, resultRowId, type ResultRow } from './resultColumns';

export interface ResultTableProps {
  businessId: number;
  /** The business whose currency and time zone the values are in (default: `businessId`). */
  valuesOf?: number;
  /** The saved table settings' name. */
  name: string;
  title: string;
  caption: string;
  columns: readonly ReportColumn[];
  /** The rows; undefined while the first load runs. */
  rows: readonly ResultRow[] | undefined;
  /** The columns that tell rows apart; rows without them are keyed by their position. */
  keys?: readonly string[];
  loading?: boolean;
  empty: ReactNode;
  maxHeight?: string;
  className?: string;
}

/** A report's result in the shared table: its columns labelled and formatted, rows keyed by their ids, long results virtualised. */
export function ResultTable({ businessId, valuesOf, name, title, caption, columns, rows, keys = [], loading, empty, maxHeight, className = 'mt-6' }: ResultTableProps) {
  const display = useBusinessDisplay(valuesOf ?? businessId);
  const tableColumns = useMemo(() => resultColumns(columns, display), [columns, display]);
  const keyed = useMemo(() => rows?.map((r, i) => ({ ...r, __row: i })), [rows]);
  const rowId = useMemo(() => resultRowId([...keys, '__row']), [keys]);
  return (
    <SavedDataTable
      className={className}
      businessId={businessId}
      name={name}
      title={title}
      caption={caption}
      columns={tableColumns}
      rows={keyed}
      loading={loading}
      getRowId={(row) => rowId(row, row.__row as number)}
      empty={empty}
      virtualizeFrom={200}
      maxHeight={maxHeight}
    />
  );
}

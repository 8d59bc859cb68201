import { useTableSettings } from '@salondesk/react';
import type { RowData } from '@tanstack/react-table';
import { DataTable, type DataTableProps } from '../ui/DataTable';

export interface SavedDataTableProps<T extends RowData> extends Omit<DataTableProps<T>, 'settings' | 'onSettingsChange'> {
  businessId: number;
  /** The table's name for its saved settings (`sales-by-staff`): a slug, one per table of the app. */
  name: string;
  /** The title saved with the settings; default the caption. */
  title?: string;
}

/**
 * A `DataTable` whose settings (sorting, columns, widths) are the signed-in user's own, saved per
 * business and table (`useTableSettings`): the table looks the same on the next visit and on
 * another device. Its rows wait for the saved settings, so the order does not jump.
 */
export function SavedDataTable<T extends RowData>({ businessId, name, title, rows, ...props }: SavedDataTableProps<T>) {
  const saved = useTableSettings(businessId, name, { title: title ?? props.caption });
  return <DataTable {...props} rows={saved.isLoading ? undefined : rows} settings={saved.settings} onSettingsChange={saved.onSettingsChange} />;
}

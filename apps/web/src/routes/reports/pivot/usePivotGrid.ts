import { formatPivotValue, type PivotCellValue, type PivotGrid, type PivotPage, pivotGrid, type ReportColumnFormat } from '@salondesk/core';
import { useCallback, useMemo } from 'react';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';

/** A page (or pages) of a pivot laid out as its grid, and how its values are written in the business's currency. */
export function usePivotGrid(businessId: number, pages: readonly PivotPage[] | undefined): { grid: PivotGrid | null; formatValue: (value: PivotCellValue, format: ReportColumnFormat) => string } {
  const { money } = useBusinessDisplay(businessId);
  const formatValue = useCallback((value: PivotCellValue, format: ReportColumnFormat) => formatPivotValue(value, format, money), [money]);
  const grid = useMemo(() => {
    const [first] = pages ?? [];
    if (!first) return null;
    return pivotGrid({ ...first, entries: (pages ?? []).flatMap((p) => p.entries) }, (value, format) => formatPivotValue(value, format, money) || String(value));
  }, [pages, money]);
  return { grid, formatValue };
}

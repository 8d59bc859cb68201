import { formatReportValue, type PivotCellValue, type PivotGrid, type PivotPage, pivotGrid, type ReportColumnFormat } from '@salondesk/core';
import { useCallback, useMemo } from 'react';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';

/** A page (or pages) of a pivot laid out as its grid, and how its values are written in the business's currency. */
export function usePivotGrid(businessId: number, pages: readonly PivotPage[] | undefined): { grid: PivotGrid | null; formatValue: (value: PivotCellValue, format: ReportColumnFormat) => string } {
  const { symbol, timezone } = useBusinessDisplay(businessId);
  const formatValue = useCallback((value: PivotCellValue, format: ReportColumnFormat) => formatReportValue(value, format, { symbol, timezone }), [symbol, timezone]);
  const grid = useMemo(() => {
    const [first] = pages ?? [];
    if (!first) return null;
    return pivotGrid({ ...first, entries: (pages ?? []).flatMap((p) => p.entries) }, (value, format) => formatReportValue(value, format, { symbol, timezone }) || String(value));
  }, [pages, symbol, timezone]);
  return { grid, formatValue };
}

import { endpoints, MESSAGES, PERIOD_REPORT_TYPES, type PeriodReportType, reportFunction, type ReportLevel } from '@salondesk/core';
import { usePeriodReport } from '@salondesk/react';
import { useState } from 'react';
import { ExportActions } from '../../../app/ExportActions';
import { LoadError } from '../../../app/LoadError';
import { RangePicker } from '../../../app/RangePicker';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useUrlRange } from '../../../app/useUrlRange';
import { PageHeader } from '../../../ui/PageHeader';
import { Toggle } from '../../../ui/Toggle';
import { ResultTable } from './ResultTable';

/**
 * A period report (spec 000 §2 period slugs; `periodreport/{start}/{end}` with `type` and
 * `detail`): a range from the shared picker, summary or each day / each visit, the rows in the
 * shared table, and the export of the same function with the same values.
 */
export function PeriodReport({ businessId, type, description, detailLabel }: { businessId: number; type: PeriodReportType; description: string; detailLabel: string }) {
  const display = useBusinessDisplay(businessId);
  const { today, start, end, setRange } = useUrlRange(display.timezone);
  const [detail, setDetail] = useState(false);
  const [level, setLevel] = useState<ReportLevel>('business');
  const report = usePeriodReport(businessId, { start, end, type, detail, level });
  const kind = PERIOD_REPORT_TYPES[type];
  const fn = reportFunction(detail ? kind.detail : kind.summary);
  const values = JSON.stringify({ start_day: start, end_day: end, ...(detail ? kind.detailParams : {}) });
  const multiLocation = display.business.data?.network_id !== null && display.business.data?.network_id !== undefined;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={kind.title} businessId={businessId} range={{ start, end }} />
      <PageHeader
        className="print:hidden"
        eyebrow={`Period report · ${type}`}
        title={kind.title}
        description={description}
        actions={
          <div className="flex flex-wrap items-end gap-2">
            <RangePicker start={start} end={end} today={today} onChange={setRange} />
            {fn ? <ExportActions endpoint={endpoints.reportEngineExports.customProc} params={{ id: businessId }} query={{ name: fn.name, values, level }} /> : null}
          </div>
        }
      />
      <div className="mt-4 flex flex-wrap gap-6 print:hidden">
        <Toggle label={detailLabel} checked={detail} onChange={setDetail} />
        {multiLocation ? <Toggle label="Every location I can see" checked={level === 'network'} onChange={(on) => setLevel(on ? 'network' : 'business')} /> : null}
      </div>
      {report.isError ? (
        <LoadError className="mt-8" error={report.error} fallback={MESSAGES.failedToFetchReports} onRetry={() => void report.refetch()} />
      ) : (
        <ResultTable
          businessId={businessId}
          name={`period-${type.replace('/', '-')}${detail ? '-detail' : ''}`}
          title={kind.title}
          caption={`${kind.title}, ${start} to ${end}`}
          columns={report.data?.result.columns ?? []}
          rows={report.data?.result.rows}
          keys={fn?.key}
          loading={report.isFetching}
          empty="Nothing in this range."
        />
      )}
    </div>
  );
}

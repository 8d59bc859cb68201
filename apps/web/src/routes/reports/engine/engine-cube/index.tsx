import { isAdmin, MESSAGES, PERIOD_REPORT_TYPE_NAMES, PERIOD_REPORT_TYPES, type PeriodReportType, reportFunction } from '@salondesk/core';
import { useAdminBusinesses, useCubePeriodReport, useSession } from '@salondesk/react';
import { useState } from 'react';
import { LoadError } from '../../../../app/LoadError';
import { RangePicker } from '../../../../app/RangePicker';
import { useBusinessDisplay } from '../../../../app/useBusinessDisplay';
import { useUrlRange } from '../../../../app/useUrlRange';
import { EmptyState } from '../../../../ui/EmptyState';
import { PageHeader } from '../../../../ui/PageHeader';
import { SelectField } from '../../../../ui/SelectField';
import { Toggle } from '../../../../ui/Toggle';
import { ResultTable } from '../ResultTable';
import { useBusinessId } from '../../../../app/useBusinessId';

/**
 * `/{businessId}/admin/cube` (platform admins): the cube's period report of any business the
 * admin selects (spec 001 §7 `io-request cube periodreport`), through the proxy request. Without
 * a selected business it says so, with the server's own words.
 */
export function Component() {
  const businessId = useBusinessId();
  const user = useSession().session?.user;
  const admin = user !== undefined && isAdmin(user);
  const businesses = useAdminBusinesses();
  const display = useBusinessDisplay(businessId);
  const { today, start, end, setRange } = useUrlRange(display.timezone);
  const [selected, setSelected] = useState<number | null>(businessId);
  const [type, setType] = useState<PeriodReportType>('prepaidbalance');
  const [detail, setDetail] = useState(false);
  const report = useCubePeriodReport(businessId, { start, end, type, detail, business: selected });
  const fn = reportFunction(detail ? PERIOD_REPORT_TYPES[type].detail : PERIOD_REPORT_TYPES[type].summary);

  if (!admin) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <EmptyState title={MESSAGES.cubeAdminOnly} headingLevel={1} />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader eyebrow="Admin" title="Cube" description="The period reports of any business, for platform admins." actions={<RangePicker start={start} end={end} today={today} onChange={setRange} />} />
      <div className="mt-6 flex flex-wrap items-end gap-4">
        <SelectField
          className="min-w-64"
          label="Business"
          value={selected === null ? '' : String(selected)}
          onChange={(e) => setSelected(e.target.value === '' ? null : Number(e.target.value))}
          options={[{ value: '', label: 'Select a business' }, ...(businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))]}
        />
        <SelectField label="Report" value={type} onChange={(e) => setType(e.target.value as PeriodReportType)} options={PERIOD_REPORT_TYPE_NAMES.map((t) => ({ value: t, label: PERIOD_REPORT_TYPES[t].title }))} />
        <div className="pb-2">
          <Toggle label="Detail" checked={detail} onChange={setDetail} />
        </div>
      </div>
      {selected === null ? (
        <EmptyState className="mt-8" title={MESSAGES.noSelectedBusiness} description="Choose the business whose report to show." />
      ) : report.isError ? (
        <LoadError className="mt-8" error={report.error} fallback={MESSAGES.failedToFetchReports} onRetry={() => void report.refetch()} />
      ) : (
        <ResultTable
          businessId={businessId}
          valuesOf={selected}
          name={`cube-${type.replace('/', '-')}${detail ? '-detail' : ''}`}
          title="Cube"
          caption={`${PERIOD_REPORT_TYPES[type].title}, ${start} to ${end}`}
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

import { endpoints, MESSAGES, type StaffVisitRowResponse } from '@salondesk/core';
import { useStaffVisitDetail, useStaffVisits } from '@salondesk/react';
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ExportActions } from '../../../../app/ExportActions';
import { LoadError } from '../../../../app/LoadError';
import { patchSearchParams } from '../../../../app/patchSearchParams';
import { RangePicker } from '../../../../app/RangePicker';
import { ReportPrintHeader } from '../../../../app/ReportPrintHeader';
import { SavedDataTable } from '../../../../app/SavedDataTable';
import { useBusinessDisplay } from '../../../../app/useBusinessDisplay';
import { useErrorToast } from '../../../../app/useErrorToast';
import { useUrlRange } from '../../../../app/useUrlRange';
import { Button } from '../../../../ui/Button';
import { cx } from '../../../../ui/cx';
import type { DataColumn } from '../../../../ui/DataTable';
import { EmptyState } from '../../../../ui/EmptyState';
import { PageHeader } from '../../../../ui/PageHeader';
import { figureColumns, staffKey, totalsCells, visitColumns } from './staffVisitColumns';
import { useBusinessId } from '../../../../app/useBusinessId';

const exportEndpoint = endpoints.visitExports.staffVisits;
const DETAIL_ID = 'staff-visit-detail';

/**
 * `/{businessId}/reports/staff-visits`: the staff visit report (spec 001 §2) over a range: per staff
 * member their visits, customers (new and returning), sales by kind, sales per visit and tips,
 * with the totals; a staff member's row opens their visits below (`?staff=4`). The figures are the
 * period report `staffsales/byvisit`'s and the sales reports' own.
 */
export function Component() {
  const businessId = useBusinessId();
  const display = useBusinessDisplay(businessId);
  const { today, start, end, setRange } = useUrlRange(display.timezone);
  const [params, setParams] = useSearchParams();
  const report = useStaffVisits(businessId, start, end);
  useErrorToast(report.error);
  const open = params.get('staff');
  const toggle = (key: string) => setParams(patchSearchParams(params, { staff: open === key ? '' : key }), { replace: true });
  const columns = useMemo<DataColumn<StaffVisitRowResponse>[]>(
    () => [
      {
        id: 'name',
        header: 'Staff',
        value: (r) => r.name,
        cell: (r) => {
          const key = staffKey(r.staff_id);
          const expanded = open === key;
          return (
            <button
              type="button"
              aria-label={`Visits of ${r.name}`}
              aria-expanded={expanded}
              aria-controls={expanded ? DETAIL_ID : undefined}
              onClick={() => toggle(key)}
              className="inline-flex max-w-full items-center gap-1.5 font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="truncate">{r.name}</span>
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={cx('size-4 shrink-0 transition-transform', expanded && 'rotate-180')}>
                <path fillRule="evenodd" d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z" clipRule="evenodd" />
              </svg>
            </button>
          );
        },
        size: 200,
      },
      ...figureColumns(display.money),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [open, display.money, params],
  );
  const rows = report.data?.staff;
  const chosen = rows?.find((r) => staffKey(r.staff_id) === open) ?? null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={exportEndpoint.title} businessId={businessId} range={{ start, end }} />
      <PageHeader
        className="print:hidden"
        eyebrow="Staff report"
        title="Staff visits"
        description="Each staff member’s visits (completed tickets with a line of theirs), their customers, what they sold and their tips. Open a staff member to see their visits."
      />
      <div className="mt-6 flex flex-wrap items-end justify-between gap-2 print:hidden">
        <RangePicker start={start} end={end} today={today} onChange={setRange} />
        <ExportActions endpoint={exportEndpoint} params={{ id: businessId }} query={{ start, end }} />
      </div>

      {report.isError && !report.data ? (
        <LoadError className="mt-8" error={report.error} fallback={MESSAGES.failedToFetchReport} onRetry={() => void report.refetch()} />
      ) : report.data && report.data.staff.length === 0 ? (
        <EmptyState className="mt-8" title="No visits in this range" description="Choose other days: a visit is a completed ticket with a line credited to a staff member." />
      ) : (
        <SavedDataTable
          className="mt-6"
          businessId={businessId}
          name="staff-visits"
          title="Staff visits"
          caption={`Staff visits, ${start} to ${end}`}
          columns={columns}
          rows={rows}
          loading={report.isFetching}
          getRowId={(r) => staffKey(r.staff_id)}
          rowLabel={(r) => r.name}
          totals={report.data ? { label: 'Total', cells: totalsCells(report.data.totals, display.money) } : undefined}
        />
      )}

      {chosen ? <StaffVisitDetail businessId={businessId} start={start} end={end} row={chosen} money={display.money} onClose={() => toggle(staffKey(chosen.staff_id))} /> : null}
    </div>
  );
}

function StaffVisitDetail({
  businessId,
  start,
  end,
  row,
  money,
  onClose,
}: {
  businessId: number;
  start: string;
  end: string;
  row: StaffVisitRowResponse;
  money: (cents: number) => string;
  onClose: () => void;
}) {
  const detail = useStaffVisitDetail(businessId, start, end, row.staff_id ?? 'none');
  const columns = useMemo(() => visitColumns(businessId, money), [businessId, money]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView?.({ block: 'nearest' });
  }, [row.staff_id]);
  return (
    <section id={DETAIL_ID} aria-labelledby={`${DETAIL_ID}-title`} className="mt-6 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 ref={heading} id={`${DETAIL_ID}-title`} className="text-lg font-semibold text-slate-900">
          Visits of {row.name}
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose} className="print:hidden">
          Hide visits
        </Button>
      </div>
      {detail.isError ? (
        <LoadError headingLevel={3} error={detail.error} fallback={MESSAGES.failedToFetchReport} onRetry={() => void detail.refetch()} />
      ) : (
        <>
          {detail.data?.truncated ? <p className="text-sm text-amber-900">Only the first {detail.data.visits?.length.toLocaleString('en-US')} visits are listed: choose fewer days to see them all.</p> : null}
          <SavedDataTable
            businessId={businessId}
            name="staff-visit-detail"
            title="Visits of a staff member"
            caption={`Visits of ${row.name}, ${start} to ${end}`}
            showCaption={false}
            columns={columns}
            rows={detail.data?.visits ?? undefined}
            loading={detail.isFetching}
            getRowId={(v) => `${v.ticket_id}-${v.staff_id ?? 'none'}`}
            rowLabel={(v) => `Ticket ${v.ticket_id}`}
            empty="No visits."
            totals={{ label: 'Total', cells: { sales: money(row.sales), tips: money(row.tips), service_sales: money(row.service_sales), retail_sales: money(row.retail_sales), prepaid_sales: money(row.prepaid_sales) } }}
          />
        </>
      )}
    </section>
  );
}

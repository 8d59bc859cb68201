import { formatInstantIn, MESSAGES, presetRange, RANGE_PRESET_LABEL, rangeProblem, WAIVER_RANGE_MAX_DAYS, type WaiverDue, waiverExports, type WaiverSignature } from '@salondesk/core';
import { useWaiverChanges, useWaiverReport } from '@salondesk/react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { MultiExportActions } from '../../../app/ExportActions';
import { LoadError } from '../../../app/LoadError';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { toasts } from '../../../app/toasts';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useReportDays } from '../../../app/useReportDays';
import { Button } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { DateRangePicker } from '../../../ui/DateRangePicker';
import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';
import { WaiverTabs } from '../WaiverTabs';
import { useBusinessId } from '../../../app/useBusinessId';

const RANGE_PRESETS = ['last-30-days', 'this-month', 'last-month'] as const;
const TITLE = 'Waiver report';

/**
 * `/{businessId}/waivers/report?start=&end=`: who signed what in the range (per waiver and
 * version, then each signature), and who must still sign before an upcoming appointment in the
 * range, with a signing link for each.
 */
export function Component() {
  const businessId = useBusinessId();
  const display = useBusinessDisplay(businessId);
  const { today, start, end, patch } = useReportDays(display.timezone, { defaultDays: 30 });
  const problem = rangeProblem(start, end, WAIVER_RANGE_MAX_DAYS);
  const report = useWaiverReport(businessId, problem ? { start: '', end: '' } : { start, end });
  const presets = RANGE_PRESETS.map((id) => ({ id, label: RANGE_PRESET_LABEL[id], ...presetRange(id, today, display.weekStartsOn) }));
  const changes = useWaiverChanges(businessId);
  const [links, setLinks] = useState<Record<string, string>>({});
  const dueKey = (d: WaiverDue) => `${d.appointment_id}-${d.waiver_id}`;
  const makeLink = (d: WaiverDue) =>
    changes.link.mutate(
      { waiverId: d.waiver_id, customerId: d.customer_id },
      {
        onSuccess: (link) => {
          setLinks((all) => ({ ...all, [dueKey(d)]: `${window.location.origin}${link.path}` }));
          toasts.success(MESSAGES.waiverLinkCreated);
        },
        onError: (error) => toasts.error(error.message),
      },
    );

  const dueColumns = useMemo<DataColumn<WaiverDue>[]>(
    () => [
      { id: 'client', header: 'Client', value: (d) => d.customer_name, priority: 'always', size: 200 },
      { id: 'appointment', header: 'Appointment', value: (d) => d.starts_at, cell: (d) => formatInstantIn(d.starts_at, display.timezone), priority: 'always', size: 220 },
      { id: 'service', header: 'Service', value: (d) => d.service_name, priority: 2 },
      { id: 'waiver', header: 'Waiver', value: (d) => d.waiver_name, priority: 1 },
      { id: 'signed', header: 'Signed', value: (d) => d.signed_version ?? 0, cell: (d) => (d.signed_version === null ? 'Never' : `Version ${d.signed_version} (now ${d.version})`), priority: 3 },
      {
        id: 'link',
        header: 'Signing link',
        cell: (d) =>
          links[dueKey(d)] ? (
            <a className="break-all text-brand-700 hover:underline" href={links[dueKey(d)]} target="_blank" rel="noreferrer">
              Open link
            </a>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => makeLink(d)}>
              Make link
            </Button>
          ),
        priority: 4,
      },
    ],
    // biome-ignore lint/correctness/useExhaustiveDependencies: makeLink is recreated each render
    [display.timezone, links],
  );
  const signedColumns = useMemo<DataColumn<WaiverSignature>[]>(
    () => [
      { id: 'client', header: 'Client', value: (s) => s.customer_name, cell: (s) => <Link className="text-brand-700 hover:underline" to={`/${businessId}/waivers/signatures/${s.id}`}>{s.customer_name || s.signed_name}</Link>, priority: 'always', size: 200 },
      { id: 'waiver', header: 'Waiver', value: (s) => s.waiver_name, priority: 'always' },
      { id: 'version', header: 'Version', value: (s) => s.version, align: 'end', priority: 1, size: 100 },
      { id: 'signed_at', header: 'Signed', value: (s) => s.signed_at, cell: (s) => formatInstantIn(s.signed_at, display.timezone), priority: 2, size: 220 },
    ],
    [businessId, display.timezone],
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={TITLE} businessId={businessId} range={problem ? null : { start, end }} />
      <PageHeader
        className="print:hidden"
        eyebrow="Waivers"
        title={TITLE}
        description="Who signed which version in the range, and who must still sign before an upcoming appointment."
        actions={
          <>
            <WaiverTabs businessId={businessId} current="report" />
            {problem ? null : (
              <MultiExportActions
                title={TITLE}
                items={[waiverExports.due, waiverExports.signatures].map((endpoint) => ({ endpoint, input: { params: { id: businessId }, query: { start, end } } }))}
              />
            )}
          </>
        }
      />
      <div className="mt-6 print:hidden">
        <DateRangePicker start={start} end={end} presets={presets} error={problem} onChange={(next) => patch({ start: next.start, end: next.end })} />
      </div>
      {problem ? null : report.isError ? (
        <LoadError className="mt-6" error={report.error} fallback={MESSAGES.failedToFetchWaivers} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <section aria-labelledby="waivers-due" className="mt-8">
            <h2 id="waivers-due" className="text-lg font-semibold text-slate-900">
              Must sign before their appointment
            </h2>
            <SavedDataTable
              className="mt-3"
              businessId={businessId}
              name="waivers-due"
              caption="Must sign before their appointment"
              columns={dueColumns}
              rows={report.data?.due}
              getRowId={dueKey}
              rowLabel={(d) => `${d.customer_name}, ${d.waiver_name}`}
              empty={<EmptyState title="Nobody must sign" description="Every client booked in this range has signed the current version of the waivers their services need." />}
            />
          </section>
          <section aria-labelledby="waivers-summary" className="mt-10">
            <h2 id="waivers-summary" className="text-lg font-semibold text-slate-900">
              Signed in the range
            </h2>
            {report.data && report.data.summary.length > 0 ? (
              <ul className="mt-3 flex flex-wrap gap-3">
                {report.data.summary.map((s) => (
                  <li key={`${s.waiver_id}-${s.version}`} className="rounded-md border border-slate-200 bg-white px-3 py-2 text-sm">
                    <span className="font-medium">{s.waiver_name}</span> version {s.version}: {s.signatures}
                  </li>
                ))}
              </ul>
            ) : null}
            <SavedDataTable
              className="mt-3"
              businessId={businessId}
              name="waivers-signed"
              caption="Signed in the range"
              columns={signedColumns}
              rows={report.data?.signed}
              getRowId={(s) => s.id}
              rowLabel={(s) => s.customer_name}
              empty={<EmptyState title="No signatures in this range" />}
            />
            {report.data?.truncated ? <p className="mt-2 text-sm text-amber-700">Only the first rows are shown; choose a shorter range to see them all.</p> : null}
          </section>
        </>
      )}
    </div>
  );
}

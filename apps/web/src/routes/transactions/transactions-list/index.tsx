import { dayInZone, dayLabel, exportEndpoints, rangeLabel } from '@salondesk/core';
import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { patchSearchParams } from '../../../app/patchSearchParams';
import { RangePicker, rangeFrom } from '../../../app/RangePicker';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useBusinessId } from '../../../app/useBusinessId';
import { cx } from '../../../ui/cx';
import { BypassTickets } from './BypassTickets';
import { CardPayments } from './CardPayments';
import { Tickets } from './Tickets';

const VIEWS = [
  { value: 'tickets', label: 'Tickets' },
  { value: 'cards', label: 'Card payments' },
  { value: 'bypass', label: 'Bypass mode' },
] as const;
type View = (typeof VIEWS)[number]['value'];

/**
 * `/{businessId}/transactions?start=&end=&q=&status=&view=`: the tickets of a range of
 * days (an older `?day=D` means start = end = D), searched on the server and read page by page.
 */
export function Component() {
  const businessId = useBusinessId();
  const display = useBusinessDisplay(businessId);
  const [params, setParams] = useSearchParams();
  const today = dayInZone(new Date(), display.timezone);
  const range = rangeFrom(params, today);
  const view: View = (VIEWS.find((v) => v.value === params.get('view'))?.value ?? 'tickets') as View;
  const set = useCallback((changes: Record<string, string>) => setParams((prev) => patchSearchParams(prev, changes), { replace: true }), [setParams]);
  // One day's list names that day; a range names its days.
  const title = range.start === range.end ? dayLabel(range.start) : rangeLabel(range);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={exportEndpoints.transactions.title} businessId={businessId} range={range} />
      <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between print:hidden">
        <div>
          <p className="text-sm font-medium text-brand-700">Transactions</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        </div>
        <RangePicker start={range.start} end={range.end} today={today} weekStartsOn={display.weekStartsOn} onChange={(r) => set({ start: r.start, end: r.end, day: '' })} />
      </header>

      <div role="group" aria-label="What to list" className="mt-6 flex gap-1 border-b border-slate-200 print:hidden">
        {VIEWS.map((v) => (
          <button
            key={v.value}
            type="button"
            aria-pressed={view === v.value}
            onClick={() => set({ view: v.value === 'tickets' ? '' : v.value })}
            className={cx(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
              view === v.value ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {v.label}
          </button>
        ))}
      </div>

      {view === 'tickets' ? (
        <Tickets businessId={businessId} range={range} params={params} set={set} display={display} />
      ) : (
        <OneDay range={range}>{(day) => (view === 'cards' ? <CardPayments businessId={businessId} day={day} display={display} /> : <BypassTickets businessId={businessId} day={day} display={display} />)}</OneDay>
      )}
    </div>
  );
}

type Range = { start: string; end: string };

/** Card payments and bypass-mode tickets are read a day at a time: a range shows its last day, and says so. */
function OneDay({ range, children }: { range: Range; children: (day: string) => ReactNode }) {
  return (
    <>
      {range.start !== range.end ? (
        <p className="mt-4 text-sm text-slate-600" role="note">
          This list is kept a day at a time: it shows {dayLabel(range.end)}, the last day of the range. Pick one day to see another.
        </p>
      ) : null}
      {children(range.end)}
    </>
  );
}


import { appointmentStatusLabel, dayInZone, dayLabel, MESSAGES } from '@salondesk/core';
import { useAppointmentsView } from '@salondesk/react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../../app/ButtonLink';
import { LoadError } from '../../../app/LoadError';
import { patchSearchParams } from '../../../app/patchSearchParams';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useErrorToast } from '../../../app/useErrorToast';
import { AppointmentFlagBadge } from './AppointmentFlagBadge';
import { AppointmentsDayGrid } from './AppointmentsDayGrid';
import { AppointmentsList } from './AppointmentsList';
import { AppointmentsWeekGrid } from './AppointmentsWeekGrid';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadingRegion } from '../../../ui/LoadingRegion';
import { PageHeader } from '../../../ui/PageHeader';
import { SegmentedControl } from '../../../ui/SegmentedControl';
import { Skeleton } from '../../../ui/Skeleton';
import { TextField } from '../../../ui/TextField';
import {
  APPOINTMENTS_VIEW_LABEL,
  APPOINTMENTS_VIEWS,
  type AppointmentsViewMode,
  dayName,
  dayView,
  flaggedAppointments,
  listGroups,
  readViewState,
  stepDay,
  viewRange,
  viewSummary,
  weekView,
} from './appointmentsView';
import { useBusinessId } from '../../../app/useBusinessId';

const VIEW_OPTIONS = APPOINTMENTS_VIEWS.map((value) => ({ value, label: APPOINTMENTS_VIEW_LABEL[value] }));

/**
 * `/{businessId}/appointments`: the appointments of a day (a column per staff member, their
 * published shift behind their bookings) or a week (per staff member per day), bookings outside
 * a shift or on a holiday flagged and listed; on a phone, a list by staff member. The view and the
 * day are in the address (`?view=week&day=2026-03-09`).
 */
export function Component() {
  const businessId = useBusinessId();
  const display = useBusinessDisplay(businessId);
  const [params, setParams] = useSearchParams();
  const today = dayInZone(new Date(), display.timezone);
  const state = readViewState(params, today);
  const range = viewRange(state, display.weekStartsOn);
  const map = useAppointmentsView(businessId, range.start, range.end);
  useErrorToast(map.error);
  const [selected, setSelected] = useState<number | null>(null);

  const go = (changes: { view?: AppointmentsViewMode; day?: string }) => {
    setSelected(null);
    setParams(patchSearchParams(params, { view: changes.view ?? state.view, day: changes.day ?? state.day }), { replace: true });
  };
  const data = map.data;
  const title = state.view === 'day' ? dayLabel(state.day) : `${dayName(range.start)} – ${dayName(range.end)}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader
        title="Appointments"
        description="Bookings by staff member, with each one’s published shift behind them. A booking outside every shift of its staff member, or on a holiday, is flagged."
        actions={
          <ButtonLink variant="secondary" to={`/${businessId}/schedule`}>
            Schedule
          </ButtonLink>
        }
      />

      <div className="mt-6 flex flex-wrap items-end gap-3">
        <SegmentedControl label="View" value={state.view} options={VIEW_OPTIONS} onChange={(view) => go({ view })} />
        <div className="flex items-center gap-1" role="group" aria-label={state.view === 'day' ? 'Days' : 'Weeks'}>
          <Button variant="secondary" size="sm" onClick={() => go({ day: stepDay(state, -1) })}>
            {state.view === 'day' ? 'Previous day' : 'Previous week'}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => go({ day: today })}>
            Today
          </Button>
          <Button variant="secondary" size="sm" onClick={() => go({ day: stepDay(state, 1) })}>
            {state.view === 'day' ? 'Next day' : 'Next week'}
          </Button>
        </div>
        <TextField
          label={state.view === 'day' ? 'Day' : 'A day of the week'}
          type="date"
          value={state.day}
          min="2000-01-01"
          max="2099-12-31"
          onChange={(e) => {
            if (e.target.value) go({ day: e.target.value });
          }}
          className="w-44"
        />
      </div>

      <section aria-labelledby="appointments-title" aria-busy={map.isFetching || undefined} className="mt-6">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="appointments-title" className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {data ? (
            <p className="text-sm text-slate-600" data-testid="appointments-summary">
              {viewSummary(data)}
            </p>
          ) : null}
        </div>
        {map.isError && !data ? (
          <LoadError headingLevel={3} error={map.error} fallback={MESSAGES.failedToGetAppointmentData} onRetry={() => void map.refetch()} />
        ) : !data ? (
          <LoadingRegion label={`Loading the appointments of ${title}`}>
            <Skeleton className="h-96 w-full" />
          </LoadingRegion>
        ) : data.resources.length === 0 ? (
          <EmptyState
            headingLevel={3}
            title="No staff are shown in appointments"
            description="Turn on “Visible in appointments” for the staff members who take bookings."
            actions={
              <ButtonLink variant="secondary" to={`/${businessId}/staff`}>
                Staff
              </ButtonLink>
            }
          />
        ) : (
          <AppointmentsContent
            businessId={businessId}
            data={data}
            view={state.view}
            day={state.day}
            selected={selected}
            onSelect={setSelected}
            onOpenDay={(day) => go({ view: 'day', day })}
          />
        )}
      </section>
    </div>
  );
}

function AppointmentsContent({
  businessId,
  data,
  view,
  day,
  selected,
  onSelect,
  onOpenDay,
}: {
  businessId: number;
  data: NonNullable<ReturnType<typeof useAppointmentsView>['data']>;
  view: AppointmentsViewMode;
  day: string;
  selected: number | null;
  onSelect: (id: number) => void;
  onOpenDay: (day: string) => void;
}) {
  const flagged = useMemo(() => flaggedAppointments(data), [data]);
  const groups = useMemo(() => listGroups(data, view), [data, view]);
  const dayParts = useMemo(() => (view === 'day' ? dayView(data, day) : null), [data, view, day]);
  const weekParts = useMemo(() => (view === 'week' ? weekView(data) : null), [data, view]);
  const chosen = data.appointments.find((a) => a.id === selected) ?? null;
  const nameOf = (id: number) => data.resources.find((r) => r.id === id)?.display_name ?? '';
  const focusInGrid = (id: number) => document.querySelector<HTMLElement>(`[data-appointment-id="${id}"]`)?.focus();

  return (
    <div className="space-y-4">
      {dayParts?.holiday ? (
        <p className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 ring-1 ring-amber-600/25">
          Holiday: {dayParts.holiday}. Every booking of the day is flagged.
        </p>
      ) : null}
      {data.hidden > 0 ? (
        <p className="text-sm text-slate-600">
          {data.hidden === 1 ? '1 appointment belongs' : `${data.hidden} appointments belong`} to staff not shown in appointments and {data.hidden === 1 ? 'is' : 'are'} left out.{' '}
          <Link to={`/${businessId}/staff`} className="font-medium text-brand-700 hover:underline">
            Staff
          </Link>
        </p>
      ) : null}
      {data.appointments.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200">{view === 'day' ? 'No appointments on this day.' : 'No appointments in this week.'}</p>
      ) : null}

      <div className="hidden md:block">
        {dayParts ? (
          <AppointmentsDayGrid
            label={`Appointments on ${dayLabel(day)}`}
            columns={dayParts.columns}
            items={dayParts.items}
            span={dayParts.span}
            hours={dayParts.hours}
            selectedId={selected}
            onSelect={onSelect}
          />
        ) : weekParts ? (
          <AppointmentsWeekGrid
            label={`Appointments, ${dayName(data.start)} to ${dayName(data.end)}`}
            days={weekParts.days}
            rows={weekParts.rows}
            cells={weekParts.cells}
            span={weekParts.span}
            onOpenDay={(d) => onOpenDay(d)}
          />
        ) : null}
      </div>
      <AppointmentsList className="md:hidden" label="Appointments by staff member" groups={groups} />

      {chosen ? (
        <div role="region" aria-label="Selected appointment" aria-live="polite" className="hidden rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200 md:block">
          <p className="font-semibold text-slate-900">
            {chosen.start_time}–{chosen.end_time} · {chosen.customer_name}
            {chosen.service ? ` · ${chosen.service}` : ''}
          </p>
          <p className="text-slate-700">
            With {nameOf(chosen.staff_id)}, {chosen.duration_minutes} minutes, {appointmentStatusLabel(chosen.status)}.
          </p>
          {chosen.flag ? <p className="mt-1 text-red-800">{chosen.flag.message}</p> : <p className="mt-1 text-slate-600">Inside a published shift.</p>}
        </div>
      ) : null}

      <section aria-labelledby="flagged-title" className="rounded-xl bg-white ring-1 ring-slate-200">
        <h3 id="flagged-title" className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
          Flagged appointments ({flagged.length})
        </h3>
        {flagged.length === 0 ? (
          <p className="px-4 py-3 text-sm text-slate-600">Every booking is inside a published shift of its staff member.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Flagged appointments">
            {flagged.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm">
                <span className="min-w-0">
                  <span className="font-medium text-slate-900 tabular-nums">{f.when}</span>
                  <span className="text-slate-700">
                    {' '}
                    · {f.staff} · {f.customer}
                    {f.service ? ` · ${f.service}` : ''}
                  </span>
                  <span className="block text-xs text-red-800">{f.message}</span>
                </span>
                <span className="flex items-center gap-2">
                  <AppointmentFlagBadge label={f.label} message={f.message} />
                  {view === 'day' ? (
                    <Button variant="ghost" size="sm" className="hidden md:inline-flex" onClick={() => focusInGrid(f.id)} aria-label={`Show ${f.customer} at ${f.when} in the grid`}>
                      Show
                    </Button>
                  ) : (
                    <Button variant="ghost" size="sm" onClick={() => onOpenDay(f.day)} aria-label={`Open ${dayName(f.day)}`}>
                      Open day
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

import {
  addDays,
  dayInZone,
  dayLabel,
  formatSlotDuration,
  MESSAGES,
  presetRange,
  RANGE_PRESET_LABEL,
  rangeProblem,
  TIMESHEET_RANGE_MAX_DAYS,
  TIMESHEET_STATUS_LABEL,
  timeInZone,
  type TimesheetEntry,
  type TimesheetRange,
  weekStartOf,
} from '@salondesk/core';
import { useTimesheets } from '@salondesk/react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadError } from '../../../app/LoadError';
import { patchSearchParams } from '../../../app/patchSearchParams';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { Button } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { DateRangePicker } from '../../../ui/DateRangePicker';
import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';
import { SegmentedControl } from '../../../ui/SegmentedControl';
import { Skeleton } from '../../../ui/Skeleton';
import { StatusBadge } from '../../../ui/StatusBadge';
import { TextField } from '../../../ui/TextField';
import { ClockOutDialog } from './ClockOutDialog';
import { EditDayDialog } from './EditDayDialog';
import { StillClockedIn } from './StillClockedIn';
import { TimesheetActivityPanel } from './TimesheetActivityPanel';
import { breakRuleLabel, type DayTotals, dayTotals, type PersonTotals, personTotals, slotTimes, timeOnDay } from './timesheetView';
import { useBusinessId } from '../../../app/useBusinessId';

type View = 'day' | 'range';
const VIEWS: readonly { value: View; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'range', label: 'Range' },
];
const RANGE_PRESETS = ['this-week', 'last-7-days', 'last-30-days', 'this-month', 'last-month'] as const;
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);
const hours = (n: number) => n.toFixed(2);

/** `/{businessId}/timesheets`: Staff timesheets with their activity (spec 001 §2), a day or a range (`?view=day&day=` or `?view=range&start=&end=`). */
export function Component() {
  return <TimesheetBoard />;
}

export interface TimesheetBoardProps {
  /** The daily report (`reports/daily/timesheets`) shows one day only, under its own heading. */
  dailyReport?: boolean;
}

/** The Staff timesheets screen: the slots of a day or a range, their totals with the break rule, corrections, clock-outs and the activity. */
export function TimesheetBoard({ dailyReport = false }: TimesheetBoardProps) {
  const businessId = useBusinessId();
  const display = useBusinessDisplay(businessId);
  const timezone = display.timezone;
  const [params, setParams] = useSearchParams();
  const today = dayInZone(new Date(), timezone);
  const view: View = dailyReport || params.get('view') !== 'range' ? 'day' : 'range';
  const day = isDay(params.get('day')) ? (params.get('day') as string) : today;
  const defaultWeek = weekStartOf(today, display.weekStartsOn);
  const start = view === 'day' ? day : isDay(params.get('start')) ? (params.get('start') as string) : defaultWeek;
  const end = view === 'day' ? day : isDay(params.get('end')) ? (params.get('end') as string) : today;
  const problem = view === 'range' ? rangeProblem(start, end, TIMESHEET_RANGE_MAX_DAYS) : null;
  const timesheets = useTimesheets(businessId, problem ? today : start, problem ? today : end);
  const data = timesheets.data;
  const [editing, setEditing] = useState<string | null>(null);
  const [clockingOut, setClockingOut] = useState<TimesheetEntry | null>(null);

  const patch = (changes: Record<string, string>) => setParams(patchSearchParams(params, changes), { replace: true });
  const presets = RANGE_PRESETS.map((id) => ({ id, label: RANGE_PRESET_LABEL[id], ...presetRange(id, today, display.weekStartsOn) }));
  const openFrom = data?.lastPayoutStartDate ?? null;
  const dayClosed = openFrom !== null && day < openFrom;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader
        eyebrow={dailyReport ? 'Daily report · timesheets' : 'Payroll'}
        title={dailyReport ? 'Timesheets' : 'Staff timesheets'}
        description={`Clock-ins and clock-outs in ${timezone} time. A correction keeps the times first recorded and says why in the activity.`}
        actions={
          <div className="flex flex-wrap items-end gap-2">
            {dailyReport ? null : <SegmentedControl label="View" value={view} options={VIEWS} onChange={(next) => patch({ view: next === 'day' ? '' : 'range' })} />}
            {!dailyReport ? (
              <Link to={`/${businessId}/clock`} className="inline-flex h-10 items-center rounded-lg px-3 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600">
                Open the staff clock
              </Link>
            ) : null}
          </div>
        }
      />

      <div className="mt-6 flex flex-wrap items-end gap-3">
        {view === 'day' ? (
          <>
            <Button variant="secondary" onClick={() => patch({ day: addDays(day, -1) })} aria-label="Previous day">
              ‹
            </Button>
            <TextField label="Day" type="date" value={day} max={today} onChange={(e) => isDay(e.target.value) && patch({ day: e.target.value })} />
            <Button variant="secondary" onClick={() => patch({ day: addDays(day, 1) })} disabled={day >= today} aria-label="Next day">
              ›
            </Button>
            {day !== today ? (
              <Button variant="ghost" onClick={() => patch({ day: '' })}>
                Today
              </Button>
            ) : null}
            <div className="ml-auto">
              <Button onClick={() => setEditing(day)} disabled={!data || dayClosed || day > today}>
                Edit day
              </Button>
            </div>
          </>
        ) : (
          <DateRangePicker start={start} end={end} max={today} presets={presets} error={problem} onChange={(range) => patch({ start: range.start, end: range.end })} />
        )}
      </div>
      {dayClosed && view === 'day' ? (
        <p className="mt-3 text-sm text-amber-900" role="note">
          {dayLabel(day)} is in a closed pay period (every day before {dayLabel(openFrom as string)}). Reopen the period on the Payroll screen to change it.
        </p>
      ) : null}

      <StillClockedIn businessId={businessId} timezone={timezone} openFrom={openFrom} onClockOut={setClockingOut} />

      {problem ? (
        <p role="alert" className="mt-6 text-sm text-red-700">
          {problem}
        </p>
      ) : timesheets.isError ? (
        <LoadError className="mt-6" error={timesheets.error} fallback={MESSAGES.failedToFetchStaffTimesheets} onRetry={() => void timesheets.refetch()} />
      ) : !data ? (
        <div aria-busy="true" className="mt-6 space-y-2">
          <p role="status" className="sr-only">
            Loading the timesheets
          </p>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : (
        <Timesheet
          businessId={businessId}
          data={data}
          view={view}
          stale={timesheets.isPlaceholderData}
          onEditDay={(d) => (view === 'day' ? setEditing(d) : patch({ view: '', day: d }))}
          onClockOut={setClockingOut}
        />
      )}

      {problem ? null : <TimesheetActivityPanel businessId={businessId} timezone={timezone} start={start} end={end} />}

      <EditDayDialog
        businessId={businessId}
        day={editing}
        slots={editing && data ? data.slots.filter((s) => s.day === editing) : []}
        staff={data?.staff ?? []}
        timezone={timezone}
        onClose={() => setEditing(null)}
      />
      <ClockOutDialog businessId={businessId} slot={clockingOut} timezone={timezone} onClose={() => setClockingOut(null)} />
    </div>
  );
}

function Timesheet({
  businessId,
  data,
  view,
  stale,
  onEditDay,
  onClockOut,
}: {
  businessId: number;
  data: TimesheetRange;
  view: View;
  stale: boolean;
  onEditDay: (day: string) => void;
  onClockOut: (slot: TimesheetEntry) => void;
}) {
  const timezone = data.timezone;
  const now = new Date();
  const openFrom = data.lastPayoutStartDate;
  const columns = useMemo(() => slotColumns(timezone, view, openFrom, onEditDay, onClockOut), [timezone, view, openFrom, onEditDay, onClockOut]);
  const people = personTotals(data.slots, timezone, now, data.breakSettings);
  const days = dayTotals(data.slots, timezone, now, data.breakSettings);
  const range = data.start === data.end ? dayLabel(data.start) : `${dayLabel(data.start)} – ${dayLabel(data.end)}`;
  const sum = (rows: readonly { hours: number; breakHours: number; hoursAfterBreak: number }[]) => ({
    hours: hours(rows.reduce((s, r) => s + r.hours, 0)),
    breakHours: hours(rows.reduce((s, r) => s + r.breakHours, 0)),
    hoursAfterBreak: hours(rows.reduce((s, r) => s + r.hoursAfterBreak, 0)),
  });

  if (data.slots.length === 0) {
    return (
      <EmptyState
        className="mt-6"
        headingLevel={2}
        title={view === 'day' ? `No timesheet on ${range}` : `No timesheets from ${range}`}
        description={view === 'day' ? 'Nobody clocked in that day. Use “Edit day” to add a slot from a paper sheet.' : 'Nobody clocked in on these days. Choose other days.'}
      />
    );
  }
  return (
    <div aria-busy={stale || undefined} className={stale ? 'opacity-60 transition-opacity' : undefined}>
      <section aria-labelledby="slots-title" className="mt-6">
        <h2 id="slots-title" className="sr-only">
          Slots of {range}
        </h2>
        <SavedDataTable
          businessId={businessId}
          name={view === 'day' ? 'timesheets-day' : 'timesheets-range'}
          title="Staff timesheets"
          caption={`Slots of ${range}: clock-in, clock-out, duration and hours, with the times first recorded where a correction changed them`}
          columns={columns}
          rows={data.slots}
          getRowId={(s) => s.id}
          rowLabel={(s) => `${s.employee_name}, ${dayLabel(s.day)}`}
        />
      </section>
      <div className={`mt-6 grid items-start gap-4 ${view === 'range' ? 'xl:grid-cols-2' : ''}`}>
        <section aria-labelledby="people-title">
          <h2 id="people-title" className="text-base font-semibold text-slate-900">
            Totals per person
          </h2>
          <p className="mb-2 text-xs text-slate-500">{breakRuleLabel(data.breakSettings)} Open slots count to now.</p>
          <SavedDataTable
            businessId={businessId}
            name="timesheets-people"
            title="Timesheet totals per person"
            caption={`Hours per person, ${range}, the break deducted day by day`}
            columns={PERSON_COLUMNS}
            rows={people}
            getRowId={(r) => r.employee_id}
            totals={{ cells: sum(people) }}
          />
        </section>
        {view === 'range' ? (
          <section aria-labelledby="days-title">
            <h2 id="days-title" className="text-base font-semibold text-slate-900">
              Totals per day
            </h2>
            <p className="mb-2 text-xs text-slate-500">Each person’s break is deducted on their own day.</p>
            <SavedDataTable
              businessId={businessId}
              name="timesheets-days"
              title="Timesheet totals per day"
              caption={`Hours per day, ${range}, each person’s break deducted on their day`}
              columns={DAY_COLUMNS}
              rows={days}
              getRowId={(r) => r.day}
              totals={{ cells: sum(days) }}
            />
          </section>
        ) : null}
      </div>
    </div>
  );
}

const breakColumns = <T extends { hours: number; breakHours: number; hoursAfterBreak: number }>(): DataColumn<T>[] => [
  { id: 'hours', header: 'Hours', value: (r) => r.hours, cell: (r) => hours(r.hours), align: 'end', size: 96, priority: 1 },
  { id: 'breakHours', header: 'Break', value: (r) => r.breakHours, cell: (r) => hours(r.breakHours), align: 'end', size: 96, priority: 2 },
  { id: 'hoursAfterBreak', header: 'Hours after break', value: (r) => r.hoursAfterBreak, cell: (r) => hours(r.hoursAfterBreak), align: 'end', size: 150, priority: 'always' },
];
const PERSON_COLUMNS: DataColumn<PersonTotals>[] = [
  { id: 'name', header: 'Staff', value: (r) => r.name, size: 180 },
  { id: 'days', header: 'Days', value: (r) => r.days, align: 'end', size: 72, priority: 3 },
  ...breakColumns<PersonTotals>(),
];
const DAY_COLUMNS: DataColumn<DayTotals>[] = [
  { id: 'day', header: 'Day', value: (r) => r.day, cell: (r) => dayLabel(r.day), size: 170 },
  { id: 'people', header: 'People', value: (r) => r.people, align: 'end', size: 80, priority: 3 },
  ...breakColumns<DayTotals>(),
];

/** The slots' columns: who first, the hours always shown; the originals beside a corrected slot; what can be done with it last. */
function slotColumns(timezone: string, view: View, openFrom: string | null, onEditDay: (day: string) => void, onClockOut: (slot: TimesheetEntry) => void): DataColumn<TimesheetEntry>[] {
  const now = new Date();
  const closed = (s: TimesheetEntry) => openFrom !== null && s.day < openFrom;
  return [
    { id: 'staff', header: 'Staff', value: (s) => s.employee_name, size: 170 },
    ...(view === 'range' ? [{ id: 'day', header: 'Day', value: (s: TimesheetEntry) => s.day, cell: (s: TimesheetEntry) => dayLabel(s.day), size: 150 } satisfies DataColumn<TimesheetEntry>] : []),
    { id: 'clockin', header: 'Clock-in', value: (s) => s.clockin_at, cell: (s) => timeInZone(s.clockin_at, timezone), size: 110, priority: 1 },
    {
      id: 'clockout',
      header: 'Clock-out',
      value: (s) => s.clockout_at ?? '',
      cell: (s) => (s.clockout_at === null ? <StatusBadge label="Clocked in" tone="info" /> : timeOnDay(s.clockout_at, s.day, timezone)),
      size: 150,
      priority: 1,
    },
    { id: 'duration', header: 'Duration', value: (s) => s.hours, cell: (s) => formatSlotDuration(s.clockin_at, s.clockout_at, now), size: 120, priority: 4 },
    { id: 'hours', header: 'Hours', value: (s) => s.hours, cell: (s) => hours(s.hours), align: 'end', size: 90, priority: 'always' },
    {
      id: 'recorded',
      header: 'Recorded',
      value: (s) => (s.is_modified ? 1 : 0),
      cell: (s) =>
        s.is_modified ? (
          <span className="flex flex-col gap-0.5">
            <StatusBadge label="Corrected" tone="info" />
            <span className="text-xs whitespace-nowrap text-slate-600">{slotTimes({ clockin_at: s.original_clockin, clockout_at: s.original_clockout }, s.day, timezone, 'no clock-out')}</span>
          </span>
        ) : s.source === 'manager' ? (
          <StatusBadge label="Added by a manager" tone="neutral" />
        ) : (
          <span className="text-slate-500">As clocked</span>
        ),
      size: 220,
      priority: 3,
    },
    {
      id: 'status',
      header: 'Status',
      value: (s) => s.status,
      cell: (s) => <StatusBadge label={TIMESHEET_STATUS_LABEL[s.status]} tone={s.status === 'IN' ? 'warning' : 'success'} />,
      size: 120,
      priority: 5,
    },
    {
      id: 'actions',
      header: 'Actions',
      sortable: false,
      cell: (s) =>
        closed(s) ? (
          <span className="text-xs text-slate-500">Closed period</span>
        ) : (
          <span className="flex gap-1 whitespace-nowrap">
            {s.status === 'IN' ? (
              <Button size="sm" variant="secondary" onClick={() => onClockOut(s)} aria-label={`Clock out ${s.employee_name}`}>
                Clock out
              </Button>
            ) : null}
            <Button size="sm" variant="ghost" onClick={() => onEditDay(s.day)} aria-label={`Edit ${dayLabel(s.day)} of ${s.employee_name}`}>
              {view === 'day' ? 'Edit' : 'Open day'}
            </Button>
          </span>
        ),
      size: 200,
      priority: 2,
    },
  ];
}

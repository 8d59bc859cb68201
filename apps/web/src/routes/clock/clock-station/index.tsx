import { type ClockMember, clockedInAt, clockedOutAt, clockMemberStatus, clockPinNotSet, dayInZone, dayLabel, formatSlotDuration, MESSAGES, PAST_USUAL_CLOCK_OUT, timeInZone, type TimesheetEntry } from '@salondesk/core';
import { useBusiness, useClockIn, useClockOut, useClockStaff } from '@salondesk/react';
import { useEffect, useRef, useState } from 'react';
import { LoadError } from '../../../app/LoadError';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import { cx } from '../../../ui/cx';
import { EmptyState } from '../../../ui/EmptyState';
import { PinPad } from '../../../ui/PinPad';
import { Skeleton } from '../../../ui/Skeleton';
import { useBusinessId } from '../../../app/useBusinessId';

/** The current time, read again every `ms`. */
function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * `/{businessId}/clock`: the staff clock of a location, on its own machine. A member picks
 * themselves by name and types their PIN to clock in, or out when they are in. PINs are set by a
 * manager on the member's staff profile; wrong ones lock the member for a while.
 */
export function Component() {
  const businessId = useBusinessId();
  const business = useBusiness(businessId);
  const staff = useClockStaff(businessId);
  const now = useNow(15_000);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const timezone = staff.data?.timezone ?? business.data?.timezone ?? 'UTC';
  const chosen = staff.data?.staff.find((m) => m.id === chosenId) ?? null;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-medium text-brand-700">{business.data?.name ?? 'This location'}</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">Staff clock</h1>
        </div>
        <p className="text-right" aria-live="off">
          <span className="block font-mono text-3xl font-semibold text-slate-900">{timeInZone(now.toISOString(), timezone)}</span>
          <span className="text-sm text-slate-600">{dayLabel(dayInZone(now, timezone))}</span>
        </p>
      </header>

      <div role="status" aria-live="polite" className="mt-6 min-h-6">
        {done ? <p className="rounded-xl bg-emerald-50 px-4 py-3 text-base font-medium text-emerald-900 ring-1 ring-emerald-200">{done}</p> : null}
      </div>

      {staff.isError ? (
        <LoadError className="mt-6" error={staff.error} fallback={MESSAGES.failedToFetchEmployees} onRetry={() => void staff.refetch()} />
      ) : !staff.data ? (
        <div aria-busy="true" className="mt-6 grid gap-3 sm:grid-cols-3">
          <p role="status" className="sr-only">
            Loading the staff
          </p>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      ) : staff.data.staff.length === 0 ? (
        <EmptyState className="mt-6" title="No active staff here" description="Add staff members on the Staff screen first." />
      ) : chosen ? (
        <ClockPanel
          key={chosen.id}
          businessId={businessId}
          member={chosen}
          timezone={timezone}
          now={now}
          onBack={() => setChosenId(null)}
          onDone={(message) => {
            setDone(message);
            setChosenId(null);
          }}
        />
      ) : (
        <section aria-labelledby="who" className="mt-4">
          <h2 id="who" className="text-lg font-semibold text-slate-900">
            Who are you?
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {staff.data.staff.map((m) => {
              const status = clockMemberStatus(m, now, timezone);
              return (
                <li key={m.id}>
                  <button
                    type="button"
                    onClick={() => {
                      setDone(null);
                      setChosenId(m.id);
                    }}
                    className={cx(
                      'flex w-full flex-col items-start rounded-2xl bg-white p-4 text-left ring-1 ring-slate-200 hover:ring-brand-400 focus-visible:outline-2 focus-visible:outline-brand-600',
                      m.clocked_in_at ? (status.warning ? 'border-l-4 border-amber-500' : 'border-l-4 border-emerald-500') : '',
                    )}
                  >
                    <span className="text-base font-semibold text-slate-900">{m.name}</span>
                    <span className="text-sm text-slate-600">{status.label}</span>
                    {status.warning ? <span className="mt-1 text-sm font-medium text-amber-800">{PAST_USUAL_CLOCK_OUT}</span> : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}

function ClockPanel({
  businessId,
  member,
  timezone,
  now,
  onBack,
  onDone,
}: {
  businessId: number;
  member: ClockMember;
  timezone: string;
  now: Date;
  onBack: () => void;
  onDone: (message: string) => void;
}) {
  const clockIn = useClockIn(businessId);
  const clockOut = useClockOut(businessId);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const back = useRef<HTMLButtonElement>(null);
  const isIn = member.clocked_in_at !== null;
  const status = clockMemberStatus(member, now, timezone);
  const busy = clockIn.isPending || clockOut.isPending;

  useEffect(() => {
    if (!member.has_pin) back.current?.focus();
  }, [member.has_pin]);

  const submit = () => {
    setError(null);
    const call = isIn ? clockOut.mutateAsync({ employee_id: member.id, pin }) : clockIn.mutateAsync({ employee_id: member.id, pin });
    call.then(
      (slot: TimesheetEntry) => {
        const message =
          slot.clockout_at === null
            ? clockedInAt(member.name, timeInZone(slot.clockin_at, timezone))
            : clockedOutAt(member.name, timeInZone(slot.clockout_at, timezone), formatSlotDuration(slot.clockin_at, slot.clockout_at, new Date()));
        toasts.success(message);
        onDone(message);
      },
      (failure: Error) => {
        setPin('');
        setError(failure.message);
      },
    );
  };

  return (
    <section aria-labelledby="clock-member" className="mx-auto mt-4 max-w-md rounded-2xl bg-white p-6 ring-1 ring-slate-200">
      <h2 id="clock-member" className="text-xl font-semibold text-slate-900">
        {member.name}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{isIn ? `${status.label}.` : 'Clocked out.'}</p>
      {status.warning ? (
        <p role="alert" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          {status.warning}
        </p>
      ) : null}
      <div className="mt-5">
        {member.has_pin ? (
          <PinPad label={`PIN for ${member.name}`} value={pin} onChange={setPin} onSubmit={submit} submitLabel={isIn ? 'Clock out' : 'Clock in'} error={error} busy={busy} autoFocus />
        ) : (
          <p role="alert" className="text-sm text-amber-900">
            {clockPinNotSet(member.name)}
          </p>
        )}
      </div>
      <Button ref={back} variant="ghost" block className="mt-3" onClick={onBack} disabled={busy}>
        Not {member.name}? Choose again
      </Button>
    </section>
  );
}

import { dayLabel, formatSlotDuration, MESSAGES, type OpenTimesheetEntry, timeInZone } from '@salondesk/core';
import { useOpenTimesheets } from '@salondesk/react';
import { Button } from '../../../ui/Button';

export interface StillClockedInProps {
  businessId: number;
  timezone: string;
  /** A day before which the pay period is closed (those slots cannot be clocked out here). */
  openFrom: string | null;
  onClockOut: (slot: OpenTimesheetEntry) => void;
}

/**
 * The slots still open past the location's clock-out time and its grace (or longer than a slot
 * can be): forgotten clock-outs, for the manager to close with the time the person left. Shown
 * only when there are some.
 */
export function StillClockedIn({ businessId, timezone, openFrom, onClockOut }: StillClockedInProps) {
  const open = useOpenTimesheets(businessId);
  if (open.isError) {
    return (
      <p role="alert" className="mt-6 text-sm text-red-700">
        {open.error.message || MESSAGES.failedToFetchStaffTimesheets}
      </p>
    );
  }
  const still = (open.data?.slots ?? []).filter((s) => s.still_clocked_in);
  if (still.length === 0) return null;
  const now = new Date();
  return (
    <section aria-labelledby="still-clocked-in" className="mt-6 rounded-2xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200">
      <h2 id="still-clocked-in" className="text-base font-semibold">
        Still clocked in ({still.length})
      </h2>
      <p className="mt-1">Still clocked in past the usual clock-out time: clock them out at the time they left.</p>
      <ul className="mt-2 divide-y divide-amber-200/70">
        {still.map((slot) => {
          const closed = openFrom !== null && slot.day < openFrom;
          return (
            <li key={slot.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <span>
                <span className="font-semibold">{slot.employee_name}</span> · since {dayLabel(slot.day)}, {timeInZone(slot.clockin_at, timezone)} · {formatSlotDuration(slot.clockin_at, null, now)}
                {closed ? <span className="block text-xs">In a closed pay period: reopen it on the Payroll screen first.</span> : null}
              </span>
              <Button size="sm" variant="secondary" disabled={closed} onClick={() => onClockOut(slot)} aria-label={`Clock out ${slot.employee_name}`}>
                Clock out
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

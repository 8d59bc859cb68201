import { dayInZone, dayLabel, entryInstants, MESSAGES, TIMESHEET_SLOT_MAX_HOURS, timeInZone, type TimesheetEntry, wallClockOf } from '@salondesk/core';
import { useClockOutSlot } from '@salondesk/react';
import { type FormEvent, useState } from 'react';
import { toasts } from '../../../app/toasts';
import { FormActions } from '../../../ui/FormActions';
import { Modal } from '../../../ui/Modal';
import { TextField } from '../../../ui/TextField';

export interface ClockOutDialogProps {
  businessId: number;
  /** The open slot to clock out; null: the dialog is closed. */
  slot: TimesheetEntry | null;
  timezone: string;
  onClose: () => void;
}

const HOUR_MS = 3_600_000;

/** What is wrong with a clock-out time for a slot, or null (the server checks the same). */
function clockoutProblem(slot: TimesheetEntry, at: Date | null, now: Date): string | null {
  if (at === null) return MESSAGES.timesheetLeftAtRequired;
  if (at.getTime() > now.getTime()) return MESSAGES.timesheetFutureTime;
  if (at.getTime() <= Date.parse(slot.clockin_at)) return MESSAGES.timesheetClockoutBeforeClockin;
  if (at.getTime() - Date.parse(slot.clockin_at) > TIMESHEET_SLOT_MAX_HOURS * HOUR_MS) return MESSAGES.timesheetTooLong;
  return null;
}

/**
 * Clocks out an open slot (a forgotten clock-out) at the time the person left, with an optional
 * reason for the activity. Now when they clocked in less than a day ago; otherwise the manager
 * says when.
 */
export function ClockOutDialog({ businessId, slot, timezone, onClose }: ClockOutDialogProps) {
  return (
    <Modal open={slot !== null} onClose={onClose} title={slot ? `Clock out ${slot.employee_name}` : 'Clock out'}>
      {slot ? <ClockOutForm key={slot.id} businessId={businessId} slot={slot} timezone={timezone} onClose={onClose} /> : null}
    </Modal>
  );
}

function ClockOutForm({ businessId, slot, timezone, onClose }: { businessId: number; slot: TimesheetEntry; timezone: string; onClose: () => void }) {
  const clockOut = useClockOutSlot(businessId);
  const now = new Date();
  const recent = now.getTime() - Date.parse(slot.clockin_at) <= TIMESHEET_SLOT_MAX_HOURS * HOUR_MS;
  const [day, setDay] = useState(recent ? dayInZone(now, timezone) : slot.day);
  const [time, setTime] = useState(recent ? wallClockOf(now, timezone) : '');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const at = (() => {
    try {
      return day && time ? entryInstants(day, time, time, timezone).start : null;
    } catch {
      return null;
    }
  })();
  const problem = clockoutProblem(slot, at, new Date());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem || !at) return;
    clockOut.mutateAsync({ slotId: slot.id, clockout_at: at.toISOString(), ...(reason.trim() ? { reason: reason.trim() } : {}) }).then(
      () => {
        toasts.success(MESSAGES.clockedOut);
        onClose();
      },
      (error: Error) => {
        setServerError(error.message);
        toasts.error(error.message);
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-600">
        Clocked in {dayLabel(slot.day)} at {timeInZone(slot.clockin_at, timezone)} and still clocked in. Times are in {timezone}.
      </p>
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Day they left" type="date" value={day} min={slot.day} onChange={(e) => setDay(e.target.value)} required />
        <TextField label="Time they left" type="time" value={time} onChange={(e) => setTime(e.target.value)} required error={tried ? problem : null} />
      </div>
      <TextField label="Reason (optional)" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} hint="Kept in the timesheet activity." />
      <FormActions error={serverError} submitLabel="Clock out" pending={clockOut.isPending} onCancel={onClose} />
    </form>
  );
}

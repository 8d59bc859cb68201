import type { ScheduleEntry } from '@salondesk/core';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import type { GridRow } from '../../../components/ScheduleGrid';
import { DOW_LONG, shortDate } from './scheduleView';

/** `Ava Bennett, Jun 3, 09:00–17:00.` (a template shift: `every Tuesday`). */
export function describeShift(entry: ScheduleEntry | undefined, rows: readonly GridRow[]): string {
  if (!entry) return '';
  const who = rows.find((r) => r.id === entry.employee_id)?.name ?? 'Staff member';
  const when = entry.day ? shortDate(entry.day) : `every ${DOW_LONG[entry.dow ?? 0]}`;
  return `${who}, ${when}, ${entry.start_time}–${entry.end_time}.`;
}

/** "Remove this shift?": names the shift; Remove takes it off the schedule. */
export function RemoveShiftDialog({ open, entry, rows, pending, onConfirm, onClose }: { open: boolean; entry: ScheduleEntry | undefined; rows: readonly GridRow[]; pending: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      first="cancel"
      title="Remove this shift?"
      description={open ? describeShift(entry, rows) : undefined}
      confirmLabel="Remove"
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

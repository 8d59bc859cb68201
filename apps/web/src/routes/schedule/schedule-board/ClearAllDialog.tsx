import { clearAllScope, type DraftFlagEvent, MESSAGES, type ScheduleMode, type ScheduleStaff, staffSchedulesCleared } from '@salondesk/core';
import { useClearAllSchedules } from '@salondesk/react';
import { toasts } from '../../../app/toasts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import type { GridRow } from '../../../components/ScheduleGrid';
import { errorText, shortDate } from './scheduleView';

export interface ClearAllDialogProps {
  businessId: number;
  /** The staff member whose shifts would go (none: closed). */
  row: GridRow | null;
  /** The staff loaded, with their schedules (what is counted). */
  staff: readonly ScheduleStaff[];
  /** The first day cleared (today in the business's time zone). */
  from: string;
  mode: ScheduleMode;
  markDraft: (event: DraftFlagEvent) => void;
  onClose: () => void;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Confirms `schedule/clearall/{id}`: whatever the mode, it removes the staff member's template
 * shifts of every template and their published shifts and drafts from today on; the list names
 * each kind, the current mode's first, with what the loaded weeks hold of it.
 */
export function ClearAllDialog({ businessId, row, staff, from, mode, markDraft, onClose }: ClearAllDialogProps) {
  const clearAll = useClearAllSchedules(businessId);
  const name = row?.name ?? '';
  // What the loaded schedule holds of what is removed.
  const scope = row ? clearAllScope(staff.find((s) => s.id === row.id)?.schedules ?? [], row.id, from) : { template: 0, published: 0, drafts: 0 };
  const confirm = () => {
    if (!row) return;
    markDraft({ type: 'edit' });
    clearAll.mutate(
      { employeeId: row.id, from },
      {
        onSuccess: (result) => {
          toasts.success(staffSchedulesCleared(row.name, result.cleared));
          onClose();
        },
        onError: (error) => toasts.error(errorText(error) || MESSAGES.failedToDeleteSchedule),
      },
    );
  };
  const since = shortDate(from);
  const kinds = {
    template: { label: 'Template shifts', detail: `${plural(scope.template, 'shift', 'shifts')}, in every template and rotation` },
    publish: { label: `Published shifts from ${since} on`, detail: `${scope.published} in the weeks shown` },
    edit: { label: `Drafts from ${since} on`, detail: `${scope.drafts} in the weeks shown` },
  } as const;
  const order: ScheduleMode[] = [mode, ...(['publish', 'edit', 'template'] as const).filter((m) => m !== mode)];
  return (
    <ConfirmDialog
      open={row !== null}
      first="cancel"
      title={`Clear all shifts for ${name}?`}
      description={`This removes all of ${name}’s schedule, not only what this mode shows. Shifts before ${since} stay.`}
      confirmLabel="Clear all shifts"
      cancelLabel="Keep them"
      pending={clearAll.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <ul aria-label="What is removed" className="space-y-1.5 text-sm text-slate-800">
        {order.map((m) => (
          <li key={m} className="flex justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
            <span className="font-medium">{kinds[m].label}</span>
            <span className="text-right text-slate-600">{kinds[m].detail}</span>
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}

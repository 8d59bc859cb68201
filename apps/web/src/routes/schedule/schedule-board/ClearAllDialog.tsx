import type { ClearAllScope, ScheduleMode } from '@salondesk/core';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { shortDate } from './scheduleView';

export interface ClearAllDialogProps {
  open: boolean;
  name: string;
  /** The first day cleared (today in the business's time zone). */
  from: string;
  mode: ScheduleMode;
  /** What the loaded schedule holds of what is removed (`clearAllScope`). */
  scope: ClearAllScope;
  loading: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Confirms `schedule/clearall/{id}`: whatever the mode, it removes the staff member's template
 * shifts of every template and their published shifts and drafts from today on; the list names
 * each kind, the current mode's first, with what the loaded weeks hold of it.
 */
export function ClearAllDialog({ open, name, from, mode, scope, loading, onClose, onConfirm }: ClearAllDialogProps) {
  const since = shortDate(from);
  const kinds = {
    template: { label: 'Template shifts', detail: `${plural(scope.template, 'shift', 'shifts')}, in every template and rotation` },
    publish: { label: `Published shifts from ${since} on`, detail: `${scope.published} in the weeks shown` },
    edit: { label: `Drafts from ${since} on`, detail: `${scope.drafts} in the weeks shown` },
  } as const;
  const order: ScheduleMode[] = [mode, ...(['publish', 'edit', 'template'] as const).filter((m) => m !== mode)];
  return (
    <Modal
      open={open}
      onClose={onClose}
      role="alertdialog"
      title={`Clear all shifts for ${name}?`}
      description={`This removes all of ${name}’s schedule, not only what this mode shows. Shifts before ${since} stay.`}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Keep them
          </Button>
          <Button variant="danger" loading={loading} onClick={onConfirm}>
            Clear all shifts
          </Button>
        </>
      }
    >
      <ul aria-label="What is removed" className="space-y-1.5 text-sm text-slate-800">
        {order.map((m) => (
          <li key={m} className="flex justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
            <span className="font-medium">{kinds[m].label}</span>
            <span className="text-right text-slate-600">{kinds[m].detail}</span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

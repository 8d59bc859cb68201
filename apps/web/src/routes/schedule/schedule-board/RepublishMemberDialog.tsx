import { MESSAGES, schedulePublishedFor } from '@salondesk/core';
import { useRepublish } from '@salondesk/react';
import { toasts } from '../../../app/toasts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import type { GridRow } from '../../../components/ScheduleGrid';
import { errorText, shortDate } from './scheduleView';

/**
 * Confirms `schedule/clear/republishfor/{id}`: one staff member's shifts made from the templates,
 * from `from` (today) over the republish horizon, are replaced by what the templates give now;
 * shifts made by hand and drafts stay. The rest of the staff is left as it is.
 */
export function RepublishMemberDialog({ businessId, row, from, onClose }: { businessId: number; row: GridRow | null; from: string; onClose: () => void }) {
  const republish = useRepublish(businessId);
  const name = row?.name ?? '';
  const confirm = () => {
    if (!row) return;
    republish.mutate(
      { employeeId: row.id, start: from },
      {
        onSuccess: (result) => {
          toasts.success(schedulePublishedFor(result.days));
          onClose();
        },
        onError: (error) => toasts.error(errorText(error) || MESSAGES.couldntPublishSchedules),
      },
    );
  };
  return (
    <ConfirmDialog
      open={row !== null}
      tone="primary"
      title={`Republish ${name}’s shifts from templates?`}
      description={`From ${shortDate(from)}, ${name}’s shifts made from the templates are replaced by what the templates give now. Their shifts made by hand and drafts stay; nobody else’s schedule changes.`}
      confirmLabel="Republish"
      cancelLabel="Cancel"
      pending={republish.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

import { type DraftFlagEvent, MESSAGES } from '@salondesk/core';
import { useClearDrafts } from '@salondesk/react';
import { toasts } from '../../../app/toasts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { errorText, shortDate } from './scheduleView';

/** "Clear drafts?": removes the unpublished drafts of the days shown; published shifts stay. */
export function ClearDraftsDialog(props: { open: boolean; businessId: number; start: string; end: string; count: number; markDraft: (event: DraftFlagEvent) => void; onClose: () => void }) {
  const clearDrafts = useClearDrafts(props.businessId);
  return (
    <ConfirmDialog
      open={props.open}
      first="cancel"
      title="Clear drafts?"
      description={`This removes the ${props.count} unpublished drafts of ${shortDate(props.start)} – ${shortDate(props.end)}. Published shifts stay.`}
      confirmLabel="Clear drafts"
      cancelLabel="Keep drafts"
      pending={clearDrafts.isPending}
      onClose={props.onClose}
      onConfirm={() =>
        clearDrafts.mutate(
          { start: props.start, end: props.end },
          {
            onSuccess: () => {
              props.markDraft({ type: 'cleared' });
              toasts.success(MESSAGES.draftsCleared);
              props.onClose();
            },
            onError: (error) => toasts.error(errorText(error)),
          },
        )
      }
    />
  );
}

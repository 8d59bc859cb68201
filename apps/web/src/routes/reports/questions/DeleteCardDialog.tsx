import { MESSAGES, type QuestionCard } from '@salondesk/core';
import { useDeleteQuestionCard } from '@salondesk/react';
import { toasts } from '../../../app/toasts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';

/**
 * Asks before deleting a card (saying which embed reports lose it), deletes it, and tells: the
 * list and the card's page share it. `card` null: closed.
 */
export function DeleteCardDialog({ businessId, card, onClose, onDeleted }: { businessId: number; card: QuestionCard | null; onClose: () => void; onDeleted?: () => void }) {
  const remove = useDeleteQuestionCard(businessId);
  const confirm = () => {
    if (!card) return;
    remove.mutate(card.id, {
      onSuccess: () => {
        toasts.success(MESSAGES.deletedSuccessfully);
        onClose();
        onDeleted?.();
      },
      onError: (error) => toasts.error(error.message),
    });
  };
  return (
    <ConfirmDialog
      open={card !== null}
      first="cancel"
      title={`Delete ${card?.name ?? 'this question'}?`}
      description={card?.metabase_id ? `Embed reports naming Metabase question ${card.metabase_id} will no longer show it. This cannot be undone.` : 'This cannot be undone.'}
      confirmLabel="Delete"
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

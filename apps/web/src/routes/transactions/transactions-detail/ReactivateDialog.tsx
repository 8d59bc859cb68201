import { MESSAGES, type Transaction } from '@salondesk/core';
import { useReactivateTransaction } from '@salondesk/react';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';

/** "Send ticket #… back to the queue?": it shows in the queue again. */
export function ReactivateDialog({ open, onClose, t, businessId }: { open: boolean; onClose: () => void; t: Transaction; businessId: number }) {
  const reactivate = useReactivateTransaction(businessId);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Send ticket #${t.id} back to the queue?`}
      description="It shows in the queue again, in service if it had been served."
      actions={
        <>
          <Button
            loading={reactivate.isPending}
            onClick={() =>
              reactivate.mutate(t.id, {
                onSuccess: (answer) => {
                  toasts.success(answer.message ?? MESSAGES.updatedBang);
                  onClose();
                },
                onError: (error) => toasts.error(error.message),
              })
            }
          >
            Reactivate
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    />
  );
}

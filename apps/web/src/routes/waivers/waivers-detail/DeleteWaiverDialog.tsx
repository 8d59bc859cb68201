import { MESSAGES, type Waiver } from '@salondesk/core';
import { useWaiverChanges } from '@salondesk/react';
import { useNavigate } from 'react-router-dom';
import { toasts } from '../../../app/toasts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';

/** "Delete …?": the waiver leaves the lists; its versions and signatures are kept. */
export function DeleteWaiverDialog({ open, businessId, waiver, onClose }: { open: boolean; businessId: number; waiver: Waiver; onClose: () => void }) {
  const changes = useWaiverChanges(businessId);
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open={open}
      first="cancel"
      title={`Delete ${waiver.name}?`}
      description="It leaves the lists and its services and categories no longer need it. Its versions and the signatures already given are kept."
      confirmLabel="Delete waiver"
      cancelLabel="Cancel"
      pending={changes.remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        changes.remove.mutate(waiver.id, {
          onSuccess: () => {
            toasts.success(MESSAGES.deletedSuccessfully);
            navigate(`/${businessId}/waivers`);
          },
          onError: (error) => toasts.error(error.message),
        })
      }
    />
  );
}

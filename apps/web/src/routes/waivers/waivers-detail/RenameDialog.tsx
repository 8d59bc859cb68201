import { MESSAGES, type Waiver, WAIVER_NAME_MAX } from '@salondesk/core';
import { useWaiverChanges } from '@salondesk/react';
import { useState } from 'react';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { TextField } from '../../../ui/TextField';

/** "Rename waiver": its new name. */
export function RenameDialog({ businessId, waiver, onClose }: { businessId: number; waiver: Waiver; onClose: () => void }) {
  const changes = useWaiverChanges(businessId);
  const [name, setName] = useState(waiver.name);
  const submit = () =>
    changes.rename.mutate(
      { waiverId: waiver.id, name },
      {
        onSuccess: () => {
          toasts.success(MESSAGES.updatedSuccessfully);
          onClose();
        },
        onError: (error) => toasts.error(error.message),
      },
    );
  return (
    <Modal
      open
      onClose={onClose}
      title="Rename waiver"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={changes.rename.isPending} disabled={name.trim() === ''}>
            Save
          </Button>
        </>
      }
    >
      <TextField label="Name" value={name} maxLength={WAIVER_NAME_MAX} onChange={(e) => setName(e.target.value)} />
    </Modal>
  );
}

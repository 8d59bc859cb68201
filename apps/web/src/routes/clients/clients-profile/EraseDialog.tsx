import { type ClientProfile, MESSAGES } from '@salondesk/core';
import { useEraseClient } from '@salondesk/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toasts } from '../../../app/toasts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { TextField } from '../../../ui/TextField';

/** "Erase … personal data?": after the client's number is typed; the tickets and their money stay, anonymised. */
export function EraseDialog({ businessId, client, onClose }: { businessId: number; client: ClientProfile; onClose: () => void }) {
  const erase = useEraseClient(businessId, client.id);
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim() === String(client.id);
  return (
    <ConfirmDialog
      first="cancel"
      title={`Erase ${client.name}’s personal data?`}
      description="Their name, phone, email, birthday, notes and tags are removed for good, and so are the names on their tickets, cards, memberships and appointments and the addresses and words of the campaign messages they were sent. The tickets and their money stay, anonymised; waivers they signed stay as signed (the business’s record of consent). This cannot be undone."
      confirmLabel="Erase personal data"
      cancelLabel="Keep the data"
      confirmDisabled={!confirmed}
      pending={erase.isPending}
      onClose={onClose}
      onConfirm={() =>
        erase.mutate(undefined, {
          onSuccess: () => {
            toasts.success(MESSAGES.clientErased);
            onClose();
            navigate(`/${businessId}/clients/${client.id}`, { replace: true });
          },
          onError: (e) => toasts.error(e.message || MESSAGES.failedToEraseClient),
        })
      }
    >
      <TextField label={`Type the client number, ${client.id}, to confirm`} inputMode="numeric" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
    </ConfirmDialog>
  );
}

import { MESSAGES, type Waiver } from '@salondesk/core';
import { useSession, useWaiverChanges } from '@salondesk/react';
import { useState } from 'react';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';

/** "Copy …": the current text becomes version 1 of a new waiver in each location of the network chosen. */
export function CopyDialog({ businessId, waiver, onClose }: { businessId: number; waiver: Waiver; onClose: () => void }) {
  const changes = useWaiverChanges(businessId);
  const session = useSession();
  const here = session.session?.businesses.find((b) => b.id === businessId);
  const targets = (session.session?.businesses ?? []).filter((b) => here && b.network_id !== null && b.network_id === here.network_id);
  const [chosen, setChosen] = useState<number[]>([]);
  const submit = () =>
    changes.copy.mutate(
      { waiverId: waiver.id, businessIds: chosen },
      {
        onSuccess: (answer) => {
          toasts.success(`${MESSAGES.waiverCopied} (${answer.copies.length})`);
          onClose();
        },
        onError: (error) => toasts.error(error.message),
      },
    );
  return (
    <Modal
      open
      onClose={onClose}
      title={`Copy ${waiver.name}`}
      description="The current text becomes version 1 of a new waiver in each location chosen (here: a copy named “Copy of …”). Assign it to that location's services there."
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={changes.copy.isPending} disabled={chosen.length === 0}>
            Copy
          </Button>
        </>
      }
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Locations</legend>
        {targets.map((b) => (
          <label key={b.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={chosen.includes(b.id)} onChange={(e) => setChosen(e.target.checked ? [...chosen, b.id] : chosen.filter((id) => id !== b.id))} />
            {b.name}
            {b.id === businessId ? ' (this location)' : ''}
          </label>
        ))}
      </fieldset>
    </Modal>
  );
}

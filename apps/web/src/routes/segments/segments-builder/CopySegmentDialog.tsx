import { isApiError, MESSAGES, type Segment } from '@salondesk/core';
import { useSegmentMutations } from '@salondesk/react';
import { useState } from 'react';
import { toasts } from '../../../app/toasts';
import { FormDialog } from '../../../ui/FormDialog';

/** "Copy …": a copy in each location chosen, its services, products and staff matched there by name. */
export function CopySegmentDialog({ businessId, segment, locations, onClose }: { businessId: number; segment: Segment; locations: { id: number; name: string }[]; onClose: () => void }) {
  const { copy } = useSegmentMutations(businessId);
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (chosen.length === 0) return setError(MESSAGES.segmentChooseLocation);
    copy.mutate(
      { segmentId: segment.id, businessIds: chosen },
      {
        onSuccess: () => {
          toasts.success(MESSAGES.segmentCopied);
          onClose();
        },
        onError: (err) => setError(isApiError(err) && err.issues[0] ? err.issues[0].message : err.message),
      },
    );
  };
  return (
    <FormDialog
      onClose={onClose}
      title={`Copy ${segment.name}`}
      description="A copy is made in each location chosen, its services, products and staff matched there by name."
      onSubmit={submit}
      submitLabel="Copy"
      pending={copy.isPending}
      error={error}
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Locations</legend>
        {locations.map((b) => (
          <label key={b.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={chosen.includes(b.id)} onChange={(e) => setChosen(e.target.checked ? [...chosen, b.id] : chosen.filter((x) => x !== b.id))} />
            {b.name}
          </label>
        ))}
      </fieldset>
    </FormDialog>
  );
}

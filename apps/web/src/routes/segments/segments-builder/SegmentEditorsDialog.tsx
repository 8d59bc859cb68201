import { MESSAGES, type Segment } from '@salondesk/core';
import { useSegmentEditorCandidates, useSegmentMutations } from '@salondesk/react';
import { useState } from 'react';
import { LoadError } from '../../../app/LoadError';
import { toasts } from '../../../app/toasts';
import { FormActions } from '../../../ui/FormActions';
import { Modal } from '../../../ui/Modal';

/** "Who may edit …": the users named as editors (those with the Customers permission edit every segment). */
export function SegmentEditorsDialog({ businessId, segment, onClose }: { businessId: number; segment: Segment; onClose: () => void }) {
  const candidates = useSegmentEditorCandidates(businessId);
  const { setEditors } = useSegmentMutations(businessId);
  const [chosen, setChosen] = useState<number[]>(segment.editors);
  const changes = (candidates.data ?? [])
    .filter((c) => chosen.includes(c.id) !== segment.editors.includes(c.id))
    .map((c) => ({ segmentId: segment.id, userId: c.id, canEdit: chosen.includes(c.id) }));
  return (
    <Modal open onClose={onClose} title={`Who may edit ${segment.name}`} description="Users with the Customers permission edit every segment; name others here.">
      {candidates.isError ? (
        <LoadError error={candidates.error} fallback={MESSAGES.failedToFetchSegments} onRetry={() => void candidates.refetch()} />
      ) : (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (changes.length === 0) return onClose();
            setEditors.mutate(changes, {
              onSuccess: () => {
                toasts.success(MESSAGES.segmentPermissionUpdated);
                onClose();
              },
              onError: (err) => toasts.error(err.message),
            });
          }}
        >
          <fieldset className="max-h-72 space-y-2 overflow-y-auto">
            <legend className="text-sm font-medium text-slate-800">Editors</legend>
            {(candidates.data ?? []).map((c) => (
              <label key={c.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={c.hasCustomer || chosen.includes(c.id)}
                  disabled={c.hasCustomer}
                  onChange={(e) => setChosen(e.target.checked ? [...chosen, c.id] : chosen.filter((x) => x !== c.id))}
                />
                {c.fullname}
                {c.hasCustomer ? <span className="text-xs text-slate-500">(Customers permission)</span> : null}
              </label>
            ))}
          </fieldset>
          <FormActions submitLabel="Save editors" pending={setEditors.isPending} onCancel={onClose} />
        </form>
      )}
    </Modal>
  );
}

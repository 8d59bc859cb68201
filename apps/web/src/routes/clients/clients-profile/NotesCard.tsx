import { CLIENT_NOTES_MAX, type ClientProfile, MESSAGES } from '@salondesk/core';
import { useUpdateClient } from '@salondesk/react';
import { useEffect, useState } from 'react';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import { TextAreaField } from '../../../ui/TextAreaField';

/** Notes about the client, with how much of the limit they use. */
export function NotesCard({ businessId, client, readOnly }: { businessId: number; client: ClientProfile; readOnly: boolean }) {
  const update = useUpdateClient(businessId, client.id);
  const [notes, setNotes] = useState(client.notes);
  useEffect(() => setNotes(client.notes), [client.notes]);
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="notes-heading">
      <h2 id="notes-heading" className="text-base font-semibold text-slate-900">
        Notes
      </h2>
      <TextAreaField
        className="mt-2"
        label="Notes about the client"
        value={notes}
        rows={4}
        maxLength={CLIENT_NOTES_MAX}
        disabled={readOnly}
        hint={`${notes.length.toLocaleString('en-US')} of ${CLIENT_NOTES_MAX.toLocaleString('en-US')} characters`}
        onChange={(e) => setNotes(e.target.value)}
      />
      {readOnly ? null : (
        <div className="mt-3 flex justify-end">
          <Button
            disabled={notes === client.notes}
            loading={update.isPending}
            onClick={() => update.mutate({ notes }, { onSuccess: () => toasts.success(MESSAGES.updatedSuccessfully), onError: (e) => toasts.error(e.message || MESSAGES.failedToUpdateBang) })}
          >
            Save notes
          </Button>
        </div>
      )}
    </section>
  );
}

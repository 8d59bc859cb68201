import { type ClientProfile, MESSAGES } from '@salondesk/core';
import { useClientTags, useSetClientTags } from '@salondesk/react';
import { toasts } from '../../../app/toasts';
import { SelectField } from '../../../ui/SelectField';
import { TagChips } from '../../../ui/TagChips';

/** The client's tags: each removable, and one more added from the business's tags. */
export function TagsCard({ businessId, client, readOnly }: { businessId: number; client: ClientProfile; readOnly: boolean }) {
  const tags = useClientTags(businessId);
  const setTags = useSetClientTags(businessId, client.id);
  const ids = client.tags.map((t) => t.id);
  const available = (tags.data ?? []).filter((t) => !ids.includes(t.id));
  const apply = (next: number[]) => setTags.mutate(next, { onError: (e) => toasts.error(e.message || MESSAGES.failedToUpdateBang) });
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="tags-heading">
      <h2 id="tags-heading" className="text-base font-semibold text-slate-900">
        Tags
      </h2>
      {client.tags.length === 0 ? <p className="mt-2 text-sm text-slate-600">No tags.</p> : null}
      <TagChips className="mt-2" tags={client.tags} onRemove={readOnly ? undefined : (t) => apply(ids.filter((id) => id !== t.id))} />
      {readOnly ? null : (
        <SelectField
          className="mt-3"
          label="Add a tag"
          value=""
          disabled={setTags.isPending || available.length === 0}
          onChange={(e) => e.target.value && apply([...ids, Number(e.target.value)])}
          options={[{ value: '', label: available.length === 0 ? 'No other tags (manage them in the client list)' : 'Choose a tag' }, ...available.map((t) => ({ value: String(t.id), label: t.name }))]}
        />
      )}
    </section>
  );
}

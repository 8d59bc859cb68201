import { MESSAGES, TAG_COLORS, TAG_NAME_MAX } from '@salondesk/core';
import { useClientTags, useTagMutations } from '@salondesk/react';
import { useState } from 'react';
import { LoadError } from '../../app/LoadError';
import { toasts } from '../../app/toasts';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Modal } from '../../ui/Modal';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';

const COLOR_NAMES: Record<string, string> = {
  '#64748b': 'Slate',
  '#ef4444': 'Red',
  '#f59e0b': 'Amber',
  '#10b981': 'Green',
  '#3b82f6': 'Blue',
  '#8b5cf6': 'Violet',
  '#ec4899': 'Pink',
};
const colorOptions = TAG_COLORS.map((c) => ({ value: c, label: COLOR_NAMES[c] ?? c }));

/**
 * The network's tags (every location of the network shares them): add one, rename or recolour
 * one, delete one (after confirmation; it comes off every client).
 */
export function TagManager({ businessId, onClose }: { businessId: number; onClose: () => void }) {
  const tags = useClientTags(businessId);
  const { create, update, remove } = useTagMutations(businessId);
  const [name, setName] = useState('');
  const [color, setColor] = useState<string>(TAG_COLORS[4]);
  const [deleting, setDeleting] = useState<{ id: number; name: string; clients: number } | null>(null);
  const fail = (error: Error) => toasts.error(error.message || MESSAGES.failedTagChange);

  return (
    <Modal open onClose={onClose} title="Tags" description="Tags are shared by every location of your network." size="wide" actions={<Button variant="secondary" onClick={onClose}>Done</Button>}>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) return;
          create.mutate({ name: name.trim(), color }, { onSuccess: () => { setName(''); toasts.success(MESSAGES.addedSuccessfully); }, onError: fail });
        }}
      >
        <TextField label="New tag" value={name} maxLength={TAG_NAME_MAX} onChange={(e) => setName(e.target.value)} />
        <SelectField label="Colour" value={color} onChange={(e) => setColor(e.target.value)} options={colorOptions} />
        <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
          Add tag
        </Button>
      </form>
      {tags.isError ? (
        <LoadError className="mt-4" error={tags.error} fallback={MESSAGES.failedToFetchTags} onRetry={() => void tags.refetch()} />
      ) : (
        <ul className="mt-4 divide-y divide-slate-100" aria-label="Tags of the network">
          {(tags.data ?? []).length === 0 && !tags.isLoading ? <li className="py-3 text-sm text-slate-600">No tags yet. Add one above.</li> : null}
          {(tags.data ?? []).map((t) => (
            <li key={t.id} className="flex flex-wrap items-end gap-2 py-2">
              <TextField
                label={`Name of ${t.name}`}
                defaultValue={t.name}
                maxLength={TAG_NAME_MAX}
                onBlur={(e) => {
                  const next = e.target.value.trim();
                  if (next && next !== t.name) update.mutate({ tagId: t.id, name: next }, { onSuccess: () => toasts.success(MESSAGES.updatedSuccessfully), onError: fail });
                }}
              />
              <SelectField
                label={`Colour of ${t.name}`}
                value={t.color}
                onChange={(e) => update.mutate({ tagId: t.id, color: e.target.value }, { onError: fail })}
                options={COLOR_NAMES[t.color] ? colorOptions : [...colorOptions, { value: t.color, label: t.color }]}
              />
              <span className="pb-2 text-sm text-slate-600">{t.clients.toLocaleString('en-US')} clients</span>
              <Button variant="danger" size="sm" onClick={() => setDeleting(t)}>
                Delete {t.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {deleting ? (
        <ConfirmDialog
          first="cancel"
          title={`Delete the tag ${deleting.name}?`}
          description={`It comes off ${deleting.clients.toLocaleString('en-US')} clients in every location of the network. This cannot be undone.`}
          confirmLabel="Delete tag"
          pending={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => { setDeleting(null); toasts.success(MESSAGES.deletedSuccessfully); }, onError: fail })}
        />
      ) : null}
    </Modal>
  );
}

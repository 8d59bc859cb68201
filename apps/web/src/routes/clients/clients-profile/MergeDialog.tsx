import { type ClientProfile, MERGE_MAX, MESSAGES } from '@salondesk/core';
import { useClientDuplicates, useClientList, useMergeClients } from '@salondesk/react';
import { useState } from 'react';
import { LoadError } from '../../../app/LoadError';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Modal } from '../../../ui/Modal';
import { TextField } from '../../../ui/TextField';

const REASON: Record<'phone' | 'email' | 'name', string> = { phone: 'same phone', email: 'same email', name: 'same name' };

/**
 * Merge duplicates into this client: the likely ones (same phone, email or name) are offered,
 * any other client of the location can be found by search. Every ticket, card, membership,
 * point and tag of the chosen ones moves here; they stay only as "merged into" records.
 */
export function MergeDialog({ businessId, client, onClose }: { businessId: number; client: ClientProfile; onClose: () => void }) {
  const duplicates = useClientDuplicates(businessId, client.id);
  const [q, setQ] = useState('');
  const search = useClientList(businessId, { q: q.trim(), page_size: 10 }, q.trim().length >= 2);
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const [confirming, setConfirming] = useState(false);
  const merge = useMergeClients(businessId, client.id);
  const toggle = (id: number, name: string) =>
    setChosen((m) => {
      const next = new Map(m);
      if (next.has(id)) next.delete(id);
      else if (next.size < MERGE_MAX) next.set(id, name);
      return next;
    });
  const found = (search.data?.rows ?? []).filter((r) => r.id !== client.id);

  return (
    <Modal
      open
      onClose={onClose}
      size="wide"
      title={`Merge duplicates into ${client.name}`}
      description="Every ticket, card, membership, loyalty point and tag of the clients you choose moves to this client. Missing contact details are filled in from them."
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={chosen.size === 0} onClick={() => setConfirming(true)}>
            Merge {chosen.size > 0 ? `${chosen.size} ` : ''}into this client
          </Button>
        </>
      }
    >
      <h3 className="text-sm font-semibold text-slate-900">Likely duplicates</h3>
      {duplicates.isError ? (
        <LoadError className="mt-2" error={duplicates.error} fallback={MESSAGES.failedToFetchClients} onRetry={() => void duplicates.refetch()} />
      ) : (duplicates.data ?? []).length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{duplicates.isLoading ? 'Looking…' : 'No client with the same phone, email or name.'}</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">
          {(duplicates.data ?? []).map((d) => (
            <li key={d.id} className="py-1">
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={chosen.has(d.id)} onChange={() => toggle(d.id, d.name)} />
                <span className="font-medium">{d.name}</span>
                <span className="text-slate-600">
                  #{d.id} · {d.phone || 'no phone'} · {d.visits} visits · {d.reasons.map((r) => REASON[r]).join(', ')}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <TextField className="mt-4" label="Find another client" type="search" placeholder="Name, phone or email" value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} />
      {found.length > 0 ? (
        <ul className="mt-1 divide-y divide-slate-100" aria-label="Clients found">
          {found.map((r) => (
            <li key={r.id} className="py-1">
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={chosen.has(r.id)} onChange={() => toggle(r.id, r.name)} />
                <span className="font-medium">{r.name}</span>
                <span className="text-slate-600">
                  #{r.id} · {r.phone || 'no phone'} · {r.visits} visits
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          first="cancel"
          tone="primary"
          title={`Merge ${chosen.size} client${chosen.size === 1 ? '' : 's'} into ${client.name}?`}
          description={`${[...chosen.values()].join(', ')} will no longer be listed; their history moves to ${client.name}. This cannot be undone.`}
          confirmLabel="Merge"
          cancelLabel="Back"
          pending={merge.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            merge.mutate([...chosen.keys()], {
              onSuccess: () => {
                toasts.success(MESSAGES.clientsMerged);
                setConfirming(false);
                onClose();
              },
              onError: (e) => toasts.error(e.message || MESSAGES.failedToMergeClients),
            })
          }
        />
      ) : null}
    </Modal>
  );
}

import { formatInstantIn, MESSAGES, type Waiver } from '@salondesk/core';
import { useWaiverChanges, useWaivers } from '@salondesk/react';
import { useState } from 'react';
import { ClientPicker } from '../../../app/ClientPicker';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import type { SearchSelectOption } from '../../../ui/SearchSelect';

/** A signing link for one client, to read and sign the current version on their own device. */
export function SigningLink({ businessId, waiver }: { businessId: number; waiver: Waiver }) {
  const changes = useWaiverChanges(businessId);
  const waivers = useWaivers(businessId);
  const [client, setClient] = useState<SearchSelectOption | null>(null);
  const link = changes.link.data;
  const url = link ? `${window.location.origin}${link.path}` : '';
  return (
    <section aria-labelledby="waiver-link" className="mt-10">
      <h2 id="waiver-link" className="text-lg font-semibold text-slate-900">
        Signing link
      </h2>
      <p className="mt-1 text-sm text-slate-600">A link for one client to read and sign version {waiver.version} on their own device. The report lists the clients who must sign.</p>
      {waivers.data && !waivers.data.waiversEnabled ? <p className="mt-2 text-sm text-amber-700">{MESSAGES.waiversDisabled}</p> : null}
      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (client) changes.link.mutate({ waiverId: waiver.id, customerId: client.id }, { onError: (error) => toasts.error(error.message) });
        }}
      >
        <ClientPicker businessId={businessId} value={client} onChange={setClient} className="w-72" />
        <Button type="submit" variant="secondary" disabled={client === null} loading={changes.link.isPending}>
          Make signing link
        </Button>
      </form>
      {link ? (
        <p className="mt-3 text-sm">
          <a className="break-all font-medium text-brand-700 hover:underline" href={url} target="_blank" rel="noreferrer">
            {url}
          </a>{' '}
          <span className="text-slate-600">(valid until {formatInstantIn(link.expires_at, 'UTC')})</span>
        </p>
      ) : null}
    </section>
  );
}

import { CAMPAIGN_CHANNEL_LABEL, createClient, createMemoryStorage, MESSAGES } from '@salondesk/core';
import { SalondeskProvider, usePublicUnsubscribe } from '@salondesk/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { getSdk } from '../../../app/sdk';
import { AuthFrame } from '../../../ui/AuthFrame';
import { Button } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';

/**
 * `/public/share/unsubscribe/{token}`: the page a campaign's unsubscribe link opens (no sign-in).
 * One click stops the location's campaign messages on that channel; the address is shown partly hidden.
 */
export function Component() {
  const [client] = useState(() => createClient({ transport: getSdk().client.transport }));
  return (
    <SalondeskProvider client={client} storage={createMemoryStorage()}>
      <Unsubscribe />
    </SalondeskProvider>
  );
}

function Unsubscribe() {
  const { token = '' } = useParams();
  const { info, unsubscribe } = usePublicUnsubscribe(token);
  if (info.isError) return <AuthFrame title={MESSAGES.linkNotValid} description="Check that the whole address was copied from the message.">
      <p className="mt-6 text-sm text-slate-600">Nothing was changed.</p>
    </AuthFrame>;
  if (!info.data) {
    return (
      <AuthFrame title="Unsubscribe">
        <div aria-busy="true" className="mt-6"><p role="status" className="sr-only">Loading</p><Skeleton className="h-24 w-full" /></div>
      </AuthFrame>
    );
  }
  const what = info.data.channel === 'email' ? 'emails' : 'text messages';
  if (info.data.unsubscribed) {
    return (
      <AuthFrame title={MESSAGES.unsubscribed} description={`${info.data.businessName} will send no more campaign ${what} to ${info.data.recipient}.`}>
        <p className="mt-6 text-sm text-slate-600">You can close this page.</p>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title={`Unsubscribe from ${info.data.businessName}`} description={`${CAMPAIGN_CHANNEL_LABEL[info.data.channel]} to ${info.data.recipient}`}>
      <p className="mt-6 text-sm text-slate-700">You will receive no more campaign {what} from {info.data.businessName}. Appointment messages are not affected.</p>
      {unsubscribe.isError ? <p role="alert" className="mt-4 text-sm text-red-700">{unsubscribe.error.message}</p> : null}
      <Button className="mt-6" block loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>Unsubscribe</Button>
    </AuthFrame>
  );
}

import { createClient, MESSAGES } from '@salondesk/core';
import { SalondeskProvider, useOnline, useSalondeskClient } from '@salondesk/react';
import { useEffect, useState } from 'react';
import { StatusBanner } from '../ui/StatusBanner';
import { RootLayout } from './RootLayout';
import { getSdk } from './sdk';
import { toasts } from './toasts';

/** Says why the reader is back on the login screen when the server ended the session. */
function SessionExpiredNotice() {
  const client = useSalondeskClient();
  useEffect(() => client.on('sessionExpired', () => void toasts.error(MESSAGES.pleaseLogIn)), [client]);
  return null;
}

/** While the browser is offline, a banner over every screen says so; the screens stay as they are. */
function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <StatusBanner title={MESSAGES.offline}>
      {MESSAGES.offlineDetail}
    </StatusBanner>
  );
}

/** Every screen but /login: the SDK providers around the route guard. Loaded on demand. */
export function Component() {
  const sdk = getSdk();
  // Every area's calls, over the sign-in client's transport (one session-expired stream).
  const [client] = useState(() => createClient({ transport: sdk.client.transport }));
  return (
    <SalondeskProvider client={client} sessionStore={sdk.sessionStore} connectivity={sdk.connectivity}>
      <SessionExpiredNotice />
      <OfflineBanner />
      <RootLayout />
    </SalondeskProvider>
  );
}

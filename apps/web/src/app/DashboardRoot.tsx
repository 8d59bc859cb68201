import { createClient, MESSAGES } from '@salondesk/core';
import { SalondeskProvider, useSalondeskClient } from '@salondesk/react';
import { useEffect, useState } from 'react';
import { RootLayout } from './RootLayout';
import { getSdk } from './sdk';
import { toasts } from './toasts';

/** Says why the reader is back on the login screen when the server ended the session. */
function SessionExpiredNotice() {
  const client = useSalondeskClient();
  useEffect(() => client.on('sessionExpired', () => void toasts.error(MESSAGES.pleaseLogIn)), [client]);
  return null;
}

/** Every screen but /login: the SDK providers around the route guard. Loaded on demand. */
export function Component() {
  const sdk = getSdk();
  // Every area's calls, over the sign-in client's transport (one session-expired stream).
  const [client] = useState(() => createClient({ transport: sdk.client.transport }));
  return (
    <SalondeskProvider client={client} sessionStore={sdk.sessionStore}>
      <SessionExpiredNotice />
      <RootLayout />
    </SalondeskProvider>
  );
}

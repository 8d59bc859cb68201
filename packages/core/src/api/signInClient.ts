import { authClient } from './auth';
import { businessesClient } from './businesses';
import { outboxClient } from './outbox';
import { createTransport, type Transport, type TransportOptions } from './transport';

/** Transport options, or a transport to share (a sign-in client and a full client over one transport). */
export type ClientOptions = TransportOptions | { transport: Transport };

export const transportOf = (options: ClientOptions): Transport => ('transport' in options ? options.transport : createTransport(options));

/**
 * Only the calls signing in needs (auth, the user's businesses, the developer outbox): what a
 * sign-in screen imports, so its bundle does not carry every area's schemas. `createClient`
 * has all of these too.
 */
export function createSignInClient(options: ClientOptions) {
  const transport = transportOf(options);
  return {
    auth: authClient(transport),
    businesses: businessesClient(transport),
    /** The developer outbox (demo mode only). */
    outbox: outboxClient(transport),
    /** Subscribe to client events (`sessionExpired`); returns the unsubscribe function. */
    on: transport.on,
    /** The raw transport, for calling an endpoint definition directly. */
    transport,
  };
}
export type SignInClient = ReturnType<typeof createSignInClient>;

import type { AnyEndpoint } from './endpoint';
import { type AnyOperation, proxyClient, proxyEndpoints } from './proxy';
import { authClient, authEndpoints } from './auth';
import { businessEndpoints, businessesClient } from './businesses';
import { outboxClient, outboxEndpoints } from './outbox';
import { scheduleClient, scheduleEndpoints } from './schedule';
import { createTransport, type Transport, type TransportOptions } from './transport';

/** Transport options, or a transport to share (a sign-in client and a full client over one transport). */
export type ClientOptions = TransportOptions | { transport: Transport };

const transportOf = (options: ClientOptions): Transport => ('transport' in options ? options.transport : createTransport(options));

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

/** The Salondesk API client: one object per area, over one transport. */
export function createClient(options: ClientOptions) {
  const transport = transportOf(options);
  return {
    ...createSignInClient({ transport }),
    schedule: scheduleClient(transport),
    /** The generic proxy request: `client.proxy.call(operation, businessId, input)`. */
    proxy: proxyClient(transport),
  };
}
export type SalondeskClient = ReturnType<typeof createClient>;

/** Every endpoint of the contract, by area. The server registers exactly these. */
export const endpoints = {
  auth: authEndpoints,
  businesses: businessEndpoints,
  outbox: outboxEndpoints,
  schedule: scheduleEndpoints,
  proxy: proxyEndpoints,
} as const;

/** Every endpoint as a flat list, for registries and the cross-business matrix test. */
export const allEndpoints: readonly AnyEndpoint[] = Object.values(endpoints).flatMap((area) => Object.values(area));

/** Every operation of the proxy request, by area. The server dispatches to exactly these. */
export const operations = {} as const satisfies Record<string, Record<string, AnyOperation>>;

/** Every proxy operation as a flat list. */
export const allOperations: readonly AnyOperation[] = Object.values(operations as Record<string, Record<string, AnyOperation>>).flatMap((area) => Object.values(area));

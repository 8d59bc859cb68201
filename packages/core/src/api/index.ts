import type { AnyEndpoint } from './endpoint';
import { type AnyOperation, proxyClient, proxyEndpoints } from './proxy';
import { authClient, authEndpoints } from './auth';
import { businessEndpoints, businessesClient } from './businesses';
import { catalogueClient, catalogueEndpoints } from './catalogue';
import { settingsClient, settingsEndpoints, settingsOperations, systemOperations } from './settings';
import { staffClient, staffEndpoints, staffOperations } from './staff';
import { createTransport, type TransportOptions } from './transport';

export type ClientOptions = TransportOptions;

/** The Salondesk API client: one object per area, over one transport. */
export function createClient(options: ClientOptions) {
  const transport = createTransport(options);
  return {
    auth: authClient(transport),
    businesses: businessesClient(transport),
    staff: staffClient(transport),
    catalogue: catalogueClient(transport),
    settings: settingsClient(transport),
    /** The generic proxy request: `client.proxy.call(operation, businessId, input)`. */
    proxy: proxyClient(transport),
    /** Subscribe to client events (`sessionExpired`); returns the unsubscribe function. */
    on: transport.on,
    /** The raw transport, for calling an endpoint definition directly. */
    transport,
  };
}
export type SalondeskClient = ReturnType<typeof createClient>;

/** Every endpoint of the contract, by area. The server registers exactly these. */
export const endpoints = {
  auth: authEndpoints,
  businesses: businessEndpoints,
  staff: staffEndpoints,
  catalogue: catalogueEndpoints,
  settings: settingsEndpoints,
  proxy: proxyEndpoints,
} as const;

/** Every endpoint as a flat list, for registries and the cross-business matrix test. */
export const allEndpoints: readonly AnyEndpoint[] = /* @__PURE__ */ Object.values(endpoints).flatMap((area) => Object.values(area));

/** Every operation of the proxy request, by area. The server dispatches to exactly these. */
export const operations = {
  staff: staffOperations,
  settings: settingsOperations,
  system: systemOperations,
} as const satisfies Record<string, Record<string, AnyOperation>>;

/** Every proxy operation as a flat list. */
export const allOperations: readonly AnyOperation[] = /* @__PURE__ */ Object.values(operations as Record<string, Record<string, AnyOperation>>).flatMap((area) => Object.values(area));

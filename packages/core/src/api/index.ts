import type { AnyEndpoint } from './endpoint';
import { type AnyOperation, proxyClient, proxyEndpoints } from './proxy';
import { authClient, authEndpoints } from './auth';
import { businessEndpoints, businessesClient } from './businesses';
import { createTransport, type TransportOptions } from './transport';
import { dashboardClient, dashboardEndpoints } from './dashboard';
import { salesClient, salesEndpoints } from './sales';
import { transactionEndpoints, transactionOperations, transactionsClient } from './transactions';

export type ClientOptions = TransportOptions;

/** The Salondesk API client: one object per area, over one transport. */
export function createClient(options: ClientOptions) {
  const transport = createTransport(options);
  return {
    auth: authClient(transport),
    businesses: businessesClient(transport),
    /** The generic proxy request: `client.proxy.call(operation, businessId, input)`. */
    proxy: proxyClient(transport),
    transactions: transactionsClient(transport),
    sales: salesClient(transport),
    dashboard: dashboardClient(transport),
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
  proxy: proxyEndpoints,
  transactions: transactionEndpoints,
  sales: salesEndpoints,
  dashboard: dashboardEndpoints,
} as const;

/** Every endpoint as a flat list, for registries and the cross-business matrix test. */
export const allEndpoints: readonly AnyEndpoint[] = Object.values(endpoints).flatMap((area) => Object.values(area));

/** Every operation of the proxy request, by area. The server dispatches to exactly these. */
export const operations = {
  transactions: transactionOperations,
} as const satisfies Record<string, Record<string, AnyOperation>>;

/** Every proxy operation as a flat list. */
export const allOperations: readonly AnyOperation[] = Object.values(operations as Record<string, Record<string, AnyOperation>>).flatMap((area) => Object.values(area));

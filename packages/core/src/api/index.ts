import type { AnyEndpoint } from './endpoint';
import { type AnyOperation, proxyClient, proxyEndpoints } from './proxy';
import { authEndpoints } from './auth';
import { businessEndpoints } from './businesses';
import { outboxEndpoints } from './outbox';
import { scheduleClient, scheduleEndpoints } from './schedule';
import { type ClientOptions, createSignInClient, transportOf } from './signInClient';

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

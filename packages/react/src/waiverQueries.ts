import type { SalondeskClient, WaiverInfoQuery, WaiverReportQuery } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/**
 * Query keys and fetchers of a location's waivers, from one factory so a key always matches what
 * it fetches. Everything sits under `waiverQueries.business(id)`: any change refreshes it all. The
 * public signing page's reads sit under `waiverQueries.signing(token)`.
 */
export const waiverQueries = {
  all: () => ['salondesk', 'waivers'] as const,
  business: (businessId: number) => [...waiverQueries.all(), businessId] as const,

  /** `waivers/get`: `waiversEnabled` and the waivers with their current version. */
  list: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...waiverQueries.business(businessId), 'list'] as const, queryFn: () => client.waivers.list(businessId) }),

  /** `waiver/{waiverId}/versions`: the version history, newest first. */
  versions: (client: SalondeskClient, businessId: number, waiverId: number) =>
    queryOptions({
      queryKey: [...waiverQueries.business(businessId), 'versions', waiverId] as const,
      queryFn: () => client.waivers.versions(businessId, waiverId),
    }),

  /** `waiver/report/get`: signed in the range, and due before upcoming appointments. */
  report: (client: SalondeskClient, businessId: number, query: WaiverReportQuery) =>
    queryOptions({
      queryKey: [...waiverQueries.business(businessId), 'report', query.start, query.end] as const,
      queryFn: () => client.waivers.report(businessId, { start: query.start, end: query.end }),
    }),

  /** `waiver/get-info`: a page of signatures. */
  info: (client: SalondeskClient, businessId: number, query: WaiverInfoQuery) => {
    const q = { start: query.start, end: query.end, page: query.page ?? 1, limit: query.limit ?? 25, ...(query.waiver_id ? { waiver_id: query.waiver_id } : {}) };
    return queryOptions({ queryKey: [...waiverQueries.business(businessId), 'info', q] as const, queryFn: () => client.waivers.info(businessId, q) });
  },

  /** `waiver/signature/{signatureId}`: one signature with the version signed. */
  signature: (client: SalondeskClient, businessId: number, signatureId: number) =>
    queryOptions({
      queryKey: [...waiverQueries.business(businessId), 'signature', signatureId] as const,
      queryFn: () => client.waivers.signature(businessId, signatureId),
    }),

  /** `waiver/customer/{customerId}/signatures`: what a client signed. */
  ofCustomer: (client: SalondeskClient, businessId: number, customerId: number) =>
    queryOptions({
      queryKey: [...waiverQueries.business(businessId), 'customer', customerId] as const,
      queryFn: () => client.waivers.signaturesOfCustomer(businessId, customerId),
    }),

  /** The public signing page (no account). */
  signing: (client: SalondeskClient, token: string) =>
    queryOptions({ queryKey: [...waiverQueries.all(), 'signing', token] as const, queryFn: () => client.waivers.signingPage(token), retry: false }),
};

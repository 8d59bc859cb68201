import type { SalondeskClient, SegmentQuery } from '@salondesk/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

/** Query keys and fetchers of a location's customer segments, under `segmentQueries.business(id)`. */
export const segmentQueries = {
  all: () => ['salondesk', 'segments'] as const,
  business: (businessId: number) => [...segmentQueries.all(), businessId] as const,

  list: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...segmentQueries.business(businessId), 'list'] as const, queryFn: () => client.segments.list(businessId) }),

  detail: (client: SalondeskClient, businessId: number, segmentId: number) =>
    queryOptions({ queryKey: [...segmentQueries.business(businessId), 'detail', segmentId] as const, queryFn: () => client.segments.get(businessId, segmentId) }),

  /** The live count of a tree being edited: keyed by the tree itself, the last count kept while the next one loads. */
  count: (client: SalondeskClient, businessId: number, input: { query_parameters: SegmentQuery; businessList?: number[]; segmentId?: number }) =>
    queryOptions({
      queryKey: [...segmentQueries.business(businessId), 'count', input] as const,
      queryFn: () => client.segments.count(businessId, input),
      placeholderData: keepPreviousData,
      staleTime: 10_000,
    }),

  /** The network's tags, for tag conditions (the clients area's `getTags`). */
  tags: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...segmentQueries.business(businessId), 'tags'] as const, queryFn: () => client.clients.getTags(businessId) }),

  editorCandidates: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...segmentQueries.business(businessId), 'editor-candidates'] as const, queryFn: () => client.segments.editorCandidates(businessId) }),
};

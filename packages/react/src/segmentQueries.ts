import { type SalondeskClient, segmentCountIsStale, type SegmentQuery } from '@salondesk/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

/** How often the list is read again while a count is being made, and how many times at most. */
const LIST_RECOUNT_POLL_MS = 3_000;
const LIST_RECOUNT_POLLS = 40;

/** Query keys and fetchers of a location's customer segments, under `segmentQueries.business(id)`. */
export const segmentQueries = {
  all: () => ['salondesk', 'segments'] as const,
  business: (businessId: number) => [...segmentQueries.all(), businessId] as const,

  /**
   * The list, with each segment's count as last counted. While a count is missing or stale the
   * server counts it again in the background, so the list is read again every few seconds until
   * every count is current (at most `LIST_RECOUNT_POLLS` times in a row).
   */
  list: (client: SalondeskClient, businessId: number, now: () => Date = () => new Date()) =>
    queryOptions({
      queryKey: [...segmentQueries.business(businessId), 'list'] as const,
      queryFn: () => client.segments.list(businessId),
      refetchInterval: (query) => {
        const stale = (query.state.data ?? []).some((s) => segmentCountIsStale(s.counted, now()));
        return stale && query.state.dataUpdateCount < LIST_RECOUNT_POLLS ? LIST_RECOUNT_POLL_MS : false;
      },
    }),

  detail: (client: SalondeskClient, businessId: number, segmentId: number) =>
    queryOptions({ queryKey: [...segmentQueries.business(businessId), 'detail', segmentId] as const, queryFn: () => client.segments.get(businessId, segmentId) }),

  /**
   * The live count of a tree being edited: keyed by the tree itself, so an answer for an earlier
   * tree is never taken for this one's; the last answer stays as placeholder data
   * (`isPlaceholderData`) while the next one loads, for the screen to show as not current.
   */
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

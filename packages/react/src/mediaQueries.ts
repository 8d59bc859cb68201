import type { SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/** Query keys and fetchers for a business's media library, from one place so a key always matches what it fetches. */
export const mediaQueries = {
  all: () => ['salondesk', 'media'] as const,
  business: (businessId: number) => [...mediaQueries.all(), businessId] as const,

  /** The library (`getallimages`): images newest first, narrowed by a tag or words in the name, and every tag. */
  library: (client: SalondeskClient, businessId: number, filter: { tag?: string; search?: string } = {}) =>
    queryOptions({
      queryKey: [...mediaQueries.business(businessId), 'library', { tag: filter.tag ?? null, search: filter.search ?? null }] as const,
      queryFn: () => client.media.list(businessId, { ...(filter.tag ? { tag: filter.tag } : {}), ...(filter.search ? { search: filter.search } : {}) }),
    }),
};

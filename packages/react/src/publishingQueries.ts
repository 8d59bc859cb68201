import type { SalondeskClient, SiteKind } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/**
 * Query keys and fetchers for a business's website and app versions, under
 * `publishingQueries.business(id)`: the versions of one kind (newest first, which is live, the
 * site's address) and one version with its build log.
 */
export const publishingQueries = {
  all: () => ['salondesk', 'publishing'] as const,
  business: (businessId: number) => [...publishingQueries.all(), businessId] as const,
  allVersions: (businessId: number) => [...publishingQueries.business(businessId), 'versions'] as const,

  versions: (client: SalondeskClient, businessId: number, kind: SiteKind) =>
    queryOptions({
      queryKey: [...publishingQueries.allVersions(businessId), kind] as const,
      queryFn: () => client.publishing.versions(businessId, kind),
    }),

  version: (client: SalondeskClient, businessId: number, versionId: number) =>
    queryOptions({
      queryKey: [...publishingQueries.business(businessId), 'version', versionId] as const,
      queryFn: () => client.publishing.version(businessId, versionId),
    }),
};

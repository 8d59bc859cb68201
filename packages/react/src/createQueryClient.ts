import { isApiError } from '@salondesk/core';
import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';

/** Retry a failed query twice, except when the server answered 4xx: asking again will not help. */
export const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
};

/** A QueryClient with Salondesk's defaults; pass a config to override them. */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false, ...config.defaultOptions?.queries },
    },
  });
}

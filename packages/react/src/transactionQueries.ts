import { type HistoryAction, operations, type PaymentProvider, type SalondeskClient, type TicketSearchQuery } from '@salondesk/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';

/**
 * Query keys and fetchers for a business's transactions, sales and dashboard, built in one place
 * so a key always matches what it fetches. Everything of one business sits under
 * `transactionQueries.business(id)`: a change to a ticket invalidates that one key.
 */
export const transactionQueries = {
  all: () => ['salondesk', 'transactions'] as const,
  business: (businessId: number) => [...transactionQueries.all(), businessId] as const,

  day: (client: SalondeskClient, businessId: number, day: string) =>
    queryOptions({
      queryKey: [...transactionQueries.business(businessId), 'day', day] as const,
      queryFn: () => client.transactions.list(businessId, day),
    }),

  /** A ticket search over a range, page after page (each page's `next` is the following page's cursor). */
  search: (client: SalondeskClient, businessId: number, query: Omit<TicketSearchQuery, 'cursor'>) =>
    infiniteQueryOptions({
      queryKey: [...transactionQueries.business(businessId), 'search', query] as const,
      queryFn: ({ pageParam }) => client.transactions.search(businessId, { ...query, cursor: pageParam }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.next ?? undefined,
    }),

  providerDay: (client: SalondeskClient, businessId: number, provider: PaymentProvider, day: string) =>
    queryOptions({
      queryKey: [...transactionQueries.business(businessId), 'provider', provider, day] as const,
      queryFn: () => client.transactions.listByProvider(businessId, provider, day),
    }),

  /** Bypass-mode tickets of a day, through the proxy request. */
  bypassDay: (client: SalondeskClient, businessId: number, day: string) =>
    queryOptions({
      queryKey: [...transactionQueries.business(businessId), 'bypass', day] as const,
      queryFn: () => client.proxy.call(operations.transactions.bypassMode, businessId, { query: { day } }),
    }),

  detail: (client: SalondeskClient, businessId: number, txId: number) =>
    queryOptions({
      queryKey: [...transactionQueries.business(businessId), 'detail', txId] as const,
      queryFn: () => client.transactions.get(businessId, txId),
    }),

  queueSummary: (client: SalondeskClient, businessId: number, start: string, end: string) =>
    queryOptions({
      queryKey: [...transactionQueries.business(businessId), 'queue-summary', { start, end }] as const,
      queryFn: () => client.transactions.queueSummary(businessId, start, end),
    }),

  loyalty: (client: SalondeskClient, businessId: number, customerId: number) =>
    queryOptions({
      queryKey: [...transactionQueries.business(businessId), 'loyalty', customerId] as const,
      queryFn: () => client.transactions.loyalty(businessId, customerId),
    }),

  history: (client: SalondeskClient, businessId: number, start: string, end: string, filters: { q?: string; action?: HistoryAction; page?: number }) =>
    queryOptions({
      queryKey: [...transactionQueries.business(businessId), 'history', { start, end, ...filters }] as const,
      queryFn: () => client.transactions.history(businessId, start, end, filters),
    }),

  salesSummary: (client: SalondeskClient, businessId: number, start: string, end: string) =>
    queryOptions({
      queryKey: [...transactionQueries.business(businessId), 'sales', { start, end }] as const,
      queryFn: () => client.sales.summary(businessId, start, end),
    }),

  aggregateSales: (client: SalondeskClient, businessId: number, start: string, end: string) =>
    queryOptions({
      // Figures of other locations too: invalidated with every transaction of the app.
      queryKey: [...transactionQueries.all(), 'aggregate', businessId, { start, end }] as const,
      queryFn: () => client.sales.aggregate(businessId, start, end),
    }),

  dashboardHome: (client: SalondeskClient, businessId: number) =>
    queryOptions({
      queryKey: [...transactionQueries.business(businessId), 'dashboard', 'home'] as const,
      queryFn: () => client.dashboard.home(businessId),
    }),

  dashboardChart: (client: SalondeskClient, businessId: number, days: number) =>
    queryOptions({
      queryKey: [...transactionQueries.business(businessId), 'dashboard', 'chart', days] as const,
      queryFn: () => client.dashboard.chart(businessId, days),
    }),
};

import type { HistoryAction, PaymentProvider, TicketSearchQuery } from '@salondesk/core';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSalondeskContext } from './SalondeskProvider';
import { transactionQueries } from './transactionQueries';

const valid = (businessId: number) => Number.isInteger(businessId) && businessId > 0;

/** The tickets of one business day. */
export function useTransactionDay(businessId: number, day: string) {
  const { client } = useSalondeskContext('useTransactionDay');
  return useQuery({ ...transactionQueries.day(client, businessId, day), enabled: valid(businessId) && day !== '', placeholderData: keepPreviousData });
}

/**
 * Tickets over a range, searched and sorted, in keyset pages: `fetchNextPage()` loads the next
 * (while `hasNextPage`); the first page carries the match count and the range's figures.
 */
export function useTicketSearch(businessId: number, query: Omit<TicketSearchQuery, 'cursor'>, enabled = true) {
  const { client } = useSalondeskContext('useTicketSearch');
  return useInfiniteQuery({ ...transactionQueries.search(client, businessId, query), enabled: enabled && valid(businessId), placeholderData: keepPreviousData });
}

/** A provider's card payments of one day. */
export function useProviderTransactions(businessId: number, provider: PaymentProvider, day: string, enabled = true) {
  const { client } = useSalondeskContext('useProviderTransactions');
  return useQuery({ ...transactionQueries.providerDay(client, businessId, provider, day), enabled: enabled && valid(businessId) });
}

/** Tickets of a day taken in bypass mode (offline card terminal). */
export function useBypassTransactions(businessId: number, day: string) {
  const { client } = useSalondeskContext('useBypassTransactions');
  return useQuery({ ...transactionQueries.bypassDay(client, businessId, day), enabled: valid(businessId) });
}

/** One ticket in full; idle while `txId` is null. */
export function useTransaction(businessId: number, txId: number | null) {
  const { client } = useSalondeskContext('useTransaction');
  return useQuery({ ...transactionQueries.detail(client, businessId, txId ?? 0), enabled: valid(businessId) && txId !== null && txId > 0 });
}

/** Ticket counts by status over a range. */
export function useQueueSummary(businessId: number, start: string, end: string) {
  const { client } = useSalondeskContext('useQueueSummary');
  return useQuery({ ...transactionQueries.queueSummary(client, businessId, start, end), enabled: valid(businessId) });
}

/** A customer's loyalty stars; idle while `customerId` is null. */
export function useLoyalty(businessId: number, customerId: number | null) {
  const { client } = useSalondeskContext('useLoyalty');
  return useQuery({ ...transactionQueries.loyalty(client, businessId, customerId ?? 0), enabled: valid(businessId) && customerId !== null });
}

/** The admin transaction history of a business. */
export function useTransactionHistory(businessId: number, start: string, end: string, filters: { q?: string; action?: HistoryAction; page?: number }, enabled = true) {
  const { client } = useSalondeskContext('useTransactionHistory');
  return useQuery({ ...transactionQueries.history(client, businessId, start, end, filters), enabled: enabled && valid(businessId), placeholderData: keepPreviousData });
}

/** The sales summary of a range. */
export function useSalesSummary(businessId: number, start: string, end: string) {
  const { client } = useSalondeskContext('useSalesSummary');
  return useQuery({ ...transactionQueries.salesSummary(client, businessId, start, end), enabled: valid(businessId), placeholderData: keepPreviousData });
}

/** Sales of every location of the network side by side. */
export function useAggregateSales(businessId: number, start: string, end: string) {
  const { client } = useSalondeskContext('useAggregateSales');
  return useQuery({ ...transactionQueries.aggregateSales(client, businessId, start, end), enabled: valid(businessId), placeholderData: keepPreviousData });
}

/** The home dashboard: compared days, queue, cards and KPIs. */
export function useDashboardHome(businessId: number) {
  const { client } = useSalondeskContext('useDashboardHome');
  return useQuery({ ...transactionQueries.dashboardHome(client, businessId), enabled: valid(businessId) });
}

/** Net sales per day for the chart. */
export function useDashboardChart(businessId: number, days = 30) {
  const { client } = useSalondeskContext('useDashboardChart');
  return useQuery({ ...transactionQueries.dashboardChart(client, businessId, days), enabled: valid(businessId) });
}

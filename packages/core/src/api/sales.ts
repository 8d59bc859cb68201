import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { day, id } from '../models/ids';
import { aggregateSales, salesSummary } from '../models/sales';
import { defineEndpoint } from './endpoint';
import type { Transport } from './transport';

/** Sales reports (spec 001 §7 `sales` with start, end; aggregate sales; spec 000 §2 daily reports `sales`, `aggregate-sales`). */
const range = z.object({ start: day, end: day });

export const salesEndpoints = {
  summary: defineEndpoint({
    name: 'sales.summary',
    method: 'GET',
    path: '/protected/business/{id}/sales',
    access: 'business',
    permission: 'reporting.transactionreport',
    params: z.object({ id }),
    query: range,
    response: salesSummary,
    errorMessage: MESSAGES.failedToFetchSalesSummary,
  }),
  /** Every location of this business's network the user may see, over the same range. */
  aggregate: defineEndpoint({
    name: 'sales.aggregate',
    method: 'GET',
    path: '/protected/business/{id}/aggregatesales',
    access: 'business',
    permission: 'reporting.transactionreport',
    params: z.object({ id }),
    query: range,
    response: aggregateSales,
    errorMessage: MESSAGES.failedToFetchAggregateSales,
  }),
} as const;

export function salesClient(transport: Transport) {
  return {
    summary: (businessId: number, start: string, end: string) => transport.request(salesEndpoints.summary, { params: { id: businessId }, query: { start, end } }),
    aggregate: (businessId: number, start: string, end: string) =>
      transport.request(salesEndpoints.aggregate, { params: { id: businessId }, query: { start, end } }),
  };
}

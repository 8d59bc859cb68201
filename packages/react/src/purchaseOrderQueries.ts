import type { PoStatus, SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';
import { inventoryQueries } from './inventoryQueries';

/**
 * Query keys and fetchers for a business's purchase orders: the PO config (`po-settings`), the
 * reorder suggestions, the list and each order, all under `purchaseOrderQueries.business(id)` so
 * any change (a new draft, a receipt) refreshes every one of them. They live under the business's
 * inventory (`inventoryQueries.business(id)`): a stock adjustment or a product's new levels, which
 * refresh the inventory, refresh the suggestions and the orders' on-hand too.
 */
export const purchaseOrderQueries = {
  business: (businessId: number) => [...inventoryQueries.business(businessId), 'purchase-orders'] as const,

  settings: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...purchaseOrderQueries.business(businessId), 'settings'] as const, queryFn: () => client.purchaseOrders.settings(businessId) }),

  suggestions: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...purchaseOrderQueries.business(businessId), 'suggestions'] as const, queryFn: () => client.purchaseOrders.suggestions(businessId) }),

  list: (client: SalondeskClient, businessId: number, status?: PoStatus) =>
    queryOptions({ queryKey: [...purchaseOrderQueries.business(businessId), 'list', { status: status ?? null }] as const, queryFn: () => client.purchaseOrders.list(businessId, status) }),

  order: (client: SalondeskClient, businessId: number, poId: number) =>
    queryOptions({ queryKey: [...purchaseOrderQueries.business(businessId), 'order', poId] as const, queryFn: () => client.purchaseOrders.get(businessId, poId) }),
};

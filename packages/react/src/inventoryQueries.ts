import type { SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/**
 * Query keys and fetchers for a business's inventory: products with on-hand (`getproducts`),
 * vendors (`vendor/get`), a product's ledger, matching products and the services of locations,
 * all under `inventoryQueries.business(id)` so a change refreshes every figure it moves.
 */
export const inventoryQueries = {
  all: () => ['salondesk', 'inventory'] as const,
  business: (businessId: number) => [...inventoryQueries.all(), businessId] as const,

  products: (client: SalondeskClient, businessId: number, retired = false) =>
    queryOptions({ queryKey: [...inventoryQueries.business(businessId), 'products', { retired }] as const, queryFn: () => client.inventory.products(businessId, { retired }) }),

  vendors: (client: SalondeskClient, businessId: number, retired = false) =>
    queryOptions({ queryKey: [...inventoryQueries.business(businessId), 'vendors', { retired }] as const, queryFn: () => client.inventory.vendors(businessId, { retired }) }),

  history: (client: SalondeskClient, businessId: number, productId: number) =>
    queryOptions({ queryKey: [...inventoryQueries.business(businessId), 'history', productId] as const, queryFn: () => client.inventory.stockHistory(businessId, productId) }),

  matching: (client: SalondeskClient, businessId: number, productId: number) =>
    queryOptions({ queryKey: [...inventoryQueries.business(businessId), 'matching', productId] as const, queryFn: () => client.inventory.matchingProducts(businessId, productId) }),

  allServices: (client: SalondeskClient, businessId: number, locations: readonly number[], hidden = false) =>
    queryOptions({
      queryKey: [...inventoryQueries.business(businessId), 'allservices', { locations: [...locations], hidden }] as const,
      queryFn: () => client.inventory.allServices(businessId, { locations: [...locations], hidden }),
    }),
};

import type { SalondeskClient } from '@salondesk/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogueQueries } from './catalogueQueries';
import { inventoryQueries } from './inventoryQueries';
import { useSalondeskContext } from './SalondeskProvider';

const valid = (id: number) => Number.isInteger(id) && id > 0;

/** Products with on-hand, par and value, in inventory order (`getproducts`). */
export function useInventoryProducts(businessId: number, options: { retired?: boolean; enabled?: boolean } = {}) {
  const { client } = useSalondeskContext('useInventoryProducts');
  return useQuery({ ...inventoryQueries.products(client, businessId, options.retired ?? false), enabled: (options.enabled ?? true) && valid(businessId) });
}

/** Vendors with their number of products (`vendor/get`). */
export function useVendors(businessId: number, options: { retired?: boolean; enabled?: boolean } = {}) {
  const { client } = useSalondeskContext('useVendors');
  return useQuery({ ...inventoryQueries.vendors(client, businessId, options.retired ?? false), enabled: (options.enabled ?? true) && valid(businessId) });
}

/** A product's stock ledger, newest first; idle without a product. */
export function useStockHistory(businessId: number, productId: number | null) {
  const { client } = useSalondeskContext('useStockHistory');
  return useQuery({ ...inventoryQueries.history(client, businessId, productId ?? 0), enabled: valid(businessId) && productId !== null && valid(productId) });
}

/** Products with the same barcode, product code or vendor item as a product. */
export function useMatchingProducts(businessId: number, productId: number | null) {
  const { client } = useSalondeskContext('useMatchingProducts');
  return useQuery({ ...inventoryQueries.matching(client, businessId, productId ?? 0), enabled: valid(businessId) && productId !== null && valid(productId) });
}

/** The services of several locations (`allservices`). */
export function useAllServices(businessId: number, locations: readonly number[], hidden = false) {
  const { client } = useSalondeskContext('useAllServices');
  return useQuery({ ...inventoryQueries.allServices(client, businessId, locations, hidden), enabled: valid(businessId) });
}

/**
 * One inventory change (an adjustment, a vendor's add, edit or retirement, a product's inventory
 * fields, a barcode), given as a call on the inventory client; on success or failure the business's
 * inventory and catalogue refetch (on-hand and value move with every change).
 */
export function useInventoryMutation<TVariables, TResult>(businessId: number, call: (inventory: SalondeskClient['inventory'], variables: TVariables) => Promise<TResult>) {
  const { client } = useSalondeskContext('useInventoryMutation');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => call(client.inventory, variables),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryQueries.business(businessId) }),
        queryClient.invalidateQueries({ queryKey: catalogueQueries.business(businessId) }),
      ]),
  });
}

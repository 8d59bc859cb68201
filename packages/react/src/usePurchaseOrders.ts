import type { PoCreate, PoReceive, PoSettingsUpdate, PoStatus, PoUpdate, PurchaseOrder } from '@salondesk/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inventoryQueries } from './inventoryQueries';
import { purchaseOrderQueries } from './purchaseOrderQueries';
import { useSalondeskContext } from './SalondeskProvider';

const valid = (id: number) => Number.isInteger(id) && id > 0;

/** The business's PO config (`inhand-x-fullquantity` until someone saves another). */
export function usePoSettings(businessId: number) {
  const { client } = useSalondeskContext('usePoSettings');
  return useQuery({ ...purchaseOrderQueries.settings(client, businessId), enabled: valid(businessId) });
}

/** What the PO config says to reorder now, by vendor. */
export function useReorderSuggestions(businessId: number) {
  const { client } = useSalondeskContext('useReorderSuggestions');
  return useQuery({ ...purchaseOrderQueries.suggestions(client, businessId), enabled: valid(businessId) });
}

/** The business's purchase orders, newest first, or those of one status. */
export function usePurchaseOrders(businessId: number, status?: PoStatus) {
  const { client } = useSalondeskContext('usePurchaseOrders');
  return useQuery({ ...purchaseOrderQueries.list(client, businessId, status), enabled: valid(businessId) });
}

/** One purchase order with its lines and receipts. */
export function usePurchaseOrder(businessId: number, poId: number) {
  const { client } = useSalondeskContext('usePurchaseOrder');
  return useQuery({ ...purchaseOrderQueries.order(client, businessId, poId), enabled: valid(businessId) && valid(poId) });
}

/** Every change of purchase orders: on success the saved order is cached and everything of the business's orders, and its stock, is refetched. */
export type PurchaseOrderChange =
  | { kind: 'add'; body: PoCreate }
  | { kind: 'update'; poId: number; body: PoUpdate }
  | { kind: 'send'; poId: number }
  | { kind: 'receive'; poId: number; body: PoReceive }
  | { kind: 'close'; poId: number };

/**
 * Adds, changes, sends, receives or closes a purchase order: `mutate({ kind: 'receive', poId, body })`.
 * A receipt adds stock, so the business's inventory (`inventoryQueries.business(id)`, under which
 * the purchase orders' own queries live) is refetched. A failure changes no cache: the caller shows the server's message.
 */
export function usePurchaseOrderChange(businessId: number) {
  const { client } = useSalondeskContext('usePurchaseOrderChange');
  const queryClient = useQueryClient();
  const po = client.purchaseOrders;
  return useMutation({
    mutationFn: (change: PurchaseOrderChange): Promise<PurchaseOrder> => {
      switch (change.kind) {
        case 'add':
          return po.add(businessId, change.body);
        case 'update':
          return po.update(businessId, change.poId, change.body);
        case 'send':
          return po.send(businessId, change.poId);
        case 'receive':
          return po.receive(businessId, change.poId, change.body);
        case 'close':
          return po.close(businessId, change.poId);
      }
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData(purchaseOrderQueries.order(client, businessId, saved.id).queryKey, saved);
      // The business's inventory, its purchase orders included (a receipt adds stock).
      await queryClient.invalidateQueries({ queryKey: inventoryQueries.business(businessId) });
    },
  });
}

/** Saves the PO config; the suggestions follow it. */
export function useUpdatePoSettings(businessId: number) {
  const { client } = useSalondeskContext('useUpdatePoSettings');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PoSettingsUpdate['settings']) => client.purchaseOrders.updateSettings(businessId, settings),
    onSuccess: async (saved) => {
      queryClient.setQueryData(purchaseOrderQueries.settings(client, businessId).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: purchaseOrderQueries.business(businessId) });
    },
  });
}

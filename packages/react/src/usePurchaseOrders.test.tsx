import { MESSAGES, type PurchaseOrder } from '@salondesk/core';
import { fail, ok } from '@salondesk/core/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { purchaseOrderQueries } from './purchaseOrderQueries';
import { fakeProvider } from './testing/fakeProvider';
import { useInventoryMutation } from './useInventory';
import { usePurchaseOrder, usePurchaseOrderChange, useReorderSuggestions } from './usePurchaseOrders';

const order = (received: number): PurchaseOrder => ({
  id: 7,
  vendor_id: 2,
  vendor_name: 'Aveda',
  status: received === 0 ? 'sent' : received < 10 ? 'partly-received' : 'received',
  note: '',
  lines: 1,
  total: 10_000,
  received_total: received * 1000,
  created_at: '2026-11-02T17:00:00.000Z',
  created_by: 'Olivia Laurent',
  sent_at: '2026-11-02T17:05:00.000Z',
  received_at: null,
  closed_at: null,
  order_lines: [{ id: 31, product_id: 9, product_name: 'Shampoo', unit: 'each', barcode: null, quantity: 10, received, unit_cost: 1000, on_hand: 2 + received }],
  receipts: [],
});
const suggestion = (quantity: number) => ({
  config: 'inhand-x-fullquantity',
  suggestions: quantity === 0 ? [] : [{ product_id: 9, product_name: 'Shampoo', category_name: 'Retail', unit: 'each', barcode: null, vendor_id: 2, vendor_name: 'Aveda', on_hand: 2, par_quantity: 4, full_quantity: 12, on_order: 0, quantity, unit_cost: 1000 }],
});

describe('purchase order hooks', () => {
  it('a receipt caches the order it gives back and refetches the suggestions', async () => {
    let received = 0;
    const { wrapper, queryClient, client } = fakeProvider({
      'GET /protected/business/3/purchaseorder/7/get': () => ok(order(received)),
      'GET /protected/business/3/reordersuggestions': () => ok(suggestion(received === 0 ? 10 : 0)),
      'POST /protected/business/3/purchaseorder/7/receive': async (request) => {
        const body = (await request.json()) as { lines: { quantity: number }[] };
        received += body.lines[0]?.quantity ?? 0;
        return ok(order(received), MESSAGES.poReceived);
      },
    });
    const { result } = renderHook(() => ({ order: usePurchaseOrder(3, 7), suggestions: useReorderSuggestions(3), change: usePurchaseOrderChange(3) }), { wrapper });
    await waitFor(() => expect(result.current.suggestions.data?.suggestions).toHaveLength(1));
    await act(() => result.current.change.mutateAsync({ kind: 'receive', poId: 7, body: { lines: [{ line_id: 31, quantity: 4 }] } }));
    expect(queryClient.getQueryData(purchaseOrderQueries.order(client, 3, 7).queryKey)?.order_lines[0]?.received).toBe(4);
    await waitFor(() => expect(result.current.suggestions.data?.suggestions).toHaveLength(0));
    expect(result.current.order.data?.status).toBe('partly-received');
  });

  it('a refused receipt changes no cache and gives the server’s reason', async () => {
    const { wrapper, queryClient, client } = fakeProvider({
      'GET /protected/business/3/purchaseorder/7/get': () => ok(order(0)),
      'POST /protected/business/3/purchaseorder/7/receive': () => fail(400, MESSAGES.poReceiptMoreThanOrdered),
    });
    const { result } = renderHook(() => ({ order: usePurchaseOrder(3, 7), change: usePurchaseOrderChange(3) }), { wrapper });
    await waitFor(() => expect(result.current.order.data).toBeTruthy());
    await act(async () => {
      await expect(result.current.change.mutateAsync({ kind: 'receive', poId: 7, body: { lines: [{ line_id: 31, quantity: 11 }] } })).rejects.toMatchObject({ message: MESSAGES.poReceiptMoreThanOrdered });
    });
    expect(queryClient.getQueryData(purchaseOrderQueries.order(client, 3, 7).queryKey)).toEqual(order(0));
  });

  it('an inventory change refreshes the suggestions (their queries live under the business’s inventory)', async () => {
    let onHand = 2;
    const { wrapper } = fakeProvider({
      'GET /protected/business/3/reordersuggestions': () => ok(suggestion(12 - onHand)),
      // The count moved meanwhile (another device), and this adjustment is refused: the inventory refetches either way.
      'POST /protected/business/3/stock/adjust': () => {
        onHand = 5;
        return fail(400, MESSAGES.stockBelowZero);
      },
    });
    const { result } = renderHook(
      () => ({ suggestions: useReorderSuggestions(3), adjust: useInventoryMutation(3, (inventory, body: { product_id: number }) => inventory.adjustStock(3, { ...body, reason: 'DAMAGED', quantity: 3 })) }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.suggestions.data?.suggestions[0]?.quantity).toBe(10));
    await act(async () => {
      await expect(result.current.adjust.mutateAsync({ product_id: 9 })).rejects.toMatchObject({ message: MESSAGES.stockBelowZero });
    });
    await waitFor(() => expect(result.current.suggestions.data?.suggestions[0]?.quantity).toBe(7));
  });
});

import { MESSAGES } from '@salondesk/core';
import { ok } from '@salondesk/core/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeProvider } from './testing/fakeProvider';
import { useInventoryMutation, useInventoryProducts } from './useInventory';

const product = (onHand: number) => ({
  id: 7, business_id: 3, category_id: 1, category_name: 'Retail', category_order: 1, name: 'Shampoo', order: 1, price: 2800, cost: 1200, productstatus: 0,
  barcode: '4006381333931', product_code: null, vendor_id: null, vendor_name: null, vendor_item: null, unit: 'each', par_quantity: 2, full_quantity: 10,
  on_hand: onHand, value: onHand * 1200, taxable: true, deleted_at: null,
});

describe('inventory hooks', () => {
  it('an adjustment refetches the products, so on-hand and value follow the ledger', async () => {
    let onHand = 10;
    const { wrapper } = fakeProvider({
      'GET /protected/business/3/getproducts': () => ok([product(onHand)]),
      'POST /protected/business/3/stock/adjust': () => {
        onHand = 8;
        return ok({
          movement: { id: 1, business_id: 3, product_id: 7, reason: 'DAMAGED', source: 'adjustment', quantity: 2, delta: -2, on_hand: 8, unit_cost: 1200, value_change: -2400, note: null, day: '2026-03-02', checkout_id: null, saleslog_id: null, purchase_order_id: null, user_id: 1, user_name: 'Olivia Laurent', created_at: '2026-03-02T18:00:00.000Z' },
          product: product(8),
        }, MESSAGES.stockAdjusted);
      },
    });
    const { result } = renderHook(() => ({ products: useInventoryProducts(3), adjust: useInventoryMutation(3, (api, v: { quantity: number }) => api.adjustStock(3, { product_id: 7, reason: 'DAMAGED', quantity: v.quantity })) }), { wrapper });
    await waitFor(() => expect(result.current.products.data?.[0]?.value).toBe(12000));
    await act(() => result.current.adjust.mutateAsync({ quantity: 2 }));
    await waitFor(() => expect(result.current.products.data?.[0]?.value).toBe(9600));
  });
});

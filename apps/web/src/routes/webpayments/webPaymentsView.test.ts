import type { Payout, PayoutGrid } from '@salondesk/core';
import { describe, expect, it } from 'vitest';
import { payoutGridRows, providerFrom, signedMoney } from './webPaymentsView';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const payout = (id: number, reconciled: boolean, manual = false): Payout => ({
  id,
  provider: 'stripe',
  providerPayoutId: `po_${id}`,
  created: '2026-03-04T14:00:00.000Z',
  created_day: '2026-03-04',
  arrival_date: '2026-03-06',
  status: 'paid',
  manual,
  gross: 10000,
  fee: 320,
  amount: reconciled ? 9680 : 9180,
  netamount: 9680,
  reconciled,
  difference: reconciled ? 0 : -500,
  message: reconciled ? null : 'Transaction amount did not match stripe payout amount',
  items: 2,
});

describe('web payment views', () => {
  it('reads only a known provider from the address', () => {
    expect(providerFrom('nmi')).toBe('nmi');
    expect(providerFrom('stripe')).toBe('stripe');
    expect(providerFrom('')).toBeUndefined();
    expect(providerFrom('paypal')).toBeUndefined();
    expect(providerFrom(null)).toBeUndefined();
  });

  it('writes a difference with its sign', () => {
    expect(signedMoney(money, 45)).toBe('+ $0.45');
    expect(signedMoney(money, -2500)).toBe('− $25.00');
    expect(signedMoney(money, 0)).toBe('$0.00');
  });

  it('makes a grid row per payout with its cells by checkout day', () => {
    const grid: PayoutGrid = {
      start: '2026-03-01',
      end: '2026-03-31',
      provider: null,
      days: ['2026-03-02'],
      rows: [
        { payout: payout(1, true), cells: [{ checkout_day: '2026-03-02', count: 2, amount: 10000 }] },
        { payout: payout(2, false, true), cells: [] },
      ],
    };
    expect(payoutGridRows(grid, (d) => d)).toEqual([
      { id: 1, label: 'po_1', detail: 'Arrives 2026-03-06', reconciled: true, amount: 9680, cells: [{ day: '2026-03-02', count: 2, amount: 10000 }] },
      { id: 2, label: 'po_2', detail: 'Manual, arrives 2026-03-06', reconciled: false, amount: 9180, cells: [] },
    ]);
  });
});

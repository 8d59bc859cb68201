import { MESSAGES } from '@salondesk/core';
import { fail, ok } from '@salondesk/core/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './createQueryClient';
import { fakeProvider } from './testing/fakeProvider';
import { useCloseShift, useDrawerLog, useShift } from './useShifts';

const figures = (closed: boolean) => ({
  starting_balance: 20_000,
  cash_sales: 5_000,
  paid_in: 0,
  paid_out: 1_250,
  tip_out: 0,
  cash_drop: 0,
  finances: -1_250,
  expected: 23_750,
  counted: closed ? 23_613 : null,
  difference: closed ? -137 : null,
  state: closed ? 'Short' : 'Open',
  hidden: false,
});
const shift = (closed: boolean) => ({
  id: 42,
  business_id: 12,
  starting_balance: 20_000,
  closing_balance: closed ? 23_613 : null,
  status: closed ? 'CLOSED' : 'OPEN',
  balanced: closed ? 'Short' : null,
  started_at: '2026-11-02T16:45:00.000Z',
  closed_at: closed ? '2026-11-03T03:00:00.000Z' : null,
  day: '2026-11-02',
  currency: 'USD',
  attributes: {
    cashier: 3,
    'cashier added at closing': [],
    'cashier removed at closing': [],
    denominations: null,
    closingdenominations: null,
    notes: null,
    cashoffset: closed ? -137 : null,
    salescash: closed ? 5_000 : null,
    cashatclosing: closed ? 23_613 : null,
    lastbalance: 20_000,
  },
  finances: [],
  staff: [{ id: 3, name: 'Ava', role: 'cashier' }],
  figures: figures(closed),
  blind_close: false,
  reopened: 0,
  updated_at: '2026-11-03T03:00:00.000Z',
});
const log = (closed: boolean) => ({
  shift_id: 42,
  status: closed ? 'CLOSED' : 'OPEN',
  hidden: false,
  entries: closed ? [{ id: '9', at: '2026-11-03T03:00:00.000Z', event: 'close', amount: null, expected: 23_750, category: null, finance_id: null, counted: 23_613, difference: -137, description: null, user_name: 'Olivia', employee_name: null }] : [],
});

describe('shift hooks', () => {
  it('a close someone else made first is refused, and the shift and its drawer log are read again, closed', async () => {
    let closedElsewhere = false;
    const { wrapper } = fakeProvider(
      {
        'GET /protected/business/12/shift/42/get': () => ok(shift(closedElsewhere)),
        'GET /protected/business/12/drawerlog/42': () => ok(log(closedElsewhere)),
        'POST /protected/business/12/shift/42/update': () => {
          closedElsewhere = true;
          return fail(409, MESSAGES.shiftAlreadyClosed);
        },
      },
      { queryClient: createQueryClient({ defaultOptions: { queries: { retry: false } } }) },
    );
    const { result } = renderHook(() => ({ shift: useShift(12, 42), log: useDrawerLog(12, 42), close: useCloseShift(12) }), { wrapper });
    await waitFor(() => expect(result.current.shift.data?.status).toBe('OPEN'));
    await act(async () => {
      await expect(result.current.close.mutateAsync({ shiftId: 42, cashatclosing: 23_613 })).rejects.toMatchObject({ status: 409, message: MESSAGES.shiftAlreadyClosed });
    });
    await waitFor(() => expect(result.current.shift.data?.figures).toMatchObject({ state: 'Short', difference: -137 }));
    await waitFor(() => expect(result.current.log.data?.entries.map((e) => e.event)).toEqual(['close']));
  });

  it('stays idle without a shift to read', () => {
    const { wrapper } = fakeProvider({});
    const { result } = renderHook(() => useShift(12, 0), { wrapper });
    expect(result.current.fetchStatus).toBe('idle');
  });
});

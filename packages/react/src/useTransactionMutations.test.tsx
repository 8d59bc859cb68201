import { MESSAGES } from '@salondesk/core';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './createQueryClient';
import { fail, ok } from '@salondesk/core/testing';
import { transactionQueries } from './transactionQueries';
import { useTransactionDay } from './useTransactionQueries';
import { useRefundTransaction, useRemoveTransaction } from './useTransactionMutations';
import { fakeProvider } from './testing/fakeProvider';

const row = (id: number, status: string) => ({
  id,
  status,
  phones: [],
  staff: 'Ava Bennett',
  staff_full_name: 'Ava Bennett',
  checkin_at: '2025-03-01T17:00:00.000Z',
  checkout_at: null,
  lines: 1,
  total: 5000,
  tipamount: 0,
  refunded: 0,
  cashamount: 5000,
  creditamount: 0,
  giftamount: 0,
  bypass: false,
});

function setup() {
  let status = 'CHECKOUT';
  return fakeProvider(
    {
      'GET /protected/business/12/transactions/2025-03-01': () => ok({ day: '2025-03-01', refunds: 0, transactions: [row(5, status)] }),
      'POST /protected/business/12/removetransaction/5': () => {
        status = 'SERVICE_NOCHECKOUT';
        return fail(500, 'should not be parsed');
      },
      'POST /protected/business/12/dashboardrefund/5': fail(409, MESSAGES.refundTooMuch),
    },
    { queryClient: createQueryClient({ defaultOptions: { queries: { retry: false } } }) },
  );
}

describe('transaction mutations', () => {
  it("invalidate the business's lists even when the caller has its own onSuccess or onError", async () => {
    const { api, client, queryClient, wrapper } = setup();
    const { result } = renderHook(() => ({ day: useTransactionDay(12, '2025-03-01'), remove: useRemoveTransaction(12) }), { wrapper });
    await waitFor(() => expect(result.current.day.data?.transactions[0]?.status).toBe('CHECKOUT'));
    let callerSaw: unknown;
    await act(async () => {
      await result.current.remove
        .mutateAsync({ txId: 5, body: { reason: 'Duplicate', note: 'x' } }, { onError: (e) => (callerSaw = e) })
        .catch(() => undefined);
    });
    // The server failed: the caller sees the error with the server's message; nothing is invalidated.
    expect(callerSaw).toMatchObject({ status: 500, message: 'should not be parsed' });
    expect(queryClient.getQueryState(transactionQueries.day(client, 12, '2025-03-01').queryKey)?.isInvalidated).toBe(false);
    expect(api.calls.filter((c) => c.startsWith('GET'))).toHaveLength(1);
  });

  it('a successful change refetches the day under the same key, whatever onSuccess the caller passes', async () => {
    const { api, wrapper } = fakeProvider({
      'GET /protected/business/12/transactions/2025-03-01': ok({ day: '2025-03-01', refunds: 0, transactions: [row(5, 'CHECKOUT')] }),
      'POST /protected/business/12/dashboardrefund/5': ok({ refund_id: 1, txId: 5, amount: 100, refunded: 100, refundable: 4900 }, MESSAGES.refundRecorded),
    });
    const { result } = renderHook(() => ({ day: useTransactionDay(12, '2025-03-01'), refund: useRefundTransaction(12) }), { wrapper });
    await waitFor(() => expect(result.current.day.isSuccess).toBe(true));
    let message: string | undefined;
    await act(async () => {
      await result.current.refund.mutateAsync(
        { txId: 5, body: { amount: 100, reason: 'Adjustment', idempotencyKey: 'abcdefgh12' } },
        { onSuccess: (answer) => (message = answer.message) },
      );
    });
    expect(message).toBe(MESSAGES.refundRecorded);
    await waitFor(() => expect(api.calls.filter((c) => c.startsWith('GET'))).toHaveLength(2));
  });
});

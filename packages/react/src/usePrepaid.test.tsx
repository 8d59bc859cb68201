import { MESSAGES } from '@salondesk/core';
import { fail, ok } from '@salondesk/core/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { prepaidQueries } from './prepaidQueries';
import { fakeProvider } from './testing/fakeProvider';
import { useCardAction, usePrepaidCard, usePrepaidSearch } from './usePrepaid';

const card = (balance: number) => ({
  id: 9,
  kind: 'giftcard',
  card_number: '6001000000004821',
  last4: '4821',
  business_id: 3,
  location: 'Luxe',
  purchaser: { name: 'Ava Carter', phone: '5551234567', email: null },
  recipient: { name: 'Ava Carter', phone: null, email: null },
  issued_on: '2026-01-02',
  expires_on: null,
  status: 'active',
  balance,
  loaded: 5000,
  last_used_on: '2026-01-02',
  ledger: [{ id: 1, kind: 'ISSUE', amount: 5000, balance: 5000, day: '2026-01-02', at: '2026-01-02T18:00:00.000Z', txId: null, reason: null, note: null, by: null }],
});

describe('prepaid hooks', () => {
  it('stays idle on an empty search box, then finds cards', async () => {
    const { wrapper, api } = fakeProvider({
      'GET /protected/business/3/prepaid/search': () => ok({ q: '4821', by: 'last4', cards: [card(5000)], more: false }),
    });
    const { result, rerender } = renderHook(({ q }) => usePrepaidSearch(3, q), { wrapper, initialProps: { q: '  ' } });
    expect(result.current.fetchStatus).toBe('idle');
    rerender({ q: '4821' });
    await waitFor(() => expect(result.current.data?.cards).toHaveLength(1));
    expect(api.calls.length).toBe(1);
  });

  it('a load replaces the cached card with the answer; a refusal changes nothing and gives the reason', async () => {
    let balance = 5000;
    const { wrapper, queryClient, client } = fakeProvider({
      'GET /protected/business/3/prepaid/giftcard/6001000000004821': () => ok(card(balance)),
      'POST /protected/business/3/prepaid/giftcard/6001000000004821/load': () => {
        balance += 2500;
        return ok(card(balance), MESSAGES.updatedSuccessfully);
      },
      'POST /protected/business/3/prepaid/giftcard/6001000000004821/adjust': () => fail(409, 'The card does not hold that much'),
    });
    const { result } = renderHook(() => ({ card: usePrepaidCard(3, 'giftcard', '6001000000004821'), action: useCardAction(3, 'giftcard', '6001000000004821') }), { wrapper });
    await waitFor(() => expect(result.current.card.data?.balance).toBe(5000));
    await act(() => result.current.action.mutateAsync({ action: 'load', body: { amount: 2500 } }));
    expect(queryClient.getQueryData(prepaidQueries.card(client, 3, 'giftcard', '6001000000004821').queryKey)?.balance).toBe(7500);
    await expect(result.current.action.mutateAsync({ action: 'adjust', body: { amount: -99999, reason: 'Correction' } })).rejects.toMatchObject({ status: 409, message: 'The card does not hold that much' });
    expect(queryClient.getQueryData(prepaidQueries.card(client, 3, 'giftcard', '6001000000004821').queryKey)?.balance).toBe(7500);
  });
});

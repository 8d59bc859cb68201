import { MESSAGES, type PayoutScheduleState } from '@salondesk/core';
import { ok } from '@salondesk/core/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeProvider } from './testing/fakeProvider';
import { useImportPayouts, usePayoutSchedule, useUpdatePayoutSchedule, useWebPayments } from './useWebPayments';
import { webPaymentQueries } from './webPaymentQueries';

const payment = (id: number, provider: 'stripe' | 'nmi', amount: number) => ({
  id,
  provider,
  kind: 'charge',
  amount,
  fee: 30,
  Invoice: String(1000 + id),
  queue_id: 1000 + id,
  customer_id: null,
  customer: 'Walk-in',
  providerTxId: `ch_${id}`,
  receipt: null,
  created_at: '2026-03-02T18:00:00.000Z',
  checkout_day: '2026-03-02',
  payout_id: null,
});

const state = (interval: 'weekly' | 'daily', next: string): PayoutScheduleState => ({
  provider: 'stripe',
  schedule: { delay_days: 2, interval, weekly_anchor: interval === 'weekly' ? 'friday' : null, monthly_anchor: null },
  next_payout_date: next,
  pays_through: null,
  timezone: 'America/Los_Angeles',
});

describe('web payment hooks', () => {
  it('asks for the range and the provider, and an import refetches what is shown', async () => {
    const asked: string[] = [];
    let stored = [payment(1, 'stripe', 5000)];
    const { wrapper } = fakeProvider({
      'GET /protected/business/3/webpayments': (request) => {
        const url = new URL(request.url);
        asked.push(url.search);
        const provider = url.searchParams.get('provider');
        const payments = stored.filter((p) => provider === null || p.provider === provider);
        return ok({ start: url.searchParams.get('start'), end: url.searchParams.get('end'), provider, payments, totals: { count: payments.length, amount: payments.reduce((s, p) => s + p.amount, 0), fee: 0 } });
      },
      'POST /protected/business/3/webpayments/import': () => {
        stored = [...stored, payment(2, 'nmi', 7000)];
        return ok({ job_id: null, payouts: 1, items: 1, payments: 1 }, MESSAGES.payoutImportQueued);
      },
    });
    const { result, rerender } = renderHook(({ provider }: { provider?: 'stripe' | 'nmi' }) => ({ list: useWebPayments(3, { start: '2026-03-01', end: '2026-03-31', provider }), importing: useImportPayouts(3) }), {
      wrapper,
      initialProps: {},
    });
    await waitFor(() => expect(result.current.list.data?.totals.amount).toBe(5000));
    expect(asked).toEqual(['?start=2026-03-01&end=2026-03-31']);
    const answer = await act(() => result.current.importing.mutateAsync({ start: '2026-03-01', end: '2026-03-31' }));
    expect(answer.message).toBe(MESSAGES.payoutImportQueued);
    await waitFor(() => expect(result.current.list.data?.totals.amount).toBe(12000));
    rerender({ provider: 'nmi' });
    await waitFor(() => expect(result.current.list.data?.payments.map((p) => p.id)).toEqual([2]));
    expect(asked.at(-1)).toBe('?start=2026-03-01&end=2026-03-31&provider=nmi');
  });

  it('keeps the schedule the provider saved, and a refused one changes nothing', async () => {
    let stored = state('daily', '2026-03-03');
    const posted: unknown[] = [];
    const { wrapper, queryClient, client } = fakeProvider({
      'GET /protected/business/3/io-request': (request) => {
        expect(new URL(request.url).searchParams.get('dest')).toBe('stripe/payoutschedule');
        return ok(stored);
      },
      'POST /protected/business/3/io-request': async (request) => {
        expect(new URL(request.url).searchParams.get('dest')).toBe('stripe/payoutschedule/update');
        const body = (await request.json()) as { schedule: PayoutScheduleState['schedule'] };
        posted.push(body);
        if (body.schedule.delay_days === 7) return { status: 400, body: { status: false, message: 'Provider refused', issues: [{ path: ['body', 'schedule', 'delay_days'], message: 'Provider refused' }] } };
        stored = state('weekly', '2026-03-06');
        return ok(stored, MESSAGES.payoutScheduleUpdated);
      },
    });
    const { result } = renderHook(() => ({ schedule: usePayoutSchedule(3), update: useUpdatePayoutSchedule(3) }), { wrapper });
    await waitFor(() => expect(result.current.schedule.data?.next_payout_date).toBe('2026-03-03'));
    await act(() => expect(result.current.update.mutateAsync({ delay_days: 7, interval: 'daily', weekly_anchor: null, monthly_anchor: null })).rejects.toMatchObject({ message: 'Provider refused' }));
    expect(queryClient.getQueryData(webPaymentQueries.schedule(client, 3).queryKey)?.next_payout_date).toBe('2026-03-03');
    await act(() => result.current.update.mutateAsync({ delay_days: 2, interval: 'weekly', weekly_anchor: 'friday', monthly_anchor: null }));
    expect(posted).toEqual([{ schedule: { delay_days: 7, interval: 'daily', weekly_anchor: null, monthly_anchor: null } }, { schedule: { delay_days: 2, interval: 'weekly', weekly_anchor: 'friday', monthly_anchor: null } }]);
    expect(queryClient.getQueryData(webPaymentQueries.schedule(client, 3).queryKey)?.next_payout_date).toBe('2026-03-06');
    expect(result.current.schedule.data?.schedule.weekly_anchor).toBe('friday');
  });
});

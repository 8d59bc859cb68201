import { billingDests, MESSAGES } from '@salondesk/core';
import { fail, ok } from '@salondesk/core/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeProvider } from './testing/fakeProvider';
import { useAddPaymentMethod, useBillingMutation, useBillingQuery } from './useBilling';

const at = { businessId: 3, uid: 7 };
const invoice = (paid: number, refunded: number, status: string) => ({
  id: 41, business_id: 3, business_name: 'Luxe', user_id: 7, subscription_id: 5, type: 'recurring', status, currency: 'USD',
  subtotal: 10_000, adjustments_total: 0, tax: 0, total: 10_000, paid, refunded, dueDate: '2026-03-01', current_billing_cycle_start: '2026-03-01',
  createdAt: '2026-03-01T08:00:00.000Z', deleted: false, past_due: false, payment_method_id: 2, comment: null, attempts: 1, next_attempt_at: null,
  installment_plan_id: null, installment_number: null, lines: [], adjustments: [], transactions: [], history: [], installment_plan: null, next_statuses: [],
});

describe('billing hooks', () => {
  it('read a dest through the dispatcher, and a change refetches it; a refusal changes nothing', async () => {
    let refunded = 0;
    const dests: string[] = [];
    const { wrapper } = fakeProvider({
      'GET /protected/business/3/billing': (request) => {
        const url = new URL(request.url);
        dests.push(`GET ${url.searchParams.get('dest')} uid=${url.searchParams.get('uid')}`);
        return ok(invoice(10_000, refunded, 'paid'));
      },
      'POST /protected/business/3/billing': async (request) => {
        const body = (await request.json()) as { amount: number };
        dests.push(`POST ${new URL(request.url).searchParams.get('dest')}`);
        if (body.amount > 10_000 - refunded) return fail(400, 'The refund is more than what is left to refund on this payment');
        refunded += body.amount;
        return ok(invoice(10_000, refunded, 'paid'));
      },
    });
    const { result } = renderHook(
      () => ({ detail: useBillingQuery(billingDests.invoice.detail, at, { params: { invoiceId: 41 } }), refund: useBillingMutation(billingDests.invoice.refund, at) }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.detail.data?.refunded).toBe(0));
    expect(dests[0]).toBe('GET invoice/41/detail/get uid=7');
    await act(() => result.current.refund.mutateAsync({ body: { invoice_id: 41, foreign_payment_id: 'ch_1', amount: 2_500 } }));
    await waitFor(() => expect(result.current.detail.data?.refunded).toBe(2_500));
    await expect(result.current.refund.mutateAsync({ body: { invoice_id: 41, foreign_payment_id: 'ch_1', amount: 9_000 } })).rejects.toMatchObject({
      status: 400,
      message: 'The refund is more than what is left to refund on this payment',
    });
    expect(result.current.detail.data?.refunded).toBe(2_500);
    expect(dests.filter((d) => d.startsWith('POST'))).toEqual(['POST invoice/refund', 'POST invoice/refund']);
  });

  it('does not ask before the signed-in user is known', async () => {
    const { wrapper, api } = fakeProvider({});
    const { result } = renderHook(() => useBillingQuery(billingDests.plan.all, null, {}), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.fetchStatus).toBe('idle');
    expect(api.calls).toEqual([]);
  });

  it('adds a card: the card goes only to the provider, Salondesk gets the confirmed intent; a declined card saves nothing', async () => {
    const salondeskBodies: string[] = [];
    const providerBodies: string[] = [];
    const { wrapper } = fakeProvider({
      'POST /protected/user/7/billing': async (request) => {
        const text = await request.text();
        salondeskBodies.push(text);
        const dest = new URL(request.url).searchParams.get('dest');
        if (dest === 'payment/create-setup-intent') return ok({ provider: 'stripe', setup_intent_id: 'seti_1', client_secret: 'seti_1_secret', publishable_key: 'pk_test_1', api_base: 'http://provider.test' });
        return ok({ id: 9, user_id: 7, name: 'Visa 4242', kind: 'card', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031, is_default: true, subscription_ids: [], createdAt: '2026-03-01T08:00:00.000Z' }, MESSAGES.successfullyAdded);
      },
    });
    const provider = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      const body = String(init?.body);
      providerBodies.push(body);
      return body.includes('4000000000000002')
        ? Response.json({ error: { message: 'Your card was declined.' } }, { status: 402 })
        : Response.json({ id: 'seti_1', status: 'succeeded', payment_method: 'pm_1' });
    }) as typeof fetch;
    const { result } = renderHook(() => useAddPaymentMethod(7, { fetch: provider }), { wrapper });
    const method = await act(() => result.current.mutateAsync({ details: { kind: 'card', number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2031 } }));
    expect(method.last4).toBe('4242');
    expect(providerBodies[0]).toContain('4242424242424242');
    expect(salondeskBodies.join('\n')).not.toContain('4242424242424242');
    expect(JSON.parse(salondeskBodies[1] ?? '{}')).toMatchObject({ setup_intent_id: 'seti_1' });
    await expect(result.current.mutateAsync({ details: { kind: 'card', number: '4000 0000 0000 0002', exp_month: 12, exp_year: 2031 } })).rejects.toMatchObject({ message: 'Your card was declined.' });
    expect(salondeskBodies).toHaveLength(3);
  });
});

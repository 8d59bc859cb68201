import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from '../errors';
import type { SetupIntentAnswer } from './billing';
import { confirmSetupIntent } from './setupIntentConfirm';

const PROVIDER = 'http://provider.test';
const setup: SetupIntentAnswer = { provider: 'stripe', setup_intent_id: 'seti_123', client_secret: 'seti_123_secret_abc', publishable_key: 'pk_test_x', api_base: `${PROVIDER}/` };
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('confirmSetupIntent', () => {
  it('sends the card to the provider with the publishable key and the client secret, and gives back the method', async () => {
    const seen: { auth: string | null; body: URLSearchParams; cookie: string | null }[] = [];
    server.use(
      http.post(`${PROVIDER}/v1/setup_intents/seti_123/confirm`, async ({ request }) => {
        seen.push({ auth: request.headers.get('authorization'), body: new URLSearchParams(await request.text()), cookie: request.headers.get('cookie') });
        return HttpResponse.json({ id: 'seti_123', object: 'setup_intent', status: 'succeeded', payment_method: 'pm_9' });
      }),
    );
    await expect(confirmSetupIntent(setup, { kind: 'card', number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2031, cvc: '123' })).resolves.toEqual({ setup_intent_id: 'seti_123', payment_method: 'pm_9' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.auth).toBe('Bearer pk_test_x');
    expect(seen[0]?.cookie).toBeNull();
    expect(seen[0]?.body.get('client_secret')).toBe('seti_123_secret_abc');
    expect(seen[0]?.body.get('payment_method_data[card][number]')).toBe('4242424242424242');
    expect(seen[0]?.body.get('payment_method_data[card][exp_year]')).toBe('2031');
  });

  it('rejects with the provider’s own message when the card is declined', async () => {
    server.use(http.post(`${PROVIDER}/v1/setup_intents/seti_123/confirm`, () => HttpResponse.json({ error: { type: 'card_error', message: 'Your card was declined.' } }, { status: 402 })));
    const error = await confirmSetupIntent(setup, { kind: 'card', number: '4000000000000002', exp_month: 1, exp_year: 31 }).catch((e: unknown) => e);
    expect(isApiError(error) && error.message).toBe('Your card was declined.');
    expect(isApiError(error) && error.status).toBe(402);
  });

  it('sends a bank account as us_bank_account and refuses an intent that did not succeed', async () => {
    let body = new URLSearchParams();
    server.use(
      http.post(`${PROVIDER}/v1/setup_intents/seti_123/confirm`, async ({ request }) => {
        body = new URLSearchParams(await request.text());
        return HttpResponse.json({ id: 'seti_123', status: 'requires_action', payment_method: null });
      }),
    );
    const error = await confirmSetupIntent(setup, { kind: 'bank_account', account_number: '000123456789', routing_number: '110000000', holder_name: 'Ana Ruiz' }).catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect(body.get('payment_method_data[type]')).toBe('us_bank_account');
    expect(body.get('payment_method_data[us_bank_account][routing_number]')).toBe('110000000');
  });
});

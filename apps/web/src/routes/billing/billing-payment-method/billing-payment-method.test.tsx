import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

const TOKEN = 'a'.repeat(43);

// Bounds for a busy machine (the first render loads the page's modules), not timings.
describe('the public add-a-payment-method page', { timeout: 20_000 }, () => {
  it('shows whose account the method goes to, with no sign-in, and a card form', async () => {
    const app = renderApp(`/payment-method/${TOKEN}`, {
      api: {
        [`GET /payment-method/${TOKEN}/get`]: ok({
          for_name: 'Olivia Laurent',
          expires_at: '2026-12-01T10:00:00.000Z',
          setup: { provider: 'stripe', setup_intent_id: 'seti_1', client_secret: 'seti_1_secret', publishable_key: 'pk_test_1', api_base: 'http://provider.test' },
        }),
      },
    });
    expect(await app.screen.findByText(/^For Olivia Laurent\./, {}, { timeout: 10_000 })).toBeTruthy();
    expect(app.screen.getByLabelText('Card number')).toBeTruthy();
    expect(app.api.calls.some((c) => c.includes('checkstatus'))).toBe(false);
  });

  it('says a used or expired link is not valid and adds nothing', async () => {
    const app = renderApp(`/payment-method/${TOKEN}`, { api: { [`GET /payment-method/${TOKEN}/get`]: fail(410, 'This link was already used or has expired: ask for a new one') } });
    expect(await app.screen.findByRole('heading', { name: 'This link is not valid' }, { timeout: 10_000 })).toBeTruthy();
    expect(app.screen.queryByLabelText('Card number')).toBeNull();
    expect(app.api.calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { businessDetail, ok, unrestrictedOwnerSession as session } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('the subscriptions part of billing', { timeout: 30_000 }, () => {
  it('says how many subscriptions the business has, by state (subscription/count)', async () => {
    const asked: string[] = [];
    const app = renderApp('/12/billing?tab=subscriptions', {
      storedSession: session,
      storedBusiness: 12,
      api: {
        'GET /protected/user/7/checkstatus': ok(session),
        'GET /protected/user/7/business/12/detail': ok(businessDetail),
        'GET /protected/business/12/billing': (request) => {
          const dest = new URL(request.url).searchParams.get('dest') ?? '';
          asked.push(dest);
          return dest === 'subscription/count' ? ok({ count: 3, by_state: { active: 2, paused: 1, alternate: 0, withdrawn: 0 } }) : ok([]);
        },
        'GET /protected/user/7/billing': ok([]),
      },
    });
    expect(await app.screen.findByText('This business has 3 subscriptions: 2 active, 1 paused.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(asked).toContain('subscription/count');
  });
});

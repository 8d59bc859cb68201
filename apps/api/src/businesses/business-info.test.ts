import { business, EPAY_PROBLEM, MESSAGES } from '@salondesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, signedIn, startTestServer, type TestClient, type TestServer } from '../test/harness';

const LA = 1;
const NY = 2;
const KTM = 4;

/** The business info of spec 001 §3 the settings screen edits: web payment provider, loyalty, payment information. */
describe('businessinfo/update', () => {
  let server: TestServer;
  let owner: TestClient & { session: { user: { id: number } } };
  beforeAll(async () => {
    server = await startTestServer();
    owner = await signedIn(server, 'owner');
  });
  afterAll(() => server.close());

  it('saves the loyalty threshold, points per dollar and payment information, and the detail reads them back', async () => {
    const info = await owner.client.businessInfo.update(NY, { loyaltyPointsThreshold: 12, pointsPerDollar: 1.5, payInfo: '  Zelle: pay@luxe-ny.example  ' });
    expect(info).toMatchObject({ loyaltyPointsThreshold: 12, pointsPerDollar: 1.5, payInfo: 'Zelle: pay@luxe-ny.example' });
    const detail = await owner.client.businesses.get(owner.session.user.id, NY);
    expect(business.parse(detail)).toEqual(detail);
    expect(detail.info).toMatchObject({ loyaltyPointsThreshold: 12, pointsPerDollar: 1.5, payInfo: 'Zelle: pay@luxe-ny.example', currency: 'USD' });
    // A change names only what changes; clearing the payment information removes it.
    const cleared = await owner.client.businessInfo.update(NY, { payInfo: null });
    expect(cleared).toMatchObject({ loyaltyPointsThreshold: 12, pointsPerDollar: 1.5 });
    expect(cleared.payInfo).toBeUndefined();
    // The loyalty card of a client reads the threshold saved here.
    expect((await owner.client.businesses.get(owner.session.user.id, LA)).info.loyaltyPointsThreshold).not.toBe(12);
  });

  it('keeps the web payment provider in the epay settings’ one column', async () => {
    const lotus = await signedIn(server, 'lotus');
    await lotus.client.epay.update(KTM, { 'epay.recurring.enabled': false, 'epay.weborder.enabled': false, 'epay.weborder.provider': null, websites: [] });
    expect((await lotus.client.businesses.get(lotus.session.user.id, KTM)).info.webpaymentProvider).toBeNull();
    expect(await lotus.client.businessInfo.update(KTM, { webpaymentProvider: 'nmi' })).toMatchObject({ webpaymentProvider: 'nmi' });
    expect((await lotus.client.epay.settings(KTM))['epay.weborder.provider']).toBe('nmi');
    await lotus.client.epay.update(KTM, { 'epay.recurring.enabled': false, 'epay.weborder.enabled': true, 'epay.weborder.provider': 'stripe', websites: [] });
    expect((await lotus.client.businesses.get(lotus.session.user.id, KTM)).info.webpaymentProvider).toBe('stripe');
    // Web orders on need a provider: it cannot be taken away here.
    const refused = await refusal(lotus.client.businessInfo.update(KTM, { webpaymentProvider: null }));
    expect(refused.status).toBe(400);
    expect(refused.issues).toEqual([{ path: ['webpaymentProvider'], message: EPAY_PROBLEM.providerNeeded }]);
    expect((await lotus.client.epay.settings(KTM))['epay.weborder.provider']).toBe('stripe');
  });

  it('refuses values out of bounds with their messages, an empty change, and users without the settings right', async () => {
    const cases = [
      [{ loyaltyPointsThreshold: 0 }, MESSAGES.loyaltyThresholdInvalid],
      [{ loyaltyPointsThreshold: 2.5 }, MESSAGES.loyaltyThresholdInvalid],
      [{ loyaltyPointsThreshold: 10_001 }, MESSAGES.loyaltyThresholdInvalid],
      [{ pointsPerDollar: -1 }, MESSAGES.pointsPerDollarInvalid],
      [{ pointsPerDollar: 1.234 }, MESSAGES.pointsPerDollarInvalid],
      [{ payInfo: 'x'.repeat(1001) }, MESSAGES.payInfoTooLong],
      [{}, MESSAGES.nothingToChange],
    ] as const;
    for (const [body, message] of cases) {
      const refused = await refusal(owner.client.businessInfo.update(LA, body));
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(refused.issues), JSON.stringify(body)).toContain(message);
    }
    const manager = await signedIn(server, 'manager');
    expect((await refusal(manager.client.businessInfo.update(LA, { pointsPerDollar: 2 }))).status).toBe(403);
    const lotus = await signedIn(server, 'lotus');
    expect((await refusal(lotus.client.businessInfo.update(LA, { pointsPerDollar: 2 }))).status).toBe(403);
  });
});

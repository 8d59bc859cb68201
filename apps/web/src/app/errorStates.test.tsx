import { MESSAGES } from '@salondesk/core';
import { act, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, ok, unrestrictedOwnerSession } from '../test/fakeApi';
import { renderApp } from '../test/renderApp';

/** The demo's restricted manager: views and manages staff and schedules, transaction reports; no settings. */
const managerSession = {
  user: {
    id: 3,
    role: 'MANAGER',
    acl: { blocks: ['operation', 'reporting'], units: { operation: ['view-staff', 'staff', 'view-service'], reporting: ['transactionreport'] } },
    fullname: 'Marco Manager',
    email: 'manager@example.test',
    username: 'manager',
  },
  businesses: [{ id: 12, network_id: 1, name: 'Luxe Los Angeles', status: 'ACTIVE', timezone: 'America/Los_Angeles' }],
};
const managerApi = {
  'GET /protected/user/3/checkstatus': ok(managerSession),
  'GET /protected/user/3/business/12/detail': ok(businessDetail),
  // The Staff screen's invitations section (none waiting): the states under test are the staff list's.
  'GET /protected/business/12/staff/invitations': ok([]),
};
const ownerApi = {
  'GET /protected/user/7/checkstatus': ok(unrestrictedOwnerSession),
  'GET /protected/user/7/business/12/detail': ok(businessDetail),
  'GET /protected/business/12/staff/invitations': ok([]),
};
const forbidden = { status: 403, body: { status: false, message: MESSAGES.noBusinessPermission } };

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('error states tell the truth', { timeout: 15_000 }, () => {
  it('the manager opening Settings by its address sees the not-authorized state in the frame, with no "Try again" and no request', async () => {
    const app = renderApp('/12/settings', { api: managerApi, storedSession: managerSession, storedBusiness: 12 });
    const heading = await app.screen.findByRole('heading', { level: 1, name: MESSAGES.notAuthorized }, { timeout: 10_000 });
    expect(heading).toBeTruthy();
    expect(app.screen.getByText(MESSAGES.pageNotAuthorized)).toBeTruthy();
    expect(app.screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(app.screen.getByRole('navigation', { name: 'Sections' })).toBeTruthy();
    expect(app.api.calls.some((c) => c.includes('bizsettings'))).toBe(false);
  });

  it('a 403 answer to a screen it may open is the not-authorized state too, asked once, never retried', async () => {
    const app = renderApp('/12/staff', { api: { ...managerApi, 'GET /protected/business/12/getemployees': forbidden }, storedSession: managerSession, storedBusiness: 12 });
    const alert = await app.screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByRole('heading', { name: MESSAGES.notAuthorized })).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(app.api.calls.filter((c) => c === 'GET /protected/business/12/getemployees')).toHaveLength(1);
  });

  it("a server that cannot be reached is named in the spec's words, with Try again", async () => {
    const app = renderApp('/12/staff', {
      api: {
        ...ownerApi,
        'GET /protected/business/12/getemployees': () => {
          throw new TypeError('Failed to fetch');
        },
      },
      storedSession: unrestrictedOwnerSession,
      storedBusiness: 12,
    });
    // Network failures are asked again twice first (a second apart, then two): wait for the answer, not a time.
    const alert = await app.screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByRole('heading').textContent).toBe(MESSAGES.serverOffline);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('offline keeps the frame and shows a banner until the connection is back', async () => {
    const connection = Object.assign(new EventTarget(), { navigator: { onLine: true } });
    const app = renderApp('/12/home', {
      api: { ...ownerApi, 'GET /protected/business/12/dashboard': ok(null) },
      storedSession: unrestrictedOwnerSession,
      storedBusiness: 12,
      connectivity: connection,
    });
    await app.screen.findByRole('navigation', { name: 'Sections' }, { timeout: 10_000 });
    expect(app.screen.queryByText(MESSAGES.offline)).toBeNull();
    act(() => void connection.dispatchEvent(new Event('offline')));
    const banner = (await app.screen.findByText(MESSAGES.offline)).closest('[role="status"]');
    expect(banner?.textContent).toBe(MESSAGES.offline + MESSAGES.offlineDetail);
    expect(app.screen.getByRole('navigation', { name: 'Sections' })).toBeTruthy();
    expect(app.screen.queryByText(MESSAGES.requestFailed)).toBeNull();
    act(() => void connection.dispatchEvent(new Event('online')));
    expect(app.screen.queryByText(MESSAGES.offline)).toBeNull();
  });
});

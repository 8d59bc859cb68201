import { MESSAGES } from '@salondesk/core';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, businessDetail, ok, ownerSession } from '../../../test/fakeApi';
import { currentPath, renderApp } from '../../../test/renderApp';

const marco = {
  user: { id: 3, role: 'MANAGER', acl: { blocks: ['operation'], units: { operation: ['view-staff'] } }, fullname: 'Marco Reyes', email: 'manager@example.test', username: 'manager' },
  disabled: false,
  created_at: '2026-01-02T10:00:00.000Z',
  last_seen_at: '2026-03-02T18:30:00.000Z',
  allBusinesses: false,
  businesses: [{ id: 12, network_id: 1, name: 'Luxe Los Angeles', status: 'ACTIVE', timezone: 'America/Los_Angeles' }],
};

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('getuser: the admin’s look-up of a user across businesses', { timeout: 20_000 }, () => {
  it('finds users as the admin types, with what they may do and where, each business a link', async () => {
    const asked: string[] = [];
    const app = renderApp('/12/admin/getuser', {
      storedSession: adminSession,
      storedBusiness: 12,
      api: {
        'GET /protected/user/1/checkstatus': ok(adminSession),
        'GET /protected/user/1/business/12/detail': ok(businessDetail),
        'GET /protected/admin/getuser': (request) => {
          const q = new URL(request.url).searchParams.get('q') ?? '';
          asked.push(q);
          return ok(q === 'marco' ? [marco] : []);
        },
      },
    });
    const search = await app.screen.findByRole('searchbox', { name: 'Name, username, email or id' }, { timeout: 10_000 });
    await app.user.type(search, 'm');
    // One letter is not a search yet: nothing is asked.
    expect(await app.screen.findByText(MESSAGES.userSearchTooShort)).toBeTruthy();
    await app.user.type(search, 'arco');
    const found = within(await app.screen.findByRole('listitem', { name: 'Marco Reyes' }));
    expect(asked).toEqual(['marco']);
    expect(found.getByText('Manager · #3')).toBeTruthy();
    expect(found.getByText('View staff')).toBeTruthy();
    expect(found.getByRole('link', { name: 'Luxe Los Angeles' }).getAttribute('href')).toBe('/12/home');
    expect(currentPath(app.router)).toBe('/12/admin/getuser?q=marco');

    await app.user.clear(search);
    await app.user.type(search, 'nobody');
    expect(await app.screen.findByRole('heading', { name: 'No user matches' })).toBeTruthy();
  });

  it('is in the admin’s navigation, and refused to anyone else', async () => {
    const admin = renderApp('/12/home', {
      storedSession: adminSession,
      storedBusiness: 12,
      api: { 'GET /protected/user/1/checkstatus': ok(adminSession), 'GET /protected/user/1/business/12/detail': ok(businessDetail) },
    });
    await admin.user.click((await admin.screen.findAllByRole('link', { name: 'Find a user' }, { timeout: 10_000 }))[0]!);
    await waitFor(() => expect(currentPath(admin.router)).toBe('/12/admin/getuser'));
    admin.unmount();

    const owner = renderApp('/12/admin/getuser', {
      storedSession: ownerSession,
      storedBusiness: 12,
      api: { 'GET /protected/user/7/checkstatus': ok(ownerSession), 'GET /protected/user/7/business/12/detail': ok(businessDetail) },
    });
    expect(await owner.screen.findByRole('heading', { level: 1, name: MESSAGES.adminOnly }, { timeout: 10_000 })).toBeTruthy();
    expect(owner.screen.queryByRole('link', { name: 'Find a user' })).toBeNull();
    expect(owner.api.calls.some((c) => c.includes('getuser'))).toBe(false);
  });
});

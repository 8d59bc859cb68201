import { MESSAGES } from '@salondesk/core';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessQueries } from './businessQueries';
import { adminSession, businessDetail, fail, ok, ownerSession } from '@salondesk/core/testing';
import { useAdminBusinesses } from './useAdminBusinesses';
import { useBusiness } from './useBusiness';
import { useSession } from './useSession';
import { fakeProvider } from './testing/fakeProvider';

describe('useBusiness', () => {
  it('waits for a session, then fetches under the key its factory names', async () => {
    const { api, client, queryClient, wrapper } = fakeProvider({
      'POST /login': ok(ownerSession),
      'GET /protected/user/7/business/12/detail': ok(businessDetail),
    });
    const { result } = renderHook(() => ({ session: useSession(), business: useBusiness(12) }), { wrapper });
    expect(result.current.business.fetchStatus).toBe('idle');
    expect(api.calls).toEqual([]);

    await act(() => result.current.session.login({ username: 'owner', password: 'secret' }));
    await waitFor(() => expect(result.current.business.isSuccess).toBe(true));
    expect(result.current.business.data?.name).toBe('Luxe Los Angeles');
    expect(queryClient.getQueryData(businessQueries.detail(client, 7, 12).queryKey)).toEqual(result.current.business.data);
  });

  it('reports the ApiError with the catalogue message and does not retry a 4xx', async () => {
    const { api, wrapper } = fakeProvider({
      'POST /login': ok(ownerSession),
      'GET /protected/user/7/business/12/detail': { status: 403, body: { status: false } },
    });
    const { result } = renderHook(() => ({ session: useSession(), business: useBusiness(12) }), { wrapper });
    await act(() => result.current.session.login({ username: 'owner', password: 'secret' }));
    await waitFor(() => expect(result.current.business.isError).toBe(true));
    expect(result.current.business.error?.message).toBe(MESSAGES.failedToFetchBusinessData);
    expect(api.calls.filter((c) => c.includes('/detail'))).toHaveLength(1);
  });
});

describe('useAdminBusinesses', () => {
  const list = [{ id: 12, network_id: 1, name: 'Luxe Los Angeles', status: 'ACTIVE', timezone: 'America/Los_Angeles' }];

  it('is never fetched for a user who is not an admin', async () => {
    const { api, wrapper } = fakeProvider({ 'POST /login': ok(ownerSession), 'GET /protected/admin/businesses': ok(list) });
    const { result } = renderHook(() => ({ session: useSession(), list: useAdminBusinesses() }), { wrapper });
    await act(() => result.current.session.login({ username: 'owner', password: 'secret' }));
    expect(result.current.list.fetchStatus).toBe('idle');
    expect(api.calls).toEqual(['POST /login']);
  });

  it('lists every business for an admin', async () => {
    const { wrapper } = fakeProvider({ 'POST /login': ok(adminSession), 'GET /protected/admin/businesses': ok(list) });
    const { result } = renderHook(() => ({ session: useSession(), list: useAdminBusinesses() }), { wrapper });
    await act(() => result.current.session.login({ username: 'admin', password: 'secret' }));
    await waitFor(() => expect(result.current.list.data).toHaveLength(1));
  });

  it('an expired session signs the admin out', async () => {
    const { wrapper } = fakeProvider({ 'POST /login': ok(adminSession), 'GET /protected/admin/businesses': fail(401, MESSAGES.pleaseLogIn) });
    const { result } = renderHook(() => ({ session: useSession(), list: useAdminBusinesses() }), { wrapper });
    await act(() => result.current.session.login({ username: 'admin', password: 'secret' }));
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    expect(result.current.session.signOutReason).toBe('expired');
  });
});

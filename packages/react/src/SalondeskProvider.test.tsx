import { createClient, createMemoryStorage, MESSAGES, SESSION_STORAGE_KEYS } from '@salondesk/core';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { businessQueries } from './businessQueries';
import { createQueryClient } from './createQueryClient';
import { SalondeskProvider } from './SalondeskProvider';
import { fail, fakeApi, ok, ownerSession, type Routes } from '@salondesk/core/testing';
import { useSalondeskClient } from './useSalondeskClient';
import { useSession } from './useSession';

function setup(routes: Routes, stored: Record<string, string> = {}) {
  const api = fakeApi(routes);
  const client = createClient({ baseURL: 'http://api.test', fetch: api.fetch });
  const queryClient = createQueryClient();
  const storage = createMemoryStorage(stored);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SalondeskProvider client={client} queryClient={queryClient} storage={storage}>
      {children}
    </SalondeskProvider>
  );
  return { api, client, queryClient, storage, wrapper };
}

describe('SalondeskProvider', () => {
  it('throws a clear error when a hook is used outside it', () => {
    expect(() => renderHook(() => useSalondeskClient())).toThrow('useSalondeskClient must be used inside <SalondeskProvider>');
    expect(() => renderHook(() => useSession())).toThrow('useSession must be used inside <SalondeskProvider>');
  });

  it('gives the client it was given', () => {
    const { client, wrapper } = setup({});
    const { result } = renderHook(() => useSalondeskClient(), { wrapper });
    expect(result.current).toBe(client);
  });
});

describe('useSession', () => {
  it('signs in and re-renders with the session', async () => {
    const { wrapper } = setup({ 'POST /login': ok(ownerSession, MESSAGES.loggedIn) });
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current.session).toBeNull();
    await act(() => result.current.login({ username: 'owner', password: 'secret' }));
    expect(result.current.status).toBe('signedIn');
    expect(result.current.session?.user.fullname).toBe('Olivia Owner');
    expect(result.current.businessId).toBe(12);
  });

  it('logout clears the stored user, business and selection and the query cache', async () => {
    const { wrapper, queryClient, storage, client } = setup({ 'POST /login': ok(ownerSession), 'GET /logout': ok({ loggedOut: true }) });
    const { result } = renderHook(() => useSession(), { wrapper });
    await act(() => result.current.login({ username: 'owner', password: 'secret' }));
    act(() => result.current.setSelection({ day: '2025-01-01' }));
    queryClient.setQueryData(businessQueries.adminList(client).queryKey, []);
    expect(Object.keys(storage.dump())).toHaveLength(3);

    await act(() => result.current.logout());
    expect(result.current).toMatchObject({ status: 'signedOut', session: null, signOutReason: 'logout' });
    expect(storage.dump()).toEqual({});
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('restore() signs out when the server says "Please log in to continue."', async () => {
    const { wrapper, storage } = setup(
      { 'GET /protected/user/7/checkstatus': fail(401, MESSAGES.pleaseLogIn) },
      { [SESSION_STORAGE_KEYS.user]: JSON.stringify(ownerSession), [SESSION_STORAGE_KEYS.business]: '12' },
    );
    const { result } = renderHook(() => useSession(), { wrapper });
    act(() => void result.current.restore());
    expect(result.current.status).toBe('restoring');
    await waitFor(() => expect(result.current.status).toBe('signedOut'));
    expect(result.current.signOutReason).toBe('expired');
    expect(storage.dump()).toEqual({});
  });

  it('restore() keeps a verified stored user signed in', async () => {
    const { wrapper, api } = setup(
      { 'GET /protected/user/7/checkstatus': ok(ownerSession) },
      { [SESSION_STORAGE_KEYS.user]: JSON.stringify(ownerSession), [SESSION_STORAGE_KEYS.business]: '13' },
    );
    const { result } = renderHook(() => useSession(), { wrapper });
    await act(() => result.current.restore());
    expect(result.current).toMatchObject({ status: 'signedIn', businessId: 13 });
    expect(api.calls).toEqual(['GET /protected/user/7/checkstatus']);
  });
});

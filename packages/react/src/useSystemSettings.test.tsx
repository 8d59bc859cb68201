import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, ok, ownerSession } from '@salondesk/core/testing';
import { useSession } from './useSession';
import { useSystemSettings, useUpdateSystemSetting } from './useSystemSettings';
import { fakeProvider } from './testing/fakeProvider';

function setup(session: unknown) {
  let stored: { key: string; value: unknown; updated_at: string }[] = [{ key: 'default-dashboard-cards', value: ['sales'], updated_at: '2026-01-01T00:00:00.000Z' }];
  const bodies: unknown[] = [];
  const { api, wrapper } = fakeProvider({
    'POST /login': ok(session),
    'GET /protected/business/12/io-request': () => ok(stored),
    'POST /protected/business/12/io-request': async (request) => {
      const body = (await request.json()) as { value: unknown };
      bodies.push({ dest: new URL(request.url).searchParams.get('dest'), body });
      const saved = { key: 'refresh', value: body.value, updated_at: '2026-01-02T00:00:00.000Z' };
      stored = [...stored, saved];
      return ok(saved);
    },
  });
  const hook = renderHook(() => ({ session: useSession(), list: useSystemSettings(12), update: useUpdateSystemSetting(12) }), { wrapper });
  return { api, bodies, ...hook };
}

describe('system settings hooks', () => {
  it('list for an admin, and refetch after a save through the proxy request', async () => {
    const { result, bodies, api } = setup(adminSession);
    await act(() => result.current.session.login({ username: 'a', password: 'p' }));
    await waitFor(() => expect(result.current.list.data?.map((s) => s.key)).toEqual(['default-dashboard-cards']));
    await act(() => result.current.update.mutateAsync({ key: 'refresh', value: { seconds: 60 } }));
    expect(bodies).toEqual([{ dest: 'systemsettings/refresh/update', body: { value: { seconds: 60 } } }]);
    await waitFor(() => expect(result.current.list.data?.map((s) => s.key)).toEqual(['default-dashboard-cards', 'refresh']));
    expect(api.calls.filter((c) => c === 'GET /protected/business/12/io-request')).toHaveLength(2);
  });

  it('never fetch for someone who is not an admin', async () => {
    const { result, api } = setup(ownerSession);
    await act(() => result.current.session.login({ username: 'o', password: 'p' }));
    await new Promise((r) => setTimeout(r, 30));
    expect(result.current.list.fetchStatus).toBe('idle');
    expect(api.calls.filter((c) => c.includes('io-request'))).toEqual([]);
  });
});

import { ownerSession, ok } from '@salondesk/core/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeProvider } from './testing/fakeProvider';
import { useSession } from './useSession';
import { useTableSettings } from './useTableSettings';

/** A server that keeps one user's settings by business and table, as the API does. */
function server() {
  const store = new Map<string, { id: number; name: string; title: string; configuration: unknown; updated_at: string }>();
  const bodies: unknown[] = [];
  const routes = {
    'POST /login': ok(ownerSession),
    'GET /protected/business/12/tablesettings/sales-by-staff/get': () => ok(store.get('12/sales-by-staff') ?? null),
    'POST /protected/business/12/tablesettings/sales-by-staff/update': async (request: Request) => {
      const body = (await request.json()) as { settings: { title: string; configuration: unknown; id?: number | null } };
      bodies.push(body);
      const saved = { id: store.get('12/sales-by-staff')?.id ?? 7, name: 'sales-by-staff', title: body.settings.title, configuration: body.settings.configuration, updated_at: '2026-03-02T10:00:00.000Z' };
      store.set('12/sales-by-staff', saved);
      return ok(saved);
    },
  };
  return { routes, bodies, store };
}

const device = (routes: ReturnType<typeof server>['routes'], delay = 20) => {
  const { wrapper, api } = fakeProvider(routes);
  const hook = renderHook(() => ({ session: useSession(), table: useTableSettings(12, 'sales-by-staff', { title: 'By staff', delay }) }), { wrapper });
  return { ...hook, api };
};

describe('useTableSettings', () => {
  it('shows a change at once, saves the last of several after a pause, and another device loads it', async () => {
    const { routes, bodies } = server();
    const first = device(routes);
    await act(() => first.result.current.session.login({ username: 'o', password: 'p' }));
    await waitFor(() => expect(first.result.current.table.isLoading).toBe(false));
    expect(first.result.current.table.settings).toEqual({});

    act(() => first.result.current.table.onSettingsChange({ sorting: [{ id: 'total', desc: true }] }));
    act(() => first.result.current.table.onSettingsChange({ sorting: [{ id: 'total', desc: false }], columnVisibility: { quantity: false } }));
    expect(first.result.current.table.settings).toEqual({ sorting: [{ id: 'total', desc: false }], columnVisibility: { quantity: false } });
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ settings: { title: 'By staff', configuration: { sorting: [{ id: 'total', desc: false }], columnVisibility: { quantity: false } }, id: null } });

    // The next save names the record it changes.
    act(() => first.result.current.table.onSettingsChange({ columnOrder: ['total'] }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ settings: { id: 7, configuration: { columnOrder: ['total'] } } });
    first.unmount();

    const second = device(routes);
    await act(() => second.result.current.session.login({ username: 'o', password: 'p' }));
    await waitFor(() => expect(second.result.current.table.settings).toEqual({ columnOrder: ['total'] }));
  });

  it('saves a waiting change when the table goes away before the pause ends', async () => {
    const { routes, bodies, store } = server();
    const view = device(routes, 60_000);
    await act(() => view.result.current.session.login({ username: 'o', password: 'p' }));
    await waitFor(() => expect(view.result.current.table.isLoading).toBe(false));
    act(() => view.result.current.table.onSettingsChange({ columnSizing: { name: 240 } }));
    expect(bodies).toHaveLength(0);
    view.unmount();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(store.get('12/sales-by-staff')?.configuration).toEqual({ columnSizing: { name: 240 } });
  });

  it('reads only the well-formed parts of what was saved', async () => {
    const { routes, store } = server();
    store.set('12/sales-by-staff', { id: 3, name: 'sales-by-staff', title: 'x', configuration: { sorting: 'bad', columnOrder: ['a'] }, updated_at: '2026-03-02T10:00:00.000Z' });
    const view = device(routes);
    await act(() => view.result.current.session.login({ username: 'o', password: 'p' }));
    await waitFor(() => expect(view.result.current.table.settings).toEqual({ columnOrder: ['a'] }));
  });
});

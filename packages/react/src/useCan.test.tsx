import { createClient, createMemoryStorage } from '@salondesk/core';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { SalondeskProvider } from './SalondeskProvider';
import { adminSession, fakeApi, ok, ownerSession } from '@salondesk/core/testing';
import { useCan } from './useCan';
import { useSession } from './useSession';

const manager = {
  ...ownerSession,
  user: {
    ...ownerSession.user,
    role: 'MANAGER',
    acl: { blocks: ['operation'], units: { operation: ['staff'] }, restrictions: [], multiLocation: false, custom: [] },
  },
};

function render(session: unknown) {
  const api = fakeApi({ 'POST /login': ok(session), 'GET /logout': ok({ loggedOut: true }) });
  const client = createClient({ baseURL: 'http://api.test', fetch: api.fetch });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SalondeskProvider client={client} storage={createMemoryStorage()}>
      {children}
    </SalondeskProvider>
  );
  return renderHook(
    () => ({ session: useSession(), staff: useCan('operation.staff'), viewStaff: useCan('operation.view-staff'), settings: useCan('setting.editsetting') }),
    { wrapper },
  );
}

describe('useCan', () => {
  it("follows the signed-in user's acl, and says no once signed out", async () => {
    const { result } = render(manager);
    expect(result.current).toMatchObject({ staff: false, viewStaff: false, settings: false });
    await act(() => result.current.session.login({ username: 'm', password: 'p' }));
    expect(result.current).toMatchObject({ staff: true, viewStaff: true, settings: false });
    await act(() => result.current.session.logout());
    expect(result.current).toMatchObject({ staff: false, viewStaff: false, settings: false });
  });

  it('lets an admin do everything', async () => {
    const { result } = render(adminSession);
    await act(() => result.current.session.login({ username: 'a', password: 'p' }));
    expect(result.current).toMatchObject({ staff: true, viewStaff: true, settings: true });
  });
});

import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, ok, ownerSession } from '@salondesk/core/testing';
import { useCan } from './useCan';
import { useSession } from './useSession';
import { fakeProvider } from './testing/fakeProvider';

const manager = {
  ...ownerSession,
  user: {
    ...ownerSession.user,
    role: 'MANAGER',
    acl: { blocks: ['operation'], units: { operation: ['staff'] }, restrictions: [], multiLocation: false, custom: [] },
  },
};

function render(session: unknown) {
  const { wrapper } = fakeProvider({ 'POST /login': ok(session), 'GET /logout': ok({ loggedOut: true }) });
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

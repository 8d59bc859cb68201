import type { Session } from '@salondesk/core';
import { describe, expect, it } from 'vitest';
import { afterLoginPath, guardDecision, safeNext } from './guard';

const owner = {
  user: { id: 7, role: 'OWNER', acl: { blocks: [], units: {}, restrictions: [], multiLocation: false, custom: [] }, fullname: 'O', email: 'o@x', username: 'o' },
  businesses: [{ id: 12, network_id: 1, name: 'A', status: 'ACTIVE', timezone: 'UTC' }],
} satisfies Session;
const admin = { ...owner, user: { ...owner.user, role: 'ADMIN' }, businesses: [] } satisfies Session;
const signedIn = { status: 'signedIn', session: owner, signOutReason: 'none' } as const;
const signedOut = { status: 'signedOut', session: null, signOutReason: 'none' } as const;

describe('guardDecision', () => {
  it('public paths skip authentication altogether', () => {
    expect(guardDecision({ pathname: '/public/share/abc', status: 'idle', session: null, signOutReason: 'none' })).toEqual({ kind: 'render' });
  });

  it('waits while the stored session is verified', () => {
    expect(guardDecision({ pathname: '/12/home', status: 'restoring', session: owner, signOutReason: 'none' })).toEqual({ kind: 'wait' });
  });

  it('sends a signed-out reader to /login with the path to come back to', () => {
    expect(guardDecision({ pathname: '/12/home', search: '?tab=a', ...signedOut })).toEqual({ kind: 'redirect', to: '/login?next=%2F12%2Fhome%3Ftab%3Da' });
  });

  it('after an explicit logout, goes to /login without a way back', () => {
    expect(guardDecision({ pathname: '/12/home', ...signedOut, signOutReason: 'logout' })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it("opens the user's own business and refuses another one", () => {
    expect(guardDecision({ pathname: '/12/home', ...signedIn })).toEqual({ kind: 'render' });
    expect(guardDecision({ pathname: '/99/home', ...signedIn })).toEqual({ kind: 'noPermission', businessId: 99 });
  });

  it('lets an admin open any business', () => {
    expect(guardDecision({ pathname: '/99/home', status: 'signedIn', session: admin, signOutReason: 'none' })).toEqual({ kind: 'render' });
  });

  it('skips the business check on paths with a bypass word, but still needs a session', () => {
    expect(guardDecision({ pathname: '/99/payment-method', ...signedIn })).toEqual({ kind: 'render' });
    expect(guardDecision({ pathname: '/99/payment-method', ...signedOut }).kind).toBe('redirect');
    expect(guardDecision({ pathname: '/not-authorized', ...signedOut })).toEqual({ kind: 'render' });
  });
});

describe('after login', () => {
  it('goes back to a requested dashboard path, never elsewhere', () => {
    expect(safeNext('/13/home')).toBe('/13/home');
    for (const bad of ['//evil.test', 'https://evil.test', '/\\evil.test', '/login?next=/x', null, '']) expect(safeNext(bad)).toBeNull();
  });

  it("else opens the first business's home, or the first of the platform for an admin", () => {
    expect(afterLoginPath(owner, null)).toBe('/12/home');
    expect(afterLoginPath(owner, '/12/staff')).toBe('/12/staff');
    expect(afterLoginPath(admin, null, 40)).toBe('/40/home');
    expect(afterLoginPath(admin, null, null)).toBe('/not-authorized');
  });
});

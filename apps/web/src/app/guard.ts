import {
  businessIdFromPath,
  businessPath,
  isAdmin,
  pathCheck,
  type Session,
  type SessionStatus,
  type SignOutReason,
} from '@salondesk/core';

/**
 * The dashboard's own screens that anyone may open, signed in or not. Each holds a bypass word
 * (spec 000 §2), so they also skip the business check.
 */
export const OPEN_SCREENS = ['/login', '/error', '/not-authorized'] as const;

export type GuardDecision =
  /** Show the screen. */
  | { kind: 'render' }
  /** The stored session is being verified: show a spinner. */
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string }
  /** The path names a business the user may not open: the No Business Permission modal. */
  | { kind: 'noPermission'; businessId: number };

export interface GuardInput {
  pathname: string;
  search?: string;
  status: SessionStatus;
  session: Session | null;
  signOutReason: SignOutReason;
}

/** The login screen that brings the reader back to `pathname` once signed in. */
export const loginPath = (next?: string): string => (next && next !== '/' ? `/login?next=${encodeURIComponent(next)}` : '/login');

/**
 * What the route guard does for a path (spec 000 §2, §4): public paths skip authentication;
 * bypass words skip the business check; everything else needs a session, and a business path
 * needs a business the user may open (admins may open any).
 */
export function guardDecision({ pathname, search = '', status, session, signOutReason }: GuardInput): GuardDecision {
  const check = pathCheck(pathname);
  if (check === 'public') return { kind: 'render' };
  if (OPEN_SCREENS.some((screen) => pathname === screen || pathname === `${screen}/`)) return { kind: 'render' };
  if (status === 'idle' || status === 'restoring') return { kind: 'wait' };
  if (session === null) return { kind: 'redirect', to: signOutReason === 'logout' ? '/login' : loginPath(pathname + search) };
  if (check !== 'business') return { kind: 'render' };
  const businessId = businessIdFromPath(pathname) as number;
  if (isAdmin(session.user) || session.businesses.some((b) => b.id === businessId)) return { kind: 'render' };
  return { kind: 'noPermission', businessId };
}

/**
 * Where a `?next=` may send the reader: only a path of this dashboard (never another origin,
 * never back to the login screen).
 */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/login/')) return null;
  return next;
}

/** Where to go after signing in: the requested path, else the home of the first business. */
export function afterLoginPath(session: Session, next: string | null, firstAdminBusinessId?: number | null): string {
  const target = safeNext(next);
  if (target) return target;
  const first = session.businesses[0]?.id ?? firstAdminBusinessId ?? null;
  return first === null ? '/not-authorized' : businessPath(first, 'home');
}

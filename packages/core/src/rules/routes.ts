/**
 * Dashboard route rules (spec 000 §2): business-scoped paths start with `/{businessId}/`; paths
 * containing a bypass word skip the business check; public paths skip authentication
 * initialisation.
 */

/** Words that, anywhere in a path, bypass the business check. */
export const BYPASS_WORDS = ['login', 'error', 'not-authorized', 'adminpreview', 'payment-method', 'getuser'] as const;

/** Markers of public paths, which skip authentication initialisation. */
export const PUBLIC_PATH_MARKERS = ['/public/share', 'register-user'] as const;

/**
 * The dashboard page an invitation link opens (a public path: `register-user`):
 * `registerUserPath(2, token)` → `/register-user/2/{token}`.
 */
export const registerUserPath = (businessId: number, token: string): string => `/register-user/${businessId}/${encodeURIComponent(token)}`;

/** True when the path contains any bypass word, so the business check is skipped. */
export const bypassesBusinessCheck = (pathname: string): boolean => BYPASS_WORDS.some((word) => pathname.includes(word));

/** True when the path is public: no session is restored or required. */
export const skipsAuthInit = (pathname: string): boolean => PUBLIC_PATH_MARKERS.some((marker) => pathname.includes(marker));

const BUSINESS_SCOPED = /^\/(\d+)(?:\/|$)/;

/** The business id a business-scoped path names, or null when the path is not business-scoped. */
export function businessIdFromPath(pathname: string): number | null {
  const match = BUSINESS_SCOPED.exec(pathname);
  if (!match) return null;
  const value = Number(match[1]);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The dashboard path of a business screen: `businessPath(12, 'home')` → `/12/home`. */
export const businessPath = (businessId: number, screen = 'home'): string =>
  `/${businessId}/${screen.replace(/^\/+/, '')}`;

/** The same screen in another business: keeps everything after the business id. */
export function switchBusinessPath(pathname: string, businessId: number): string {
  return businessIdFromPath(pathname) === null ? businessPath(businessId) : pathname.replace(BUSINESS_SCOPED, `/${businessId}/`).replace(/\/$/, '/home');
}

/** What the dashboard must check on a path, in order. */
export type PathCheck = 'public' | 'bypass' | 'business' | 'none';
export function pathCheck(pathname: string): PathCheck {
  if (skipsAuthInit(pathname)) return 'public';
  if (bypassesBusinessCheck(pathname)) return 'bypass';
  return businessIdFromPath(pathname) === null ? 'none' : 'business';
}

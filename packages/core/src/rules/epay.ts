import { hostAllowed } from '../models/domains';
import { EPAY_PROBLEM, SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH, websiteProblem } from '../models/epay';
import type { PaymentProvider } from '../models/transaction';

/**
 * Epay rules (spec 001 §3 Epay settings, §7 Epay): the websites list, the targets a short link may
 * have, the shape of an Ably key, the booking link of a service and staff member, and the link
 * into the provider's dashboard. Pure: the server and the dashboard's forms both use them.
 */

/** An address as `URL` reads it, or null when it is not one or not http(s). */
export function httpUrl(input: string): URL | null {
  try {
    const url = new URL(input.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** A website's address as stored: `URL`'s own form (lower-case host, punycode, default port dropped). */
export const normalizeWebsite = (input: string): string => new URL(input.trim()).href;

/**
 * The problem with a short link's target, or null: only http(s) addresses, without credentials,
 * on one of the business's allowed domains (`domains/update`).
 */
export function shortLinkTargetProblem(target: string, domains: readonly string[]): string | null {
  const problem = websiteProblem(target);
  if (problem) return problem;
  return hostAllowed(domains, new URL(target.trim()).hostname) ? null : EPAY_PROBLEM.notAllowed;
}

/** The public half of an Ably key, its name (`appId.keyId`): shown to say which key is set; the secret never is. */
export const ablyKeyName = (key: string): string => key.slice(0, key.indexOf(':'));

/**
 * The booking page of a service with a staff member: `{bookingBase}/{webcode}?service={tid}&staff={rid}`
 * and, when given, `&gzsrc={source}` (where the link was shared, kept for the booking's source).
 */
export function bookingTarget(bookingBase: string, webcode: string, link: { tid: number; rid: number; gzsrc?: string | undefined }): string {
  const url = new URL(`${bookingBase.replace(/\/+$/, '')}/${encodeURIComponent(webcode)}`);
  url.searchParams.set('service', String(link.tid));
  url.searchParams.set('staff', String(link.rid));
  if (link.gzsrc) url.searchParams.set('gzsrc', link.gzsrc);
  return url.href;
}

/** A short code from a random source (`randomInt(n)` → 0…n-1): 56^8 ≈ 10^14 codes. */
export function shortCode(randomInt: (n: number) => number): string {
  let code = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i++) code += SHORT_CODE_ALPHABET[randomInt(SHORT_CODE_ALPHABET.length)];
  return code;
}

/**
 * A link into the provider's dashboard for an account: Stripe's dashboard scoped to the account
 * (`/test` for a test-mode key), NMI's merchant portal. Null without an account.
 */
export function providerDashboardUrl(provider: PaymentProvider, account: string | null, options: { testMode: boolean }): string | null {
  if (!account) return null;
  if (provider === 'stripe') return `https://dashboard.stripe.com/${encodeURIComponent(account)}${options.testMode ? '/test' : ''}/payments`;
  return 'https://secure.nmi.com/merchants/login.php';
}

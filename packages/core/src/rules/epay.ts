import type { PaymentProvider } from '../models/transaction';
import { hostAllowed } from './domains';

/**
 * Epay rules (spec 001 §3 Epay settings, §7 Epay): the websites list, the targets a short link may
 * have, the shape of an Ably key, the booking link of a service and staff member, and the link
 * into the provider's dashboard. Pure: the server and the dashboard's forms both use them.
 */

/** The most websites a business lists. */
export const WEBSITES_MAX = 20;
/** The longest address of a website or a short link's target. */
export const URL_MAX_LENGTH = 2048;
/** The longest source tag of a booking link (`gzsrc`: where the link was shared). */
export const SOURCE_TAG_MAX = 64;

export const EPAY_PROBLEM = {
  notUrl: 'Enter a full address, like https://example.com',
  notHttp: 'Only http:// and https:// addresses',
  credentials: 'An address with a user name or password cannot be used',
  notAllowed: 'This address is not on the business’s allowed domains',
  providerNeeded: 'Choose the provider that takes web payments',
  ablyKey: 'An Ably API key looks like appId.keyId:secret',
  sourceTag: 'A source has letters, digits, dots, hyphens and underscores only',
} as const;

/** An address as `URL` reads it, or null when it is not one or not http(s). */
export function httpUrl(input: string): URL | null {
  try {
    const url = new URL(input.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The problem with a website's address, or null: a full http(s) address without credentials. */
export function websiteProblem(input: string): string | null {
  const trimmed = input.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return EPAY_PROBLEM.notUrl;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return EPAY_PROBLEM.notHttp;
  if (url.username !== '' || url.password !== '') return EPAY_PROBLEM.credentials;
  return null;
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

/** An Ably API key: `appId.keyId:secret` (https://ably.com/docs/auth/basic). */
export const ABLY_KEY_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+:[A-Za-z0-9_+/=-]+$/;
export const ABLY_KEY_MAX = 200;

/** The public half of an Ably key, its name (`appId.keyId`): shown to say which key is set; the secret never is. */
export const ablyKeyName = (key: string): string => key.slice(0, key.indexOf(':'));

/** A booking link's source tag (`gzsrc`). */
export const SOURCE_TAG_PATTERN = /^[A-Za-z0-9_.-]+$/;

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

/** The letters of a short code: no look-alikes (0/O, 1/l/I). */
export const SHORT_CODE_ALPHABET = '23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
export const SHORT_CODE_LENGTH = 8;
export const SHORT_CODE_PATTERN = new RegExp(`^[${SHORT_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}$`);

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

import { z } from 'zod/mini';
import { DOMAIN_INPUT_MAX_LENGTH, DOMAINS_MAX, normalizeDomains } from './domains';
import { id, instant } from './ids';
import { safeText, text } from './input';
import { paymentProvider } from './transaction';

/**
 * Epay (spec 001 §3 Epay settings, §7 Epay): a business's web-payment settings (web orders,
 * recurring billing, the provider that takes them, its websites, its Ably key), its domain
 * allow-list and its short links, with the limits and checks of their fields (the domain
 * allow-list's in `models/domains.ts`). Calls in `api/epay.ts`; rules in `rules/epay.ts`.
 *
 * Secrets (the Ably key) are written, never read back: a response says only whether one is set,
 * and the key's public name (`appId.keyId`).
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

/** An Ably API key: `appId.keyId:secret` (https://ably.com/docs/auth/basic). */
export const ABLY_KEY_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+:[A-Za-z0-9_+/=-]+$/;
export const ABLY_KEY_MAX = 200;

/** A booking link's source tag (`gzsrc`). */
export const SOURCE_TAG_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** The letters of a short code: no look-alikes (0/O, 1/l/I). */
export const SHORT_CODE_ALPHABET = '23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
export const SHORT_CODE_LENGTH = 8;
export const SHORT_CODE_PATTERN = new RegExp(`^[${SHORT_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}$`);

/** Whether an Ably key is set, and which (its name, never its secret). */
export const ablyStatus = z.object({
  configured: z.boolean(),
  /** `appId.keyId` of the key set, null when none is. */
  keyName: z.nullable(z.string()),
  updated_at: z.nullable(instant),
});
export type AblyStatus = z.infer<typeof ablyStatus>;

/** A website's address: a full http(s) address, at most `URL_MAX_LENGTH` characters. */
export const website = text(URL_MAX_LENGTH, { trim: true }).check(
  z.check((ctx) => {
    const problem = websiteProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  }),
);

/** What the owner sets (`epaysettings/update`): the spec's keys as it names them. */
export const epaySettingsInput = z
  .object({
    'epay.recurring.enabled': z.boolean(),
    'epay.weborder.enabled': z.boolean(),
    /** The provider that takes web orders and recurring charges; null while neither is on. */
    'epay.weborder.provider': z.nullable(paymentProvider),
    /** The business's websites, in the order shown. */
    websites: z.array(website).check(z.maxLength(WEBSITES_MAX, { error: `At most ${WEBSITES_MAX} websites` })),
  })
  .check(
    z.check((ctx) => {
      const v = ctx.value;
      if ((v['epay.weborder.enabled'] || v['epay.recurring.enabled']) && v['epay.weborder.provider'] === null) {
        ctx.issues.push({ code: 'custom', message: EPAY_PROBLEM.providerNeeded, input: v['epay.weborder.provider'], path: ['epay.weborder.provider'] });
      }
    }),
  );
export type EpaySettingsInput = z.infer<typeof epaySettingsInput>;

/** The epay settings as `epaysettings/get` answers: what is set, the allow-list, the account and whether secrets are set. */
export const epaySettings = z.object({
  'epay.recurring.enabled': z.boolean(),
  'epay.weborder.enabled': z.boolean(),
  'epay.weborder.provider': z.nullable(paymentProvider),
  websites: z.array(z.string()),
  /** The domain allow-list (`domains/update`), normalised. */
  domains: z.array(z.string()),
  /** The business's account with that provider (Stripe `acct_…`, NMI merchant id), set up by Salondesk support; null when there is none. */
  account: z.nullable(z.string()),
  ably: ablyStatus,
  updated_at: z.nullable(instant),
});
export type EpaySettings = z.infer<typeof epaySettings>;

/** `ablysettings/update`: the key to keep (encrypted), or null to remove it. */
export const ablySettingsInput = z.object({
  key: z.nullable(
    z.string().check(
      z.trim(),
      z.maxLength(ABLY_KEY_MAX, { error: EPAY_PROBLEM.ablyKey }),
      z.regex(ABLY_KEY_PATTERN, { error: EPAY_PROBLEM.ablyKey }),
      safeText,
    ),
  ),
});
export type AblySettingsInput = z.infer<typeof ablySettingsInput>;

/**
 * `domains/update`: the whole allow-list. Each entry is checked and normalised by core's
 * `normalizeDomains` (a problem is reported at the entry's index); the answer is the list as kept.
 */
export const domainsInput = z.object({
  domains: z.array(text(DOMAIN_INPUT_MAX_LENGTH)).check(
    z.maxLength(DOMAINS_MAX, { error: `At most ${DOMAINS_MAX} domains` }),
    z.check((ctx) => {
      const result = normalizeDomains(ctx.value);
      if (result.ok) return;
      for (const { index, problem } of result.problems) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value[index], path: [index] });
    }),
  ),
});
export type DomainsInput = z.infer<typeof domainsInput>;
export const domainList = z.object({ domains: z.array(z.string()) });
export type DomainList = z.infer<typeof domainList>;

export const SHORT_LINK_KIND = { BOOKING: 'booking', LINK: 'link' } as const;
export type ShortLinkKind = (typeof SHORT_LINK_KIND)[keyof typeof SHORT_LINK_KIND];
export const SHORT_LINK_KIND_LABEL: Record<ShortLinkKind, string> = { booking: 'Booking link', link: 'Link' };

/** A short link: `url` is the short address (`…/s/{code}`), `target` where it leads; `visits` counted by `GET /s/{code}`. */
export const shortLink = z.object({
  id,
  code: z.string(),
  url: z.string(),
  target: z.string(),
  kind: z.enum([SHORT_LINK_KIND.BOOKING, SHORT_LINK_KIND.LINK]),
  /** For a booking link: the service and the staff member (by their names as shown), and the source tag. */
  service: z.nullable(z.object({ id, name: z.string() })),
  staff: z.nullable(z.object({ id, display_name: z.string() })),
  source: z.nullable(z.string()),
  visits: z.number(),
  created_at: instant,
  last_visited_at: z.nullable(instant),
});
export type ShortLink = z.infer<typeof shortLink>;

/** `servicestaff/shorturl`: the service (`tid`), the staff member (`rid`) and where the link is shared (`gzsrc`). */
export const bookingLinkQuery = z.object({
  tid: id,
  rid: id,
  gzsrc: z.optional(z.string().check(z.maxLength(SOURCE_TAG_MAX, { error: `At most ${SOURCE_TAG_MAX} characters` }), z.regex(SOURCE_TAG_PATTERN, { error: EPAY_PROBLEM.sourceTag }))),
});
/** `urlshortner`: the address to shorten. */
export const shortenQuery = z.object({ url: text(URL_MAX_LENGTH, { min: 1, trim: true }) });

/** A short code as it appears in `/s/{code}`. */
export const shortCodeParam = z.string().check(z.regex(SHORT_CODE_PATTERN));

/** `epay/dashboard/stripe`: where the provider's dashboard opens for this business's account. */
export const providerDashboardLink = z.object({
  provider: paymentProvider,
  account: z.string(),
  url: z.string(),
});
export type ProviderDashboardLink = z.infer<typeof providerDashboardLink>;

import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import {
  type AblySettingsInput,
  ablySettingsInput,
  ablyStatus,
  bookingLinkQuery,
  domainList,
  domainsInput,
  type EpaySettingsInput,
  epaySettings,
  epaySettingsInput,
  providerDashboardLink,
  shortenQuery,
  shortLink,
} from '../models/epay';
import { id } from '../models/ids';
import { defineEndpoint } from './endpoint';
import type { Transport } from './transport';

/**
 * Epay (spec 001 §7 Epay): the epay settings (`epaysettings/get`, `/update`), the Ably key
 * (`ablysettings/update`, kept encrypted, never read back), short links (`servicestaff/shorturl`
 * for a service with a staff member, `urlshortner` for any address on the business's allowed
 * domains; both served by the API at `GET /s/{code}`, which counts the visit), the link into the
 * provider's dashboard (`epay/dashboard/stripe`) and the domain allow-list (`domains/update`).
 *
 * Reading needs `setting.viewsetting`; changing, `setting.editsetting`. The two GETs that make a
 * short link change state: like every other write they need the anti-CSRF header.
 */
const P = '/protected/business/{id}';
const business = z.object({ id });

export const epayEndpoints = {
  settings: defineEndpoint({
    name: 'epay.settings',
    method: 'GET',
    path: `${P}/epaysettings/get`,
    access: 'business',
    permission: 'setting.viewsetting',
    params: business,
    /** The settings (defaults when never saved), the allow-list, the provider account and whether an Ably key is set. */
    response: epaySettings,
    errorMessage: MESSAGES.failedToFetchEpaySettings,
  }),
  update: defineEndpoint({
    name: 'epay.update',
    method: 'POST',
    path: `${P}/epaysettings/update`,
    access: 'business',
    permission: 'setting.editsetting',
    params: business,
    body: epaySettingsInput,
    /** The settings as saved (websites normalised). Web orders or recurring billing need a provider. */
    response: epaySettings,
    errorMessage: MESSAGES.failedToUpdateBang,
    successMessage: MESSAGES.updatedBang,
  }),
  ably: defineEndpoint({
    name: 'epay.ably',
    method: 'POST',
    path: `${P}/ablysettings/update`,
    access: 'business',
    permission: 'setting.editsetting',
    params: business,
    body: ablySettingsInput,
    /** Whether a key is set now, and its name; never the key. */
    response: ablyStatus,
    errorMessage: MESSAGES.failedToUpdateAbly,
    successMessage: MESSAGES.updatedSuccessfully,
  }),
  bookingLink: defineEndpoint({
    name: 'epay.bookingLink',
    method: 'GET',
    path: `${P}/servicestaff/shorturl`,
    access: 'business',
    permission: 'setting.editsetting',
    changesState: true,
    params: business,
    query: bookingLinkQuery,
    /** The short booking link of the service (`tid`) with the staff member (`rid`); the same one again for the same three. */
    response: shortLink,
    errorMessage: MESSAGES.failedToShortenUrl,
  }),
  shorten: defineEndpoint({
    name: 'epay.shorten',
    method: 'GET',
    path: `${P}/urlshortner`,
    access: 'business',
    permission: 'setting.editsetting',
    changesState: true,
    params: business,
    query: shortenQuery,
    /** The short link of an http(s) address on the allowed domains; the same one again for the same address. */
    response: shortLink,
    errorMessage: MESSAGES.failedToShortenUrl,
  }),
  shortLinks: defineEndpoint({
    name: 'epay.shortLinks',
    method: 'GET',
    path: `${P}/shortlinks`,
    access: 'business',
    permission: 'setting.viewsetting',
    params: business,
    /** Every short link of the business, newest first, with its visits. */
    response: z.object({ links: z.array(shortLink) }),
    errorMessage: MESSAGES.failedToFetchShortLinks,
  }),
  providerDashboard: defineEndpoint({
    name: 'epay.providerDashboard',
    method: 'GET',
    path: `${P}/epay/dashboard/stripe`,
    access: 'business',
    permission: 'setting.viewsetting',
    params: business,
    /** The link into the provider's dashboard for the business's account. */
    response: providerDashboardLink,
    errorMessage: MESSAGES.failedToOpenProviderDashboard,
  }),
  domains: defineEndpoint({
    name: 'epay.domains',
    method: 'POST',
    path: `${P}/domains/update`,
    access: 'business',
    permission: 'setting.editsetting',
    params: business,
    body: domainsInput,
    /** The allow-list as kept: normalised, in the order given. A wrong entry is named by its index and nothing changes. */
    response: domainList,
    errorMessage: MESSAGES.failedToUpdateDomain,
    successMessage: MESSAGES.domainsUpdated,
  }),
} as const;

export function epayClient(transport: Transport) {
  const e = epayEndpoints;
  const params = (businessId: number) => ({ id: businessId });
  return {
    /** `client.epay.settings(1)` → `{ 'epay.weborder.enabled': true, 'epay.weborder.provider': 'stripe', websites, domains, account, ably: { configured, keyName } }`. */
    settings: (businessId: number) => transport.request(e.settings, { params: params(businessId) }),
    /** `client.epay.update(1, { 'epay.recurring.enabled': false, 'epay.weborder.enabled': true, 'epay.weborder.provider': 'stripe', websites: ['https://luxe.example'] })`. */
    update: (businessId: number, body: z.input<typeof epaySettingsInput> | EpaySettingsInput) => transport.request(e.update, { params: params(businessId), body }),
    /** `client.epay.ably(1, { key: 'appId.keyId:secret' })` keeps the key encrypted; `{ key: null }` removes it. */
    ably: (businessId: number, body: AblySettingsInput) => transport.request(e.ably, { params: params(businessId), body }),
    /** `client.epay.bookingLink(1, { tid: 12, rid: 3, gzsrc: 'instagram' })` → `{ url: 'https://…/s/Ab3dEf7h', … }`. */
    bookingLink: (businessId: number, query: z.input<typeof bookingLinkQuery>) => transport.request(e.bookingLink, { params: params(businessId), query }),
    /** `client.epay.shorten(1, 'https://luxe.example/offers')`: only addresses on the allowed domains. */
    shorten: (businessId: number, url: string) => transport.request(e.shorten, { params: params(businessId), query: { url } }),
    /** `client.epay.shortLinks(1)` → `{ links: [{ code, url, target, visits, … }] }`. */
    shortLinks: (businessId: number) => transport.request(e.shortLinks, { params: params(businessId) }),
    /** `client.epay.providerDashboard(1)` → `{ provider: 'stripe', account: 'acct_…', url: 'https://dashboard.stripe.com/acct_…/payments' }`. */
    providerDashboard: (businessId: number) => transport.request(e.providerDashboard, { params: params(businessId) }),
    /** `client.epay.domains(1, ['luxe.example', '*.luxe.example'])` → the list as kept. */
    domains: (businessId: number, domains: string[]) => transport.request(e.domains, { params: params(businessId), body: { domains } }),
  };
}

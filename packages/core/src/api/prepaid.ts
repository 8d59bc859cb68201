import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { day, id } from '../models/ids';
import { AMOUNT_MAX, amount, boundedInt, text, wholeNumber } from '../models/input';
import {
  cardKind,
  cardNote,
  cardNumber,
  cardReason,
  clubMembershipPlan,
  type CardKind,
  membershipDetail,
  membershipSearchResult,
  membershipStatus,
  prepaidCardDetail,
  prepaidSearchResult,
  type MembershipStatus,
} from '../models/prepaid';
import { COLUMN_KIND as K } from '../rules/export';
import { MEMBERSHIP_PAUSE_MAX_DAYS, PREPAID_QUERY_MAX } from '../rules/prepaid';
import { defineEndpoint } from './endpoint';
import { defineExport } from './exports';
import { queryFlag } from './reportEngine';
import type { Transport } from './transport';

/**
 * Prepaid cards and memberships (spec 001 §7 Prepaid, `clubmemberships` of §7 Catalogue, §8
 * 'Failed to fetch prepaid items!' / 'Failed to fetch membership items!'). Paths are under
 * `/protected/business/{id}`. Cards need `reporting.giftcards`, memberships `reporting.clubmembers`.
 *
 * Cards and memberships belong to a location; a search reads every location of the business's
 * network the user may see (a gift card is good anywhere in the network). A card's balance is its
 * ledger's sum; the actions write ledger entries (`load`, `adjust`, `void`) or membership events
 * (`pause`, `resume`, `cancel`) and answer with the card or membership as it is after them.
 */
const P = '/protected/business/{id}';
const business = z.object({ id });
const cardParams = z.object({ id, card: cardKind, cardNumber });
const membershipParams = z.object({ id, membershipId: id });

/** The most cards or memberships one search answers with. */
export const PREPAID_SEARCH_MAX = 200;
export const MEMBERSHIP_SEARCH_MAX = 2000;

export const prepaidSearchQuery = z.object({
  /** One box: last 4, card number, phone, email or a name (`rules/prepaid.ts` `prepaidQuery`). */
  q: text(PREPAID_QUERY_MAX, { trim: true, min: 1, tooShort: 'Type a card number, its last 4 digits, a phone, an email or a name' }),
  limit: z._default(wholeNumber(1, PREPAID_SEARCH_MAX), 50),
});

/**
 * The membership search: every parameter narrows it (all of them together). `expiring_within`:
 * still open and the term ends within that many days; `did_not_renew`: the term ended and the
 * membership with it; `next_bill_from`/`next_bill_to`: the next bill date in that range.
 */
const membershipFilters = {
  q: z.optional(text(PREPAID_QUERY_MAX, { trim: true })),
  status: z.optional(membershipStatus),
  plan: z.optional(id),
  location: z.optional(id),
  expiring_within: z.optional(wholeNumber(0, 366)),
  did_not_renew: queryFlag,
  next_bill_from: z.optional(day),
  next_bill_to: z.optional(day),
};
export const membershipSearchQuery = z.object({ ...membershipFilters, limit: z._default(wholeNumber(1, MEMBERSHIP_SEARCH_MAX), 500) });
export type MembershipSearchQuery = z.input<typeof membershipSearchQuery>;

export const loadCardBody = z.object({
  amount: amount().check(z.positive({ error: MESSAGES.invalidAmount })),
  note: cardNote,
});
export const adjustCardBody = z.object({
  /** Signed cents: positive adds, negative takes away. */
  amount: boundedInt(-AMOUNT_MAX, AMOUNT_MAX, { notANumber: MESSAGES.invalidAmount, tooSmall: MESSAGES.invalidAmount, tooLarge: MESSAGES.invalidAmount }).check(
    z.refine((n) => n !== 0, { error: 'An adjustment must change the balance' }),
  ),
  reason: cardReason,
  note: cardNote,
});
export const voidCardBody = z.object({ note: text(500, { trim: true, min: 1, tooShort: 'Say why the card is voided' }) });
export const pauseMembershipBody = z.object({ until: day, note: cardNote });
export const membershipActionBody = z.object({ note: cardNote });

const cardEndpoint = <B extends z.ZodMiniObject>(name: string, action: string, body: B) =>
  defineEndpoint({
    name: `prepaid.${name}`,
    method: 'POST',
    path: `${P}/prepaid/{card}/{cardNumber}/${action}`,
    access: 'business',
    permission: 'reporting.giftcards',
    params: cardParams,
    body,
    /** The card with its ledger after the action. Nothing changes when it is refused (409 with the reason). */
    response: prepaidCardDetail,
    errorMessage: MESSAGES.failedToUpdateBang,
    successMessage: MESSAGES.updatedSuccessfully,
  });

const membershipEndpoint = <B extends z.ZodMiniObject>(name: string, body: B) =>
  defineEndpoint({
    name: `membership.${name}`,
    method: 'POST',
    path: `${P}/membership/{membershipId}/${name}`,
    access: 'business',
    permission: 'reporting.clubmembers',
    params: membershipParams,
    body,
    /** The membership with its history after the action; refused (409) from a status that does not allow it. */
    response: membershipDetail,
    errorMessage: MESSAGES.failedToUpdateBang,
    successMessage: MESSAGES.updatedSuccessfully,
  });

export const prepaidEndpoints = {
  card: defineEndpoint({
    name: 'prepaid.card',
    method: 'GET',
    path: `${P}/prepaid/{card}/{cardNumber}`,
    access: 'business',
    permission: 'reporting.giftcards',
    params: cardParams,
    /** The card with its whole ledger, oldest first; 404 when no location of the network the user may see has it. */
    response: prepaidCardDetail,
    errorMessage: MESSAGES.failedToFetchPrepaidItems,
  }),
  search: defineEndpoint({
    name: 'prepaid.search',
    method: 'GET',
    path: `${P}/prepaid/search`,
    access: 'business',
    permission: 'reporting.giftcards',
    params: business,
    query: prepaidSearchQuery,
    /** At most `limit` cards, the latest issued first. */
    response: prepaidSearchResult,
    errorMessage: MESSAGES.failedToFetchPrepaidItems,
  }),
  load: cardEndpoint('load', 'load', loadCardBody),
  adjust: cardEndpoint('adjust', 'adjust', adjustCardBody),
  void: cardEndpoint('void', 'void', voidCardBody),
  clubMemberships: defineEndpoint({
    name: 'prepaid.clubMemberships',
    method: 'GET',
    path: `${P}/clubmemberships`,
    access: 'business',
    permission: 'reporting.clubmembers',
    params: business,
    /** The membership plans of the network's locations the user may see, with their members by status. */
    response: z.array(clubMembershipPlan),
    errorMessage: MESSAGES.failedToFetchMembershipItems,
  }),
  membershipSearch: defineEndpoint({
    name: 'membership.search',
    method: 'GET',
    path: `${P}/membership/search`,
    access: 'business',
    permission: 'reporting.clubmembers',
    params: business,
    query: membershipSearchQuery,
    /** By term end, then id. */
    response: membershipSearchResult,
    errorMessage: MESSAGES.failedToFetchMembershipItems,
  }),
  membership: defineEndpoint({
    name: 'membership.get',
    method: 'GET',
    path: `${P}/membership/{membershipId}`,
    access: 'business',
    permission: 'reporting.clubmembers',
    params: membershipParams,
    /** The membership with its history, oldest first. */
    response: membershipDetail,
    errorMessage: MESSAGES.failedToFetchMembershipItems,
  }),
  pause: membershipEndpoint('pause', pauseMembershipBody),
  resume: membershipEndpoint('resume', membershipActionBody),
  cancel: membershipEndpoint('cancel', membershipActionBody),
} as const;

/** The membership list as a file: the search's own parameters. */
export const prepaidExports = {
  memberships: defineExport({
    report: 'memberships',
    title: 'Memberships',
    path: `${P}/export/memberships`,
    access: 'business',
    permission: 'reporting.clubmembers',
    params: business,
    query: membershipFilters,
    columns: [
      { key: 'member', label: 'Member', kind: K.TEXT },
      { key: 'phone', label: 'Phone', kind: K.TEXT },
      { key: 'email', label: 'Email', kind: K.TEXT },
      { key: 'plan', label: 'Plan', kind: K.TEXT },
      { key: 'location', label: 'Location', kind: K.TEXT },
      { key: 'status', label: 'Status', kind: K.TEXT },
      { key: 'started_on', label: 'Started', kind: K.DAY },
      { key: 'expires_on', label: 'Term ends', kind: K.DAY },
      { key: 'next_bill_on', label: 'Next bill', kind: K.DAY },
      { key: 'price', label: 'Price', kind: K.MONEY },
    ],
    errorMessage: MESSAGES.failedToFetchMembershipItems,
  }),
} as const;

/** The membership search's query as the client takes it (`did_not_renew` as a boolean). */
export type MembershipSearchInput = Omit<MembershipSearchQuery, 'did_not_renew'> & { did_not_renew?: boolean; status?: MembershipStatus };

export const membershipSearchParams = (query: MembershipSearchInput) => {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '' || value === false) continue;
    out[key] = value === true ? 'true' : (value as string | number);
  }
  return out;
};

export function prepaidClient(transport: Transport) {
  const e = prepaidEndpoints;
  const card = (businessId: number, kind: CardKind, number: string) => ({ id: businessId, card: kind, cardNumber: number });
  const member = (businessId: number, membershipId: number) => ({ id: businessId, membershipId });
  return {
    /** `client.prepaid.card(1, 'giftcard', '6011000012344821')` → the card with its ledger. */
    card: (businessId: number, kind: CardKind, number: string) => transport.request(e.card, { params: card(businessId, kind, number) }),
    /** `client.prepaid.search(1, '4821')`: by last 4, card number, phone, email or name. */
    search: (businessId: number, q: string, limit?: number) => transport.request(e.search, { params: { id: businessId }, query: { q, ...(limit ? { limit } : {}) } }),
    /** `client.prepaid.load(1, 'giftcard', number, { amount: 2500 })`. */
    load: (businessId: number, kind: CardKind, number: string, body: z.input<typeof loadCardBody>) => transport.request(e.load, { params: card(businessId, kind, number), body }),
    /** `client.prepaid.adjust(1, 'giftcard', number, { amount: -500, reason: 'Correction' })`. */
    adjust: (businessId: number, kind: CardKind, number: string, body: z.input<typeof adjustCardBody>) => transport.request(e.adjust, { params: card(businessId, kind, number), body }),
    /** `client.prepaid.void(1, 'giftcard', number, { note: 'Reported stolen' })`: takes the balance and closes the card. */
    void: (businessId: number, kind: CardKind, number: string, body: z.input<typeof voidCardBody>) => transport.request(e.void, { params: card(businessId, kind, number), body }),
    /** `client.prepaid.clubMemberships(1)`: the plans with their members by status. */
    clubMemberships: (businessId: number) => transport.request(e.clubMemberships, { params: { id: businessId } }),
    /** `client.prepaid.memberships(1, { expiring_within: 30 })`. */
    memberships: (businessId: number, query: MembershipSearchInput = {}) =>
      transport.request(e.membershipSearch, { params: { id: businessId }, query: membershipSearchParams(query) as z.input<typeof membershipSearchQuery> }),
    /** `client.prepaid.membership(1, 42)`: with its history. */
    membership: (businessId: number, membershipId: number) => transport.request(e.membership, { params: member(businessId, membershipId) }),
    /** `client.prepaid.pause(1, 42, { until: '2026-06-01' })`. */
    pause: (businessId: number, membershipId: number, body: z.input<typeof pauseMembershipBody>) => transport.request(e.pause, { params: member(businessId, membershipId), body }),
    resume: (businessId: number, membershipId: number, body: z.input<typeof membershipActionBody> = {}) => transport.request(e.resume, { params: member(businessId, membershipId), body }),
    cancel: (businessId: number, membershipId: number, body: z.input<typeof membershipActionBody> = {}) => transport.request(e.cancel, { params: member(businessId, membershipId), body }),
  };
}

import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import {
  birthday,
  clientDuplicate,
  clientPage,
  clientPersonalData,
  clientProfile,
  clientSort,
  clientTag,
  clientVisitPage,
  tagWithUse,
  CLIENT_SORT_LABEL,
} from '../models/clients';
import { day, id } from '../models/ids';
import { changes, text, wholeNumber } from '../models/input';
import {
  CLIENT_EMAIL_MAX,
  CLIENT_NAME_MAX,
  CLIENT_NOTES_MAX,
  CLIENT_PAGE_SIZE,
  CLIENT_PAGE_SIZE_MAX,
  CLIENT_PHONE_MAX,
  CLIENT_QUERY_MAX,
  CLIENT_TAGS_MAX,
  clientPhoneProblem,
  MERGE_MAX,
  TAG_COLOR_PATTERN,
  TAG_NAME_MAX,
} from '../rules/clients';
import { CLIENT_FIGURES } from '../rules/figures';
import { COLUMN_KIND as K } from '../rules/export';
import { INT32_MAX } from '../models/inputProblems';
import { defineEndpoint } from './endpoint';
import { defineExport } from './exports';
import type { Transport } from './transport';

/**
 * Clients and their tags (issue 18). Paths are under `/protected/business/{id}`; every call needs
 * the `customer` permission. A client is a customer of the location `{id}`: a client id of
 * another location is not found (404). Tags belong to the location's network (`network/getTags`),
 * or to the location itself when it has no network.
 *
 * A merged client (`merged_into_id`) is read-only and no longer listed; an erased one keeps its
 * tickets with every personal field cleared and cannot be changed (409).
 */
const P = '/protected/business/{id}';
const PERMISSION = 'customer' as const;
const business = z.object({ id });
const clientParams = z.object({ id, clientId: id });
const tagParams = z.object({ id, tagId: id });

/** `1,5,9`: tag ids separated by commas, at most `CLIENT_TAGS_MAX`. */
export const tagIdList = z.pipe(
  z.string().check(z.regex(new RegExp(`^[1-9]\\d{0,9}(,[1-9]\\d{0,9}){0,${CLIENT_TAGS_MAX - 1}}$`), { error: 'Must be tag ids separated by commas, like 3,5' })),
  z.pipe(
    z.transform((value: string) => [...new Set(value.split(',').map(Number))]),
    z.array(z.number()).check(z.refine((ids) => ids.every((n) => n <= INT32_MAX), { error: MESSAGES.numberTooLarge })),
  ),
);

/** The largest spend a filter may name, in cents (beyond any client's). */
export const SPEND_FILTER_MAX = 100_000_000_000;

/**
 * The client list's search and filters (every one narrows the list). `q`: a name, a phone in any
 * format or an email (`parseClientQuery`); `last_visit_from`/`_to`: the last visit in that range
 * (`never_visited` instead: clients without a visit); `visits_min`/`_max`, `spend_min`/`_max`
 * (cents): inclusive; `tags`: clients carrying any of them (`tag_match=all`: all of them);
 * `segment`: the members of a segment of the location.
 */
export const clientFilters = {
  q: z._default(text(CLIENT_QUERY_MAX, { trim: true }), ''),
  last_visit_from: z.optional(day),
  last_visit_to: z.optional(day),
  never_visited: z.optional(z.pipe(z.enum(['true', 'false'], { error: 'Must be true or false' }), z.transform((v) => v === 'true'))),
  visits_min: z.optional(wholeNumber(0, INT32_MAX)),
  visits_max: z.optional(wholeNumber(0, INT32_MAX)),
  spend_min: z.optional(wholeNumber(0, SPEND_FILTER_MAX)),
  spend_max: z.optional(wholeNumber(0, SPEND_FILTER_MAX)),
  tags: z.optional(tagIdList),
  tag_match: z._default(z.enum(['any', 'all'], { error: 'Must be any or all' }), 'any'),
  segment: z.optional(id),
  sort: z._default(clientSort, 'name'),
  dir: z._default(z.enum(['asc', 'desc'], { error: 'Must be asc or desc' }), 'asc'),
};
export const clientListQuery = z.object({
  ...clientFilters,
  page: z._default(wholeNumber(1, 1_000_000), 1),
  page_size: z._default(wholeNumber(1, CLIENT_PAGE_SIZE_MAX), CLIENT_PAGE_SIZE),
});
export type ClientListQuery = z.input<typeof clientListQuery>;

const nameField = z.nullable(text(CLIENT_NAME_MAX, { trim: true }));
export const clientEmail = z.nullable(
  text(CLIENT_EMAIL_MAX, { trim: true }).check(
    z.refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: 'Enter an email address like name@example.com' }),
  ),
);
export const clientPhone = text(CLIENT_PHONE_MAX, { trim: true, min: 1, tooShort: 'Enter a phone number' }).check(
  z.check<string>((ctx) => {
    const problem = clientPhoneProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  }),
);

/** A change to a client: only what it names. An empty name or email is stored as none. */
export const updateClientBody = changes({
  firstname: nameField,
  lastname: nameField,
  email: clientEmail,
  phone: clientPhone,
  birthday: z.nullable(birthday),
  notes: text(CLIENT_NOTES_MAX),
});
export type UpdateClientBody = z.input<typeof updateClientBody>;

/** Duplicates merged into the client: their tickets, cards, memberships, points and tags move to it. */
export const mergeClientsBody = z.object({
  duplicates: z.array(id).check(
    z.minLength(1, { error: 'Choose the duplicates to merge' }),
    z.maxLength(MERGE_MAX, { error: `At most ${MERGE_MAX} clients at once` }),
  ),
});

/** Erasing needs the client's id typed back, so a slip cannot erase the wrong client. */
export const eraseClientBody = z.object({ confirm: id });

export const setClientTagsBody = z.object({
  tag_ids: z.array(id).check(z.maxLength(CLIENT_TAGS_MAX, { error: `At most ${CLIENT_TAGS_MAX} tags` })),
});

const tagName = text(TAG_NAME_MAX, { trim: true, min: 1, tooShort: 'Name the tag' });
const tagColor = z.string().check(z.regex(TAG_COLOR_PATTERN, { error: 'A colour is # and six hex digits, like #3b82f6' }));
export const createTagBody = z.object({ name: tagName, color: z.optional(tagColor) });
export const updateTagBody = changes({ name: tagName, color: tagColor });

export const clientVisitsQuery = z.object({
  page: z._default(wholeNumber(1, 100_000), 1),
  page_size: z._default(wholeNumber(1, 100), 20),
});

export const clientEndpoints = {
  list: defineEndpoint({
    name: 'clients.list',
    method: 'GET',
    path: `${P}/clients`,
    access: 'business',
    permission: PERMISSION,
    params: business,
    query: clientListQuery,
    /** A page of the location's clients (never merged ones), with their facts and tags. */
    response: clientPage,
    errorMessage: MESSAGES.failedToFetchClients,
  }),
  get: defineEndpoint({
    name: 'clients.get',
    method: 'GET',
    path: `${P}/clients/{clientId}`,
    access: 'business',
    permission: PERMISSION,
    params: clientParams,
    response: clientProfile,
    errorMessage: MESSAGES.failedToFetchClients,
  }),
  visits: defineEndpoint({
    name: 'clients.visits',
    method: 'GET',
    path: `${P}/clients/{clientId}/visits`,
    access: 'business',
    permission: PERMISSION,
    params: clientParams,
    query: clientVisitsQuery,
    /** The client's tickets, the latest first, with their lines. */
    response: clientVisitPage,
    errorMessage: MESSAGES.failedToFetchClients,
  }),
  duplicates: defineEndpoint({
    name: 'clients.duplicates',
    method: 'GET',
    path: `${P}/clients/{clientId}/duplicates`,
    access: 'business',
    permission: PERMISSION,
    params: clientParams,
    /** Other clients of the location with the same phone digits, email or full name (at most 20). */
    response: z.array(clientDuplicate),
    errorMessage: MESSAGES.failedToFetchClients,
  }),
  update: defineEndpoint({
    name: 'clients.update',
    method: 'POST',
    path: `${P}/clients/{clientId}/update`,
    access: 'business',
    permission: PERMISSION,
    params: clientParams,
    body: updateClientBody,
    response: clientProfile,
    errorMessage: MESSAGES.failedToUpdateBang,
    successMessage: MESSAGES.updatedSuccessfully,
  }),
  merge: defineEndpoint({
    name: 'clients.merge',
    method: 'POST',
    path: `${P}/clients/{clientId}/merge`,
    access: 'business',
    permission: PERMISSION,
    params: clientParams,
    body: mergeClientsBody,
    /** The kept client after the merge. */
    response: clientProfile,
    errorMessage: MESSAGES.failedToMergeClients,
    successMessage: MESSAGES.clientsMerged,
  }),
  personalData: defineEndpoint({
    name: 'clients.personalData',
    method: 'GET',
    path: `${P}/clients/{clientId}/personal-data`,
    access: 'business',
    permission: PERMISSION,
    params: clientParams,
    /** Everything kept about the client (the dashboard saves it as a JSON file). */
    response: clientPersonalData,
    errorMessage: MESSAGES.failedToExportClient,
  }),
  erase: defineEndpoint({
    name: 'clients.erase',
    method: 'POST',
    path: `${P}/clients/{clientId}/erase`,
    access: 'business',
    permission: PERMISSION,
    params: clientParams,
    body: eraseClientBody,
    /** The client after erasure: tickets kept, personal fields cleared, tags and notes gone. */
    response: clientProfile,
    errorMessage: MESSAGES.failedToEraseClient,
    successMessage: MESSAGES.clientErased,
  }),
  setTags: defineEndpoint({
    name: 'clients.setTags',
    method: 'POST',
    path: `${P}/clients/{clientId}/tags`,
    access: 'business',
    permission: PERMISSION,
    params: clientParams,
    body: setClientTagsBody,
    /** The client's tags afterwards (exactly `tag_ids`, each a tag of the network). */
    response: z.array(clientTag),
    errorMessage: MESSAGES.failedToUpdateBang,
    successMessage: MESSAGES.updatedSuccessfully,
  }),
  getTags: defineEndpoint({
    name: 'tags.getTags',
    method: 'GET',
    path: `${P}/network/getTags`,
    access: 'business',
    permission: PERMISSION,
    params: business,
    /** The network's tags by name, with how many clients carry each. */
    response: z.array(tagWithUse),
    errorMessage: MESSAGES.failedToFetchTags,
  }),
  createTag: defineEndpoint({
    name: 'tags.create',
    method: 'POST',
    path: `${P}/network/tags/add`,
    access: 'business',
    permission: PERMISSION,
    params: business,
    body: createTagBody,
    response: tagWithUse,
    errorMessage: MESSAGES.failedTagChange,
    successMessage: MESSAGES.addedSuccessfully,
  }),
  updateTag: defineEndpoint({
    name: 'tags.update',
    method: 'POST',
    path: `${P}/network/tags/{tagId}/update`,
    access: 'business',
    permission: PERMISSION,
    params: tagParams,
    body: updateTagBody,
    response: tagWithUse,
    errorMessage: MESSAGES.failedTagChange,
    successMessage: MESSAGES.updatedSuccessfully,
  }),
  deleteTag: defineEndpoint({
    name: 'tags.delete',
    method: 'POST',
    path: `${P}/network/tags/{tagId}/delete`,
    access: 'business',
    permission: PERMISSION,
    params: tagParams,
    /** Removes the tag from every client of the network. */
    response: z.object({ id }),
    errorMessage: MESSAGES.failedTagChange,
    successMessage: MESSAGES.deletedSuccessfully,
  }),
} as const;

/** The client list as a file: the list's own search, filters and order. */
export const clientExports = {
  clients: defineExport({
    report: 'clients',
    title: 'Clients',
    path: `${P}/export/clients`,
    access: 'business',
    permission: PERMISSION,
    params: business,
    query: clientFilters,
    columns: [
      { key: 'name', label: 'Client', kind: K.TEXT },
      { key: 'phone', label: 'Phone', kind: K.TEXT },
      { key: 'email', label: 'Email', kind: K.TEXT },
      { key: 'birthday', label: 'Birthday', kind: K.DAY },
      { key: 'tags', label: 'Tags', kind: K.TEXT },
      { key: 'visits', label: CLIENT_FIGURES.visits.label, kind: K.COUNT },
      { key: 'spend', label: CLIENT_FIGURES.spend.label, kind: K.MONEY },
      { key: 'average_spend', label: CLIENT_FIGURES.averageSpend.label, kind: K.MONEY },
      { key: 'first_visit', label: CLIENT_FIGURES.firstVisit.label, kind: K.DAY },
      { key: 'last_visit', label: CLIENT_FIGURES.lastVisit.label, kind: K.DAY },
      { key: 'last_staff', label: CLIENT_FIGURES.lastStaff.label, kind: K.TEXT },
      { key: 'loyalty_points', label: 'Loyalty points', kind: K.COUNT },
    ],
    errorMessage: MESSAGES.failedToFetchClients,
  }),
} as const;

export { CLIENT_SORT_LABEL };

/** The list's query with empty values dropped (what the URL and the export carry). */
export function clientListParams(query: Record<string, string | number | boolean | undefined | null>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    out[key] = value === true ? 'true' : value;
  }
  return out;
}

export function clientsClient(transport: Transport) {
  const e = clientEndpoints;
  const at = (businessId: number, clientId: number) => ({ id: businessId, clientId });
  return {
    /** `client.clients.list(1, { q: '555 514', sort: 'spend', dir: 'desc' })`. */
    list: (businessId: number, query: Record<string, string | number | boolean | undefined | null> = {}) =>
      transport.request(e.list, { params: { id: businessId }, query: clientListParams(query) as ClientListQuery }),
    /** `client.clients.get(1, 42)`: the profile. */
    get: (businessId: number, clientId: number) => transport.request(e.get, { params: at(businessId, clientId) }),
    /** `client.clients.visits(1, 42, { page: 2 })`. */
    visits: (businessId: number, clientId: number, query: z.input<typeof clientVisitsQuery> = {}) => transport.request(e.visits, { params: at(businessId, clientId), query }),
    duplicates: (businessId: number, clientId: number) => transport.request(e.duplicates, { params: at(businessId, clientId) }),
    /** `client.clients.update(1, 42, { birthday: '1990-04-12', notes: 'Prefers mornings' })`. */
    update: (businessId: number, clientId: number, body: UpdateClientBody) => transport.request(e.update, { params: at(businessId, clientId), body }),
    /** `client.clients.merge(1, 42, { duplicates: [43] })`: 43's tickets and the rest move to 42. */
    merge: (businessId: number, clientId: number, duplicates: number[]) => transport.request(e.merge, { params: at(businessId, clientId), body: { duplicates } }),
    personalData: (businessId: number, clientId: number) => transport.request(e.personalData, { params: at(businessId, clientId) }),
    /** `client.clients.erase(1, 42)`: personal data cleared, tickets kept. */
    erase: (businessId: number, clientId: number) => transport.request(e.erase, { params: at(businessId, clientId), body: { confirm: clientId } }),
    setTags: (businessId: number, clientId: number, tagIds: number[]) => transport.request(e.setTags, { params: at(businessId, clientId), body: { tag_ids: tagIds } }),
    /** `client.clients.getTags(1)`: the network's tags. */
    getTags: (businessId: number) => transport.request(e.getTags, { params: { id: businessId } }),
    createTag: (businessId: number, body: z.input<typeof createTagBody>) => transport.request(e.createTag, { params: { id: businessId }, body }),
    updateTag: (businessId: number, tagId: number, body: z.input<typeof updateTagBody>) => transport.request(e.updateTag, { params: { id: businessId, tagId }, body }),
    deleteTag: (businessId: number, tagId: number) => transport.request(e.deleteTag, { params: { id: businessId, tagId } }),
  };
}

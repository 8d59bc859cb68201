import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { day, id } from '../models/ids';
import { amount as amountCents, text, wholeNumber } from '../models/input';
import { cardNumber } from '../models/prepaid';
import {
  historyAction,
  historyPage,
  loyaltyDetail,
  paymentProvider,
  providerTransactions,
  queueSummary,
  ticketSearchPage,
  transaction,
  transactionDay,
  type PaymentProvider,
} from '../models/transaction';
import { MAX_SEARCH_QUERY, MAX_TICKET_PAGE_SIZE, SORT_DIRECTIONS, TICKET_CURSOR_PATTERN, TICKET_PAGE_SIZE, TICKET_SORTS } from '../rules/ticketSearch';
import { TRANSACTION_STATUS_LABELS } from '../rules/transactions';
import { defineEndpoint } from './endpoint';
import { defineOperation } from './proxy';
import type { Transport } from './transport';

/**
 * Transactions (spec 001 §7 Transactions). Paths are under `/protected/business/{id}`; every call
 * needs the `reporting.transactionreport` permission, except the admin history search.
 */
const P = '/protected/business/{id}';
const PERMISSION = 'reporting.transactionreport' as const;

const range = z.object({ start: day, end: day });
const required = (max: number, error: string) => text(max, { trim: true, min: 1, tooShort: error });
const optionalText = (max: number) => z._default(text(max, { trim: true }), '');
const amount = amountCents({ notANumber: 'Must be a whole number of cents', tooSmall: 'Must not be negative', tooLarge: MESSAGES.numberTooLarge });

/** Where a deletion was asked from (kept in the history). */
export const REMOVE_SOURCE = { DASHBOARD: 'dashboard', POS: 'pos', API: 'api' } as const;

export const removeTransactionBody = z.object({
  reason: required(200, 'Give a reason'),
  note: required(1000, 'Add a note'),
  src: z._default(z.enum(['dashboard', 'pos', 'api']), 'dashboard'),
});
export type RemoveTransactionBody = z.input<typeof removeTransactionBody>;

export const updateTransactionBody = z.object({
  /** The staff member the ticket is credited to. */
  serviced_by: z.optional(id),
  /** The ticket's notes (checkout detail `appointmentnotes`). */
  notes: z.optional(text(1000)),
  /** A new split of what was paid; the three must add up to what was paid. */
  tender: z.optional(
    z.object({
      cashamount: amount,
      creditamount: amount,
      giftamount: amount,
      /** The gift card that pays a larger gift tender (else the card the ticket used); its balance moves with the tender. */
      giftcard: z.optional(cardNumber),
    }),
  ),
});
export type UpdateTransactionBody = z.input<typeof updateTransactionBody>;

export const refundBody = z.object({
  amount: amount.check(z.positive({ error: 'Must be more than zero' })),
  reason: required(200, 'Give a reason'),
  note: optionalText(1000),
  /** The same key sent again returns the first answer and refunds nothing more. */
  idempotencyKey: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,80}$/, { error: 'Must be 8–80 letters, digits, - or _' })),
});
export type RefundBody = z.input<typeof refundBody>;

/** The answer to a refund; a retry with the same key gets this same answer. */
export const refundResult = z.object({
  refund_id: id,
  txId: id,
  amount: z.number(),
  /** Refunded on the ticket in total, this refund included. */
  refunded: z.number(),
  /** What may still be refunded after this refund. */
  refundable: z.number(),
});
export type RefundResult = z.infer<typeof refundResult>;

const txParams = z.object({ id, txId: id });

/**
 * A ticket search over a range (`rules/ticketSearch.ts` reads `q`): `status` is a status label as
 * the day list's filter offers it (empty: every status the list shows); `cursor` is the `next`
 * of the page before, for the same query and sort.
 */
export const ticketSearchQuery = z.object({
  start: day,
  end: day,
  q: z._default(text(MAX_SEARCH_QUERY, { trim: true }), ''),
  status: z._default(z.enum(['', ...TRANSACTION_STATUS_LABELS] as ['', ...typeof TRANSACTION_STATUS_LABELS]), ''),
  sort: z._default(z.enum(TICKET_SORTS as [(typeof TICKET_SORTS)[number], ...(typeof TICKET_SORTS)[number][]]), 'time'),
  dir: z._default(z.enum(SORT_DIRECTIONS as ['asc', 'desc']), 'desc'),
  cursor: z.optional(z.string().check(z.regex(TICKET_CURSOR_PATTERN, { error: 'Must be the next-page cursor of a search' }))),
  limit: z._default(wholeNumber(1, MAX_TICKET_PAGE_SIZE), TICKET_PAGE_SIZE),
});
export type TicketSearchQuery = z.input<typeof ticketSearchQuery>;

export const transactionEndpoints = {
  queueSummary: defineEndpoint({
    name: 'transactions.queueSummary',
    method: 'GET',
    path: `${P}/queue/summary`,
    access: 'business',
    permission: PERMISSION,
    params: z.object({ id }),
    query: range,
    response: queueSummary,
    errorMessage: MESSAGES.failedToFetchInfo,
  }),
  day: defineEndpoint({
    name: 'transactions.day',
    method: 'GET',
    path: `${P}/transactions/{day}`,
    access: 'business',
    permission: PERMISSION,
    params: z.object({ id, day }),
    response: transactionDay,
    errorMessage: MESSAGES.failedToFetchTransactions,
  }),
  /**
   * Tickets over a range of business days, searched and sorted, one keyset page at a time (our
   * call: the spec lists tickets a day at a time). The same tickets as the day lists show.
   */
  search: defineEndpoint({
    name: 'transactions.search',
    method: 'GET',
    path: `${P}/transactions/search`,
    access: 'business',
    permission: PERMISSION,
    params: z.object({ id }),
    query: ticketSearchQuery,
    response: ticketSearchPage,
    errorMessage: MESSAGES.failedToFetchTransactions,
  }),
  providerDay: defineEndpoint({
    name: 'transactions.providerDay',
    method: 'GET',
    path: `${P}/{provider}/transactions/{day}`,
    access: 'business',
    permission: PERMISSION,
    params: z.object({ id, provider: paymentProvider, day }),
    response: providerTransactions,
    errorMessage: MESSAGES.failedToFetchPaymentTransactions,
  }),
  /** One ticket in full (our call: the spec's lists carry rows, its detail needs the rest). */
  detail: defineEndpoint({
    name: 'transactions.detail',
    method: 'GET',
    path: `${P}/transaction/{txId}`,
    access: 'business',
    permission: PERMISSION,
    params: txParams,
    response: transaction,
    errorMessage: MESSAGES.failedToGetTransactionInfo,
  }),
  remove: defineEndpoint({
    name: 'transactions.remove',
    method: 'POST',
    path: `${P}/removetransaction/{txId}`,
    access: 'business',
    permission: PERMISSION,
    params: txParams,
    body: removeTransactionBody,
    response: transaction,
    errorMessage: MESSAGES.failedToRemoveTransaction,
    successMessage: MESSAGES.transactionDeleted,
  }),
  /** The transaction history of a business, for platform admins: `{a}`–`{b}` is a range of the business days the events happened on (in its time zone). */
  history: defineEndpoint({
    name: 'transactions.history',
    method: 'GET',
    path: '/protected/admin/{id}/search/{a}/{b}',
    access: 'admin',
    params: z.object({ id, a: day, b: day }),
    query: z.object({
      /** A ticket number, or words in the reason, note or user's name. */
      q: z._default(text(100), ''),
      action: z.optional(historyAction),
      page: z._default(wholeNumber(1, 10_000), 1),
    }),
    response: historyPage,
    errorMessage: MESSAGES.failedToGetTransactionsData,
  }),
  loyalty: defineEndpoint({
    name: 'transactions.loyalty',
    method: 'GET',
    path: `${P}/loyalty/detail`,
    access: 'business',
    permission: PERMISSION,
    params: z.object({ id }),
    query: z.object({ id }),
    response: loyaltyDetail,
    errorMessage: MESSAGES.requestNotFulfilled,
  }),
  reactivate: defineEndpoint({
    name: 'transactions.reactivate',
    method: 'POST',
    path: `${P}/queue/{txId}/reactivate`,
    access: 'business',
    permission: PERMISSION,
    params: txParams,
    response: transaction,
    errorMessage: MESSAGES.errorOccuredTryLater,
    successMessage: MESSAGES.updatedBang,
  }),
  update: defineEndpoint({
    name: 'transactions.update',
    method: 'POST',
    path: `${P}/updatetransaction/{txId}`,
    access: 'business',
    permission: PERMISSION,
    params: txParams,
    body: updateTransactionBody,
    response: transaction,
    errorMessage: MESSAGES.failedToUpdateBang,
    successMessage: MESSAGES.updatedSuccessfully,
  }),
  refund: defineEndpoint({
    name: 'transactions.refund',
    method: 'POST',
    path: `${P}/dashboardrefund/{txId}`,
    access: 'business',
    permission: PERMISSION,
    params: txParams,
    body: refundBody,
    response: refundResult,
    errorMessage: MESSAGES.errorOccuredTryLater,
    successMessage: MESSAGES.refundRecorded,
  }),
} as const;

/** Proxy operations of the transactions area (the spec's io-request calls). */
export const transactionOperations = {
  /** Tickets of a day whose card payments were taken with the terminal bypassed (offline). */
  bypassMode: defineOperation({
    name: 'transactions.bypassMode',
    method: 'GET',
    dest: 'bypassmode/transactions',
    query: z.object({ day }),
    response: transactionDay,
    permission: PERMISSION,
    errorMessage: MESSAGES.failedToFetchTransactions,
  }),
  /** Sets checkout details (name/value pairs such as `customername`, `appointmentnotes`) of a ticket. */
  updateDetails: defineOperation({
    name: 'transactions.updateDetails',
    method: 'POST',
    dest: 'transaction/{txId}/update',
    params: z.object({ txId: id }),
    body: z.object({
      details: z
        .array(
          z.object({
            name: z.enum(['customername', 'appointmentnotes']),
            value: text(1000),
          }),
        )
        .check(z.minLength(1, { error: 'Name at least one detail' }), z.maxLength(10)),
    }),
    response: transaction,
    permission: PERMISSION,
    errorMessage: MESSAGES.failedToUpdateBang,
    successMessage: MESSAGES.updatedBang,
  }),
} as const;

export function transactionsClient(transport: Transport) {
  const e = transactionEndpoints;
  return {
    queueSummary: (businessId: number, start: string, end: string) => transport.request(e.queueSummary, { params: { id: businessId }, query: { start, end } }),
    /** The tickets of one business day (deleted and unfinished ones left out). */
    list: (businessId: number, day: string) => transport.request(e.day, { params: { id: businessId, day } }),
    /** Tickets over a range, searched and sorted; pass the page's `next` as `cursor` for the following page. */
    search: (businessId: number, query: TicketSearchQuery) => transport.request(e.search, { params: { id: businessId }, query }),
    listByProvider: (businessId: number, provider: PaymentProvider, day: string) =>
      transport.request(e.providerDay, { params: { id: businessId, provider, day } }),
    get: (businessId: number, txId: number) => transport.request(e.detail, { params: { id: businessId, txId } }),
    remove: (businessId: number, txId: number, body: RemoveTransactionBody) =>
      transport.requestWithMessage(e.remove, { params: { id: businessId, txId }, body }),
    history: (businessId: number, start: string, end: string, query: { q?: string; action?: z.infer<typeof historyAction>; page?: number } = {}) =>
      transport.request(e.history, { params: { id: businessId, a: start, b: end }, query }),
    loyalty: (businessId: number, customerId: number) => transport.request(e.loyalty, { params: { id: businessId }, query: { id: customerId } }),
    reactivate: (businessId: number, txId: number) => transport.requestWithMessage(e.reactivate, { params: { id: businessId, txId } }),
    update: (businessId: number, txId: number, body: UpdateTransactionBody) =>
      transport.requestWithMessage(e.update, { params: { id: businessId, txId }, body }),
    refund: (businessId: number, txId: number, body: RefundBody) => transport.requestWithMessage(e.refund, { params: { id: businessId, txId }, body }),
  };
}

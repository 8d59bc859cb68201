import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id } from '../models/ids';
import type { PaymentProvider } from '../models/transaction';
import {
  payoutChargesQuery,
  payoutCharges,
  payoutDetail,
  payoutGrid,
  payoutImportBody,
  payoutImportResult,
  payoutList,
  type PayoutSchedule,
  payoutScheduleState,
  payoutScheduleUpdate,
  webPaymentList,
  webPaymentQuery,
} from '../models/webPayments';
import { COLUMN_KIND as K } from '../rules/export';
import { defineEndpoint } from './endpoint';
import { defineExport } from './exports';
import { defineOperation, proxyClient } from './proxy';
import type { Transport } from './transport';

/**
 * Web payments and payouts (spec 001 §7 Web payments, §3, §4, §5, §9). Every path is under
 * `/protected/business/{id}/`, one location and its payment provider (Stripe or NMI, from its epay
 * settings). Reading needs `reporting.transactionreport`; changing the payout schedule and
 * importing from the provider `setting.editsetting`. Amounts are integer cents whatever the
 * provider's unit; days are the location's business days.
 *
 * - `webpayments?start&end[&provider]`: the web payment rows (Provider, Amount, Invoice, Customer#,
 *   providerTxId, receipt) of a range, at most `WEB_PAYMENT_RANGE_MAX_DAYS` days;
 * - `webpayments/payouts?start&end[&provider]`: the payouts created in the range, each reconciled
 *   or not (gross − fee = amount) with the difference;
 * - `payouts/{payoutId}`: one payout and its itemisation, the unexplained remainder as its own
 *   line, the movements that explain it flagged (`explains`);
 * - `webpayments/payoutgrid?start&end[&provider]`: payouts × the checkout days of their charges;
 * - `webpayments/allpayoutcharges?id&checkout_day`: the charges of one day a payout paid;
 * - `webpayments/import` (Salondesk's): queues an import of the range's payouts and their balance
 *   movements from the provider (the same import runs on the provider's `payout.paid` webhook);
 * - the payout schedule through the proxy (io-request `stripe/payoutschedule` GET, and POST
 *   `stripe/payoutschedule/update` with `{ schedule: { delay_days, interval, weekly_anchor,
 *   monthly_anchor } }`): the provider's schedule with the next payout day it gives.
 */
const P = '/protected/business/{id}';
const business = z.object({ id });
const READ = 'reporting.transactionreport' as const;
const WRITE = 'setting.editsetting' as const;

export const webPaymentEndpoints = {
  list: defineEndpoint({
    name: 'webPayments.list',
    method: 'GET',
    path: `${P}/webpayments`,
    access: 'business',
    permission: READ,
    params: business,
    query: webPaymentQuery,
    response: webPaymentList,
    errorMessage: MESSAGES.failedToFetchWebPayments,
  }),
  payouts: defineEndpoint({
    name: 'webPayments.payouts',
    method: 'GET',
    path: `${P}/webpayments/payouts`,
    access: 'business',
    permission: READ,
    params: business,
    query: webPaymentQuery,
    response: payoutList,
    errorMessage: MESSAGES.failedToFetchPayoutData,
  }),
  payout: defineEndpoint({
    name: 'webPayments.payout',
    method: 'GET',
    path: `${P}/payouts/{payoutId}`,
    access: 'business',
    permission: READ,
    params: z.object({ id, payoutId: id }),
    /** 404 `payoutNotFound` for a payout of another location. */
    response: payoutDetail,
    errorMessage: MESSAGES.failedToFetchPayoutData,
  }),
  grid: defineEndpoint({
    name: 'webPayments.grid',
    method: 'GET',
    path: `${P}/webpayments/payoutgrid`,
    access: 'business',
    permission: READ,
    params: business,
    query: webPaymentQuery,
    response: payoutGrid,
    errorMessage: MESSAGES.failedToFetchPayoutData,
  }),
  charges: defineEndpoint({
    name: 'webPayments.charges',
    method: 'GET',
    path: `${P}/webpayments/allpayoutcharges`,
    access: 'business',
    permission: READ,
    params: business,
    query: payoutChargesQuery,
    response: payoutCharges,
    errorMessage: MESSAGES.failedToFetchPayoutData,
  }),
  import: defineEndpoint({
    name: 'webPayments.import',
    method: 'POST',
    path: `${P}/webpayments/import`,
    access: 'business',
    permission: WRITE,
    params: business,
    body: payoutImportBody,
    /** The queued import (its job id); the screens refresh when its notification arrives. */
    response: payoutImportResult,
    errorMessage: MESSAGES.failedToFetchPayoutData,
    successMessage: MESSAGES.payoutImportQueued,
  }),
} as const;

/** The payout schedule, through the proxy request (spec 001 §7: io-request stripe payout schedule get and update). */
export const webPaymentOperations = {
  schedule: /* @__PURE__ */ defineOperation({
    name: 'webPayments.schedule',
    method: 'GET',
    dest: 'stripe/payoutschedule',
    response: payoutScheduleState,
    permission: READ,
    errorMessage: MESSAGES.failedToFetchPayoutData,
  }),
  updateSchedule: /* @__PURE__ */ defineOperation({
    name: 'webPayments.updateSchedule',
    method: 'POST',
    dest: 'stripe/payoutschedule/update',
    body: payoutScheduleUpdate,
    response: payoutScheduleState,
    permission: WRITE,
    errorMessage: MESSAGES.failedToUpdateBang,
    successMessage: MESSAGES.payoutScheduleUpdated,
  }),
} as const;

const range = { start: webPaymentQuery.shape.start, end: webPaymentQuery.shape.end, provider: webPaymentQuery.shape.provider };

/** Web payments and payouts as files, read by the screens' own queries. */
export const webPaymentExports = {
  payments: defineExport({
    report: 'webpayments',
    title: 'Web payments',
    path: `${P}/export/webpayments`,
    access: 'business',
    permission: READ,
    params: business,
    query: range,
    columns: [
      { key: 'providerTxId', label: 'providerTxId', kind: K.TEXT },
      { key: 'checkout_day', label: 'Day', kind: K.DAY },
      { key: 'provider', label: 'Provider', kind: K.TEXT },
      { key: 'kind', label: 'Kind', kind: K.TEXT },
      { key: 'amount', label: 'Amount', kind: K.MONEY },
      { key: 'fee', label: 'Fee', kind: K.MONEY },
      { key: 'Invoice', label: 'Invoice', kind: K.TEXT },
      { key: 'customer_id', label: 'Customer#', kind: K.COUNT },
      { key: 'customer', label: 'Customer', kind: K.TEXT },
      { key: 'receipt', label: 'Receipt', kind: K.TEXT },
    ],
  }),
  payouts: defineExport({
    report: 'payouts',
    title: 'Payouts',
    path: `${P}/export/payouts`,
    access: 'business',
    permission: READ,
    params: business,
    query: range,
    columns: [
      { key: 'providerPayoutId', label: 'Payout', kind: K.TEXT },
      { key: 'created_day', label: 'Created', kind: K.DAY },
      { key: 'arrival_date', label: 'Arrival date', kind: K.DAY },
      { key: 'provider', label: 'Provider', kind: K.TEXT },
      { key: 'status', label: 'Status', kind: K.TEXT },
      { key: 'gross', label: 'Gross', kind: K.MONEY },
      { key: 'fee', label: 'Fee', kind: K.MONEY },
      { key: 'netamount', label: 'Net amount', kind: K.MONEY },
      { key: 'amount', label: 'Amount', kind: K.MONEY },
      { key: 'difference', label: 'Difference', kind: K.MONEY },
      { key: 'reconciled', label: 'Reconciled', kind: K.TEXT },
    ],
  }),
} as const;

export interface WebPaymentRange {
  start: string;
  end: string;
  provider?: PaymentProvider;
}

export function webPaymentsClient(transport: Transport) {
  const e = webPaymentEndpoints;
  const o = webPaymentOperations;
  const proxy = proxyClient(transport);
  return {
    /** `client.webPayments.list(1, { start: '2026-03-01', end: '2026-03-31', provider: 'stripe' })`: the web payment rows with their sums. */
    list: (businessId: number, query: WebPaymentRange) => transport.request(e.list, { params: { id: businessId }, query }),
    /** `client.webPayments.payouts(1, { start, end })`: the payouts created in the range, each reconciled or not. */
    payouts: (businessId: number, query: WebPaymentRange) => transport.request(e.payouts, { params: { id: businessId }, query }),
    /** `client.webPayments.payout(1, 42)`: a payout and its itemisation, the unexplained line last. */
    payout: (businessId: number, payoutId: number) => transport.request(e.payout, { params: { id: businessId, payoutId } }),
    /** `client.webPayments.grid(1, { start, end })`: payouts × checkout days. */
    grid: (businessId: number, query: WebPaymentRange) => transport.request(e.grid, { params: { id: businessId }, query }),
    /** `client.webPayments.charges(1, 42, '2026-03-02')`: the charges of 2 March that payout 42 paid. */
    charges: (businessId: number, payoutId: number, checkoutDay: string) =>
      transport.request(e.charges, { params: { id: businessId }, query: { id: payoutId, checkout_day: checkoutDay } }),
    /** `client.webPayments.import(1, { start, end })`: queues an import of the range's payouts from the provider. */
    import: (businessId: number, body: { start: string; end: string }) => transport.requestWithMessage(e.import, { params: { id: businessId }, body }),
    /** `client.webPayments.schedule(1)`: the provider's payout schedule and the next payout day. */
    schedule: (businessId: number) => proxy.call(o.schedule, businessId, {}),
    /** `client.webPayments.updateSchedule(1, { delay_days: 2, interval: 'weekly', weekly_anchor: 'friday', monthly_anchor: null })`. */
    updateSchedule: (businessId: number, schedule: PayoutSchedule) => proxy.call(o.updateSchedule, businessId, { body: { schedule } }),
  };
}

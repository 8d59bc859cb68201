import { z } from 'zod/mini';
import type * as zc from 'zod/v4/core';
import { ApiError } from '../errors';
import { MESSAGES } from '../messages';
import {
  accountBalanceEntry,
  accountBalanceKind,
  accountBalanceTotals,
  adjustmentInput,
  billingBusiness,
  billingCurrency,
  billingName,
  billingNote,
  billingTransaction,
  BILLING_INTERVALS,
  installmentPlan,
  invoice,
  invoiceDetail,
  invoiceFilterStatus,
  invoiceLineInput,
  invoiceStatus,
  pauseMode,
  paymentMethod,
  plan,
  planKind,
  shareLink,
  shareToken,
  subscription,
  subscriptionSetStatus,
  SUBSCRIPTION_STATES,
  INVOICE_STATUSES,
} from '../models/billing';
import { day, id, instant } from '../models/ids';
import { amount, boundedInt, text } from '../models/input';
import { type CallInput, defineEndpoint, fillPath, type Schema } from './endpoint';
import { defineOperation, type Operation, type OperationConfig } from './proxy';
import type { DownloadedFile, Transport } from './transport';

/**
 * Billing (spec 000 §7 Billing): one dispatcher, `GET`/`POST /protected/business/{id}/billing?uid=&dest=`
 * and the user-level `/protected/user/{id}/billing?dest=`, where `dest` names one of the 52
 * operations defined here, each once, with its schemas and who may call it. An unknown `dest` is a
 * 400, never a pass-through (the proxy's idea, `proxy.ts`). Placeholders in a dest (`invoice/{invoiceId}/detail/get`)
 * are its own params; the `{id}` of the path is the business (or the user).
 *
 * Who may call a dest (`access`; spec 000 §6 leaves billing roles open):
 * - `admin`: platform admins only;
 * - `owner`: a platform admin, or a user with the role OWNER (the one who pays) who may see the
 *   business of the path (on the user-level path: the user of the path themself);
 * - `member`: anyone who may see the business of the path (on the user-level path: that user).
 *
 * `uid` is the signed-in user's id (an admin may send their own); on the user-level path it is
 * optional and, if sent, must be the path's user.
 */
export const BILLING_BUSINESS_PATH = '/protected/business/{id}/billing';
export const BILLING_USER_PATH = '/protected/user/{id}/billing';

export type BillingAccess = 'admin' | 'owner' | 'member';
/** Which of the two paths a dest is served on. */
export type BillingRoute = 'business' | 'user';

export interface BillingDestConfig<
  TParams extends Schema | undefined = Schema | undefined,
  TQuery extends Schema | undefined = Schema | undefined,
  TBody extends Schema | undefined = Schema | undefined,
  TResponse extends Schema = Schema,
> extends OperationConfig<TParams, TQuery, TBody, TResponse> {
  route: BillingRoute;
  access: BillingAccess;
  /** A GET answered with a file (the invoice PDF), not the envelope; refusals are still the envelope. */
  download?: boolean;
}

export type BillingDest<
  TParams extends Schema | undefined = Schema | undefined,
  TQuery extends Schema | undefined = Schema | undefined,
  TBody extends Schema | undefined = Schema | undefined,
  TResponse extends Schema = Schema,
> = Operation<TParams, TQuery, TBody, TResponse> & { readonly route: BillingRoute; readonly access: BillingAccess; readonly download?: boolean };

// biome-ignore lint: the widest dest, for registries
export type AnyBillingDest = BillingDest<any, any, any, any>;

export function defineBillingDest<
  TParams extends Schema | undefined = undefined,
  TQuery extends Schema | undefined = undefined,
  TBody extends Schema | undefined = undefined,
  TResponse extends Schema = Schema,
>(config: BillingDestConfig<TParams, TQuery, TBody, TResponse>): BillingDest<TParams, TQuery, TBody, TResponse> {
  if (config.download && config.method !== 'GET') throw new Error(`Billing dest ${config.name}: a download is a GET`);
  return defineOperation(config) as BillingDest<TParams, TQuery, TBody, TResponse>;
}

const destName = z.string().check(z.minLength(1, { error: 'Name a destination' }));

/** The four routes of the dispatcher. GETs answer JSON or, for `invoice/{invoiceId}/pdf`, a file. */
export const billingEndpoints = {
  businessGet: defineEndpoint({
    name: 'billing.business.get',
    method: 'GET',
    path: BILLING_BUSINESS_PATH,
    access: 'business',
    mayDownload: true,
    params: z.object({ id }),
    query: z.looseObject({ uid: id, dest: destName }),
    response: z.unknown(),
    errorMessage: MESSAGES.requestFailed,
  }),
  businessPost: defineEndpoint({
    name: 'billing.business.post',
    method: 'POST',
    path: BILLING_BUSINESS_PATH,
    access: 'business',
    params: z.object({ id }),
    query: z.object({ uid: id, dest: destName }),
    body: z.unknown(),
    response: z.unknown(),
    errorMessage: MESSAGES.requestFailed,
  }),
  userGet: defineEndpoint({
    name: 'billing.user.get',
    method: 'GET',
    path: BILLING_USER_PATH,
    access: 'user',
    params: z.object({ id }),
    query: z.looseObject({ uid: z.optional(id), dest: destName }),
    response: z.unknown(),
    errorMessage: MESSAGES.requestFailed,
  }),
  userPost: defineEndpoint({
    name: 'billing.user.post',
    method: 'POST',
    path: BILLING_USER_PATH,
    access: 'user',
    params: z.object({ id }),
    query: z.object({ uid: z.optional(id), dest: destName }),
    body: z.unknown(),
    response: z.unknown(),
    errorMessage: MESSAGES.requestFailed,
  }),
} as const;

// ——— Shared request pieces ——————————————————————————————————————————————————————————————

const invoiceRef = z.object({ invoice_id: id });
const subscriptionRef = z.object({ subscription_id: id });
const methodRef = z.object({ payment_method_id: id });
const range = z.object({ startdate: day, enddate: day });
const optionalRange = z.object({ startdate: z.optional(day), enddate: z.optional(day) });
const yesNo = z.enum(['true', 'false'], { error: 'Must be true or false' });
/** An idempotency key a caller chooses (the embed's charge): the same key charges once. */
export const idempotencyKey = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'Must be 8 to 100 letters, digits, - or _' }));
/** A signed whole number of cents or messages for an account balance entry: not 0. */
const signedAmount = boundedInt(-100_000_000, 100_000_000, { tooSmall: MESSAGES.invalidAmount, tooLarge: MESSAGES.invalidAmount }).check(
  z.refine((n) => n !== 0, { error: 'Enter an amount other than 0' }),
);
const ok = z.object({ ok: z.literal(true) });
const invoices = z.array(invoice);

/** A new plan made with a subscription (there is no plan dest but `plan/all`). */
export const newPlanInput = z.object({
  name: billingName,
  kind: planKind,
  amount: amount(),
  currency: billingCurrency,
  interval: z.optional(z.enum(BILLING_INTERVALS)),
  description: z.optional(billingNote),
});

const B = 'business' as const;
const U = 'user' as const;

// ——— subscription (8) ————————————————————————————————————————————————————————————————————

const subscriptionDests = {
  allByUserid: defineBillingDest({
    name: 'billing.subscription.allByUserid',
    route: U,
    access: 'member',
    method: 'GET',
    dest: 'subscription/all-by-userid',
    query: z.object({ include_deleted: z.optional(yesNo) }),
    response: z.array(subscription),
    errorMessage: MESSAGES.failedToFetchData,
  }),
  addAdjustment: defineBillingDest({
    name: 'billing.subscription.addAdjustment',
    route: B,
    access: 'admin',
    method: 'POST',
    dest: 'subscription/add-adjustment',
    body: z.object({ subscription_id: id, adjustment: adjustmentInput }),
    response: subscription,
    errorMessage: MESSAGES.failedToUpdate,
  }),
  create: defineBillingDest({
    name: 'billing.subscription.create',
    route: B,
    access: 'admin',
    method: 'POST',
    dest: 'subscription/create',
    body: z
      .object({
        /** Who pays: a user who may see the business. */
        user_id: id,
        plan_id: z.optional(id),
        /** Or a new plan, made with it. */
        plan: z.optional(newPlanInput),
        /** The first cycle's start (default: today in the business's time zone). */
        starts_on: z.optional(day),
        payment_method_id: z.optional(id),
        adjustments: z.optional(z.array(adjustmentInput).check(z.maxLength(20))),
        /** Created paused: from `starts_on`, in this mode, until `ends_on` or removed. */
        paused: z.optional(z.object({ mode: pauseMode, ends_on: z.optional(day), reason: z.optional(billingNote) })),
      })
      .check(z.refine((b) => (b.plan_id === undefined) !== (b.plan === undefined), { error: 'Choose a plan or describe a new one', path: ['plan_id'] })),
    response: subscription,
    errorMessage: MESSAGES.failedToAdd,
  }),
  changeStatus: defineBillingDest({
    name: 'billing.subscription.changeStatus',
    route: B,
    access: 'admin',
    method: 'POST',
    dest: 'subscription/change-status',
    body: z
      .object({
        subscription_id: id,
        status: subscriptionSetStatus,
        pause_mode: z.optional(pauseMode),
        starts_on: day,
        ends_on: z.optional(day),
        reason: z.optional(billingNote),
      })
      .check(
        z.refine((b) => b.status !== 'paused' || b.pause_mode !== undefined, { error: 'Choose PAUSE or PAUSEWITHOUTINVOICE', path: ['pause_mode'] }),
        z.refine((b) => b.status === 'paused' || b.pause_mode === undefined, { error: 'A pause mode goes only with paused', path: ['pause_mode'] }),
        z.refine((b) => b.ends_on === undefined || b.ends_on >= b.starts_on, { error: 'The end is before the start', path: ['ends_on'] }),
      ),
    response: subscription,
    errorMessage: MESSAGES.failedToUpdate,
  }),
  removeStatus: defineBillingDest({
    name: 'billing.subscription.removeStatus',
    route: B,
    access: 'admin',
    method: 'POST',
    dest: 'subscription/remove-status',
    body: z.object({ subscription_id: id, status_id: id }),
    response: subscription,
    errorMessage: MESSAGES.failedToUpdate,
  }),
  count: defineBillingDest({
    name: 'billing.subscription.count',
    route: B,
    access: 'member',
    method: 'GET',
    dest: 'subscription/count',
    response: z.object({ count: z.number(), by_state: z.record(z.enum(SUBSCRIPTION_STATES), z.number()) }),
    errorMessage: MESSAGES.failedToFetchData,
  }),
  counts: defineBillingDest({
    name: 'billing.subscription.counts',
    route: U,
    access: 'admin',
    method: 'GET',
    dest: 'subscription/counts',
    response: z.object({
      total: z.number(),
      by_state: z.record(z.enum(SUBSCRIPTION_STATES), z.number()),
      by_invoice_status: z.record(z.enum(INVOICE_STATUSES), z.number()),
      businesses: z.array(z.object({ business_id: id, business_name: z.string(), count: z.number() })),
    }),
    errorMessage: MESSAGES.failedToFetchData,
  }),
  softDelete: defineBillingDest({
    name: 'billing.subscription.softDelete',
    route: B,
    access: 'admin',
    method: 'POST',
    dest: 'subscription/soft-delete',
    body: subscriptionRef,
    response: ok,
    errorMessage: MESSAGES.failedToUpdate,
  }),
} as const;

// ——— plan (1), reports (4), businesses (1) ———————————————————————————————————————————————

const planDests = {
  all: defineBillingDest({
    name: 'billing.plan.all',
    route: U,
    access: 'member',
    method: 'GET',
    dest: 'plan/all',
    response: z.array(plan),
    errorMessage: MESSAGES.failedToFetchData,
  }),
} as const;

const reportsDests = {
  businesses: defineBillingDest({
    name: 'billing.reports.businesses',
    route: U,
    access: 'admin',
    method: 'GET',
    dest: 'reports/businesses',
    response: z.array(billingBusiness),
    errorMessage: MESSAGES.failedToFetchData,
  }),
  invoices: defineBillingDest({
    name: 'billing.reports.invoices',
    route: U,
    access: 'admin',
    method: 'GET',
    dest: 'reports/invoices/{businessId}',
    params: z.object({ businessId: id }),
    query: optionalRange,
    response: invoices,
    errorMessage: MESSAGES.failedToFetchData,
  }),
  recurringInvoices: defineBillingDest({
    name: 'billing.reports.recurringInvoices',
    route: U,
    access: 'admin',
    method: 'GET',
    dest: 'reports/recurring-invoices',
    query: range,
    response: invoices,
    errorMessage: MESSAGES.failedToFetchData,
  }),
  onetimeInvoices: defineBillingDest({
    name: 'billing.reports.onetimeInvoices',
    route: U,
    access: 'admin',
    method: 'GET',
    dest: 'reports/onetime-invoices',
    query: range,
    response: invoices,
    errorMessage: MESSAGES.failedToFetchData,
  }),
} as const;

const businessesDests = {
  all: defineBillingDest({
    name: 'billing.businesses.all',
    route: U,
    access: 'admin',
    method: 'GET',
    dest: 'businesses/all',
    response: z.array(billingBusiness),
    errorMessage: MESSAGES.failedToFetchBusinessData,
  }),
} as const;

// ——— accountbalance (7) ——————————————————————————————————————————————————————————————————

const balanceList = z.object({ totals: accountBalanceTotals, entries: z.array(accountBalanceEntry) });

const accountbalanceDests = {
  all: defineBillingDest({
    name: 'billing.accountbalance.all',
    route: B,
    access: 'member',
    method: 'GET',
    dest: 'accountbalance/all',
    response: balanceList,
    errorMessage: MESSAGES.failedToFetchData,
  }),
  create: defineBillingDest({
    name: 'billing.accountbalance.create',
    route: B,
    access: 'admin',
    method: 'POST',
    dest: 'accountbalance/create',
    body: z.object({ kind: accountBalanceKind, amount: signedAmount, description: z.optional(billingNote) }),
    response: accountBalanceEntry,
    errorMessage: MESSAGES.failedToAdd,
  }),
  update: defineBillingDest({
    name: 'billing.accountbalance.update',
    route: B,
    access: 'admin',
    method: 'POST',
    dest: 'accountbalance/update',
    body: z.object({ entry_id: id, amount: z.optional(signedAmount), description: z.optional(billingNote) }).check(
      z.refine((b) => b.amount !== undefined || b.description !== undefined, { error: MESSAGES.nothingToChange }),
    ),
    response: accountBalanceEntry,
    errorMessage: MESSAGES.failedToUpdate,
  }),
  delete: defineBillingDest({
    name: 'billing.accountbalance.delete',
    route: B,
    access: 'admin',
    method: 'POST',
    dest: 'accountbalance/delete',
    body: z.object({ entry_id: id }),
    response: ok,
    errorMessage: MESSAGES.failedToUpdate,
  }),
  allFund: defineBillingDest({
    name: 'billing.accountbalance.allFund',
    route: B,
    access: 'member',
    method: 'GET',
    dest: 'accountbalance/all/fund',
    response: balanceList,
    errorMessage: MESSAGES.failedToFetchData,
  }),
  allMessage: defineBillingDest({
    name: 'billing.accountbalance.allMessage',
    route: B,
    access: 'member',
    method: 'GET',
    dest: 'accountbalance/all/message',
    response: balanceList,
    errorMessage: MESSAGES.failedToFetchData,
  }),
  businessHistory: defineBillingDest({
    name: 'billing.accountbalance.businessHistory',
    route: U,
    access: 'admin',
    method: 'GET',
    dest: 'accountbalance/business/{businessId}/history/get',
    params: z.object({ businessId: id }),
    response: balanceList,
    errorMessage: MESSAGES.failedToFetchData,
  }),
} as const;

// ——— payment (12) ———————————————————————————————————————————————————————————————————————

/**
 * What the browser needs to confirm a setup intent with the provider itself (the card number goes
 * from the browser to the provider, never through Salondesk): Stripe.js with `publishable_key`,
 * or, in demo and tests, the same wire calls to `api_base` (the local simulator).
 */
export const setupIntentAnswer = z.object({
  provider: z.literal('stripe'),
  setup_intent_id: z.string(),
  client_secret: z.string(),
  publishable_key: z.string(),
  /** `https://api.stripe.com`, or the simulator's address. */
  api_base: z.string(),
});
export type SetupIntentAnswer = z.infer<typeof setupIntentAnswer>;

/** A confirmed setup intent turned into a saved method. */
export const addPaymentMethodInput = z.object({
  setup_intent_id: z.string().check(z.regex(/^seti_[A-Za-z0-9]{1,60}$/, { error: 'Must be a setup intent id (seti_…)' })),
  name: z.optional(billingName),
  make_default: z.optional(z.boolean()),
});

const paymentDests = {
  all: defineBillingDest({
    name: 'billing.payment.all',
    route: U,
    access: 'member',
    method: 'GET',
    dest: 'payment/all',
    response: z.array(paymentMethod),
    errorMessage: MESSAGES.failedToFetchData,
  }),
  createSetupIntent: defineBillingDest({
    name: 'billing.payment.createSetupIntent',
    route: U,
    access: 'owner',
    method: 'POST',
    dest: 'payment/create-setup-intent',
    body: z.object({ kind: z.optional(z.enum(['card', 'bank_account'])) }),
    response: setupIntentAnswer,
    errorMessage: MESSAGES.failedToAdd,
  }),
  create: defineBillingDest({
    name: 'billing.payment.create',
    route: U,
    access: 'owner',
    method: 'POST',
    dest: 'payment/create',
    body: addPaymentMethodInput,
    response: paymentMethod,
    errorMessage: MESSAGES.failedToAdd,
  }),
  updateName: defineBillingDest({
    name: 'billing.payment.updateName',
    route: U,
    access: 'owner',
    method: 'POST',
    dest: 'payment/update-name',
    body: z.object({ payment_method_id: id, name: billingName }),
    response: paymentMethod,
    errorMessage: MESSAGES.failedToUpdate,
  }),
  updateCard: defineBillingDest({
    name: 'billing.payment.updateCard',
    route: U,
    access: 'owner',
    method: 'POST',
    dest: 'payment/update-card',
    body: z.object({ payment_method_id: id, exp_month: boundedInt(1, 12), exp_year: boundedInt(2000, 2099) }),
    response: paymentMethod,
    errorMessage: MESSAGES.failedToUpdate,
  }),
  makeDefault: defineBillingDest({
    name: 'billing.payment.makeDefault',
    route: U,
    access: 'owner',
    method: 'POST',
    dest: 'payment/make-default',
    body: methodRef,
    response: z.array(paymentMethod),
    errorMessage: MESSAGES.failedToUpdate,
  }),
  remove: defineBillingDest({
    name: 'billing.payment.remove',
    route: U,
    access: 'owner',
    method: 'POST',
    dest: 'payment/remove',
    body: methodRef,
    response: ok,
    errorMessage: MESSAGES.failedToUpdate,
  }),
  addToSub: defineBillingDest({
    name: 'billing.payment.addToSub',
    route: U,
    access: 'owner',
    method: 'POST',
    dest: 'payment/add-to-sub',
    body: z.object({ payment_method_id: id, subscription_id: id }),
    response: paymentMethod,
    errorMessage: MESSAGES.failedToUpdate,
  }),
  addToMultipleSubs: defineBillingDest({
    name: 'billing.payment.addToMultipleSubs',
    route: U,
    access: 'owner',
    method: 'POST',
    dest: 'payment/add-to-multiple-subs',
    body: z.object({ payment_method_id: id, subscription_ids: z.array(id).check(z.minLength(1, { error: 'Choose a subscription' }), z.maxLength(200)) }),
    response: paymentMethod,
    errorMessage: MESSAGES.failedToUpdate,
  }),
  removeFromSub: defineBillingDest({
    name: 'billing.payment.removeFromSub',
    route: U,
    access: 'owner',
    method: 'POST',
    dest: 'payment/remove-from-sub',
    body: subscriptionRef,
    response: ok,
    errorMessage: MESSAGES.failedToUpdate,
  }),
  createLinkToken: defineBillingDest({
    name: 'billing.payment.createLinkToken',
    route: U,
    access: 'owner',
    method: 'POST',
    dest: 'payment/create_link_token',
    body: z.object({}),
    /** A bank-account link session (Stripe Financial Connections): its client secret, for the browser. */
    response: z.object({ link_token: z.string(), expiration: instant }),
    errorMessage: MESSAGES.failedToAdd,
  }),
  share: defineBillingDest({
    name: 'billing.payment.share',
    route: U,
    access: 'owner',
    method: 'POST',
    dest: 'payment/share',
    body: z.object({}),
    response: shareLink,
    errorMessage: MESSAGES.failedToAdd,
  }),
} as const;

// ——— onetimebilling (4) ——————————————————————————————————————————————————————————————————

const onetimebillingDests = {
  charge: defineBillingDest({
    name: 'billing.onetimebilling.charge',
    route: B,
    access: 'owner',
    method: 'POST',
    dest: 'onetimebilling/charge',
    body: z
      .object({
        /** The user who pays (default: the caller); an admin may name anyone who may see the business. */
        user_id: z.optional(id),
        plan_id: z.optional(id),
        lines: z.optional(z.array(invoiceLineInput).check(z.minLength(1), z.maxLength(50))),
        payment_method_id: z.optional(id),
        comment: z.optional(billingNote),
        idempotency_key: z.optional(idempotencyKey),
      })
      .check(z.refine((b) => (b.plan_id === undefined) !== (b.lines === undefined), { error: 'Choose a Onetime plan or give the lines', path: ['lines'] })),
    response: invoiceDetail,
    errorMessage: MESSAGES.requestFailed,
  }),
  chargeInstallment: defineBillingDest({
    name: 'billing.onetimebilling.chargeInstallment',
    route: B,
    access: 'owner',
    method: 'POST',
    dest: 'onetimebilling/charge-installment',
    body: z.object({
      /** Whom it is for: anyone for an admin, only oneself otherwise (`canCreateInstallmentFor`). */
      user_id: id,
      description: text(200, { min: 1, trim: true, tooShort: 'Describe what is paid' }),
      total: amount().check(z.minimum(1, { error: MESSAGES.invalidAmount })),
      count: boundedInt(2, 36, { tooSmall: 'At least 2 instalments', tooLarge: 'At most 36 instalments' }),
      /** The first instalment's due day (default: today); the rest monthly. */
      first_due_on: z.optional(day),
      payment_method_id: z.optional(id),
      /** Charge the first instalment now. */
      charge_first: z.optional(z.boolean()),
      idempotency_key: z.optional(idempotencyKey),
    }),
    response: installmentPlan,
    errorMessage: MESSAGES.requestFailed,
  }),
  chargeAccountBalance: defineBillingDest({
    name: 'billing.onetimebilling.chargeAccountBalance',
    route: B,
    access: 'owner',
    method: 'POST',
    dest: 'onetimebilling/charge-account-balance',
    body: z.object({
      kind: accountBalanceKind,
      /** Cents to pay; for `message`, the credits bought are `messages`. */
      amount: amount().check(z.minimum(1, { error: MESSAGES.invalidAmount })),
      messages: z.optional(boundedInt(1, 1_000_000)),
      payment_method_id: z.optional(id),
      idempotency_key: z.optional(idempotencyKey),
    }).check(z.refine((b) => b.kind !== 'message' || b.messages !== undefined, { error: 'Say how many messages', path: ['messages'] })),
    response: z.object({ invoice: invoiceDetail, entry: z.nullable(accountBalanceEntry) }),
    errorMessage: MESSAGES.requestFailed,
  }),
  chargeInvoice: defineBillingDest({
    name: 'billing.onetimebilling.chargeInvoice',
    route: B,
    access: 'owner',
    method: 'POST',
    dest: 'onetimebilling/charge-invoice',
    body: z.object({ invoice_id: id, payment_method_id: z.optional(id), idempotency_key: z.optional(idempotencyKey) }),
    response: invoiceDetail,
    errorMessage: MESSAGES.requestFailed,
  }),
} as const;

// ——— invoice (14) ———————————————————————————————————————————————————————————————————————

const invoiceDests = {
  all: defineBillingDest({
    name: 'billing.invoice.all',
    route: B,
    access: 'member',
    method: 'GET',
    dest: 'invoice/all',
    query: range,
    response: invoices,
    errorMessage: MESSAGES.failedToFetchData,
  }),
  detail: defineBillingDest({
    name: 'billing.invoice.detail',
    route: B,
    access: 'member',
    method: 'GET',
    dest: 'invoice/{invoiceId}/detail/get',
    params: z.object({ invoiceId: id }),
    response: invoiceDetail,
    errorMessage: MESSAGES.failedToFetchData,
  }),
  withfilter: defineBillingDest({
    name: 'billing.invoice.withfilter',
    route: B,
    access: 'member',
    method: 'GET',
    dest: 'invoice/withfilter',
    query: z.object({ status: z.optional(invoiceFilterStatus), past_due: z.optional(yesNo), startdate: z.optional(day), enddate: z.optional(day) }),
    response: invoices,
    errorMessage: MESSAGES.failedToFetchData,
  }),
  onetime: defineBillingDest({
    name: 'billing.invoice.onetime',
    route: B,
    access: 'member',
    method: 'GET',
    dest: 'invoice/onetime',
    query: optionalRange,
    response: invoices,
    errorMessage: MESSAGES.failedToFetchData,
  }),
  payments: defineBillingDest({
    name: 'billing.invoice.payments',
    route: B,
    access: 'member',
    method: 'GET',
    dest: 'invoice/payments/{invoiceId}/get',
    params: z.object({ invoiceId: id }),
    response: z.array(billingTransaction),
    errorMessage: MESSAGES.failedToFetchData,
  }),
  changePaymentMethod: defineBillingDest({
    name: 'billing.invoice.changePaymentMethod',
    route: B,
    access: 'owner',
    method: 'POST',
    dest: 'invoice/change-payment-method',
    body: z.object({ invoice_id: id, payment_method_id: id }),
    response: invoiceDetail,
    errorMessage: MESSAGES.failedToUpdate,
  }),
  changeInvoiceStatus: defineBillingDest({
    name: 'billing.invoice.changeInvoiceStatus',
    route: B,
    access: 'admin',
    method: 'POST',
    dest: 'invoice/change-invoice-status',
    body: z.object({ invoice_id: id, status: invoiceStatus, reason: text(500, { min: 1, trim: true, tooShort: 'Give a reason for the change' }) }),
    response: invoiceDetail,
    errorMessage: MESSAGES.failedToUpdate,
  }),
  changeDueDate: defineBillingDest({
    name: 'billing.invoice.changeDueDate',
    route: B,
    access: 'admin',
    method: 'POST',
    dest: 'invoice/change-due-date',
    body: z.object({ invoice_id: id, dueDate: day }),
    response: invoiceDetail,
    errorMessage: MESSAGES.failedToUpdate,
  }),
  updateComment: defineBillingDest({
    name: 'billing.invoice.updateComment',
    route: B,
    access: 'owner',
    method: 'POST',
    dest: 'invoice/update-comment',
    body: z.object({ invoice_id: id, comment: billingNote }),
    response: invoiceDetail,
    errorMessage: MESSAGES.failedToUpdate,
  }),
  resetAttempts: defineBillingDest({
    name: 'billing.invoice.resetAttempts',
    route: B,
    access: 'admin',
    method: 'POST',
    dest: 'invoice/{invoiceId}/reset-attempts',
    params: z.object({ invoiceId: id }),
    body: z.object({}),
    response: invoiceDetail,
    errorMessage: MESSAGES.failedToUpdate,
  }),
  removePaymentMethod: defineBillingDest({
    name: 'billing.invoice.removePaymentMethod',
    route: B,
    access: 'owner',
    method: 'POST',
    dest: 'invoice/remove-payment-method',
    body: invoiceRef,
    response: invoiceDetail,
    errorMessage: MESSAGES.failedToUpdate,
  }),
  refund: defineBillingDest({
    name: 'billing.invoice.refund',
    route: B,
    access: 'owner',
    method: 'POST',
    dest: 'invoice/refund',
    /** Spec 000 §3 Payment refund: invoice_id, foreign_payment_id (the provider's charge id), amount in cents. */
    body: z.object({
      invoice_id: id,
      foreign_payment_id: text(255, { min: 1, tooShort: 'Choose the payment to refund' }),
      amount: amount().check(z.minimum(1, { error: MESSAGES.invalidAmount })),
      reason: z.optional(billingNote),
    }),
    response: invoiceDetail,
    errorMessage: MESSAGES.requestFailed,
  }),
  softDelete: defineBillingDest({
    name: 'billing.invoice.softDelete',
    route: B,
    access: 'admin',
    method: 'POST',
    dest: 'invoice/soft-delete',
    body: invoiceRef,
    response: ok,
    errorMessage: MESSAGES.failedToUpdate,
  }),
  pdf: defineBillingDest({
    name: 'billing.invoice.pdf',
    route: B,
    access: 'member',
    method: 'GET',
    dest: 'invoice/{invoiceId}/pdf',
    params: z.object({ invoiceId: id }),
    download: true,
    /** Never parsed: the answer is the PDF file. */
    response: z.unknown(),
    errorMessage: MESSAGES.requestFailed,
  }),
} as const;

// ——— trigger-scheduler (1) ———————————————————————————————————————————————————————————————

const schedulerDests = {
  trigger: defineBillingDest({
    name: 'billing.triggerScheduler',
    route: U,
    access: 'admin',
    method: 'POST',
    dest: 'trigger-scheduler',
    body: z.object({}),
    /** The queued job's id: the run happens in the background. */
    response: z.object({ queued: z.literal(true), job_id: z.nullable(z.string()) }),
    errorMessage: MESSAGES.requestFailed,
  }),
} as const;

/** Every dest of spec 000 §7 Billing, by group: 52. */
export const billingDests = {
  subscription: subscriptionDests,
  plan: planDests,
  reports: reportsDests,
  businesses: businessesDests,
  accountbalance: accountbalanceDests,
  payment: paymentDests,
  onetimebilling: onetimebillingDests,
  invoice: invoiceDests,
  scheduler: schedulerDests,
} as const;

/** Every billing dest as a flat list, for the dispatcher, the fuzzer and the cross-business matrix. */
export const allBillingDests: readonly AnyBillingDest[] = /* @__PURE__ */ Object.values(billingDests as Record<string, Record<string, AnyBillingDest>>).flatMap((group) =>
  Object.values(group),
);

// ——— The public add-a-payment-method page (route rule `payment-method`) ————————————————————

/** What the public page shows for a share link, with the setup intent to confirm. */
export const sharedLinkAnswer = z.object({
  /** Whose method it becomes: their name only. */
  for_name: z.string(),
  expires_at: instant,
  setup: setupIntentAnswer,
});

export const paymentMethodShareEndpoints = {
  get: defineEndpoint({
    name: 'billing.share.get',
    method: 'GET',
    path: '/payment-method/{token}/get',
    access: 'public',
    params: z.object({ token: shareToken }),
    response: sharedLinkAnswer,
    errorMessage: 'This link is not valid',
  }),
  add: defineEndpoint({
    name: 'billing.share.add',
    method: 'POST',
    path: '/payment-method/{token}/add',
    access: 'public',
    params: z.object({ token: shareToken }),
    body: z.object({ setup_intent_id: addPaymentMethodInput.shape.setup_intent_id, name: z.optional(billingName) }),
    response: z.object({ added: z.literal(true), last4: z.string(), brand: z.nullable(z.string()) }),
    errorMessage: 'This link is not valid',
  }),
} as const;

// ——— The client: `client.billing.<group>.<op>(at, input)` ————————————————————————————————

/** Where a business-level dest runs: the business, and the signed-in user's id (`uid`). */
export interface BusinessTarget {
  businessId: number;
  uid: number;
}
/** Where a user-level dest runs: the user (themself, or any for an admin). */
export interface UserTarget {
  userId: number;
}

type TargetOf<D extends AnyBillingDest> = D['route'] extends 'business' ? BusinessTarget : UserTarget;
type DestCall<D extends AnyBillingDest> = D['download'] extends true
  ? (at: TargetOf<D>, input: CallInput<D>) => Promise<DownloadedFile>
  : (at: TargetOf<D>, input: CallInput<D>) => Promise<zc.output<D['response']>>;
type GroupClient<G extends Record<string, AnyBillingDest>> = { [K in keyof G]: DestCall<G[K]> };
export type BillingClient = { [G in keyof typeof billingDests]: GroupClient<(typeof billingDests)[G]> } & {
  /** Calls a dest by its definition. */
  call<D extends AnyBillingDest>(dest: D, at: TargetOf<D>, input: CallInput<D>): ReturnType<DestCall<D>>;
};

/** The wire of one call: the dispatcher's endpoint and its input. */
export function billingRequest(dest: AnyBillingDest, at: BusinessTarget | UserTarget, input: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown }) {
  const destPath = fillPath(dest.dest, input.params);
  const business = dest.route === 'business';
  const target = at as Partial<BusinessTarget & UserTarget>;
  const params = { id: business ? target.businessId : target.userId };
  const identity = business ? { uid: target.uid } : {};
  if (dest.method === 'GET') {
    return { endpoint: business ? billingEndpoints.businessGet : billingEndpoints.userGet, input: { params, query: { ...input.query, ...identity, dest: destPath } } };
  }
  return { endpoint: business ? billingEndpoints.businessPost : billingEndpoints.userPost, input: { params, query: { ...identity, dest: destPath }, body: input.body ?? {} } };
}

export function billingClient(transport: Transport): BillingClient {
  async function call(dest: AnyBillingDest, at: BusinessTarget | UserTarget, input: CallInput<AnyBillingDest> = {} as CallInput<AnyBillingDest>) {
    const { endpoint, input: wire } = billingRequest(dest, at, input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown });
    const options = { errorMessage: dest.errorMessage };
    // biome-ignore lint: the four endpoints share one input shape
    if (dest.download) return transport.download(endpoint as any, wire as any, options);
    // biome-ignore lint: as above
    const data = await transport.request(endpoint as any, wire as any, options);
    const parsed = z.safeParse(dest.response, data);
    if (!parsed.success) throw new ApiError({ status: 200, code: 'INVALID_RESPONSE', message: dest.errorMessage, cause: parsed.error });
    return parsed.data;
  }
  const groups = Object.fromEntries(
    Object.entries(billingDests as Record<string, Record<string, AnyBillingDest>>).map(([group, dests]) => [
      group,
      Object.fromEntries(Object.entries(dests).map(([op, dest]) => [op, (at: BusinessTarget | UserTarget, input: CallInput<AnyBillingDest>) => call(dest, at, input)])),
    ]),
  );
  return { ...groups, call } as unknown as BillingClient;
}


import { z } from 'zod/mini';
import { idempotencyKey } from '../api/billing';
import { day, id } from '../models/ids';
import { AMOUNT_MAX, boundedInt, text } from '../models/input';
import { MESSAGES } from '../messages';

/**
 * The embed messaging protocol (spec 001 §7 "Embed messaging"; ARCHITECTURE.md "Embed"): what a
 * parent page and the dashboard in its iframe say to each other with `window.postMessage`.
 *
 * Every message carries `protocol` (so other scripts' messages on the same window are told
 * apart) and `v`, the protocol version; a request carries `id`, a correlation id the reply
 * repeats. Parent → dashboard: `login` (who is signed in), `chargeInvoice` and
 * `createInstallmentInvoice`, the last two with an `idempotencyKey` (the same key is charged once,
 * however often it is sent). Dashboard → parent: the spec's events `loaded` (once, when the
 * dashboard is ready; no `id`), `loginResponse` (to `login`) and `paymentResponse` (to a charge or
 * an installment invoice; `status: false` when it failed, with the reason in `message`).
 */
export const EMBED_PROTOCOL = 'salondesk-embed';
/** The version this SDK speaks. A message of another version is answered `status: false` (when it can be correlated) and never acted on. */
export const EMBED_VERSION = 1;

/** How long the parent client waits for a reply before failing with `EmbedTimeoutError`. */
export const EMBED_TIMEOUT_MS = 30_000;

/** A correlation id: what the parent client makes (a UUID) or any short token of the same alphabet. */
export const embedRequestId = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/));

const header = { protocol: z.literal(EMBED_PROTOCOL), v: z.literal(EMBED_VERSION) };
const request = { ...header, id: embedRequestId };

export const EMBED_REQUEST_KIND = { login: 'login', chargeInvoice: 'chargeInvoice', createInstallmentInvoice: 'createInstallmentInvoice' } as const;
export type EmbedRequestKind = (typeof EMBED_REQUEST_KIND)[keyof typeof EMBED_REQUEST_KIND];

/** Who is signed in to the dashboard in the frame. */
export const loginRequest = z.object({ ...request, kind: z.literal('login') });

/** Charge one invoice of the business with its payment method (spec 001 §4: only an unpaid or failed invoice). */
export const chargeInvoiceRequest = z.object({
  ...request,
  kind: z.literal('chargeInvoice'),
  idempotencyKey,
  invoiceId: id,
});

/** The most instalments an installment invoice is split into (billing's `charge-installment`). */
export const INSTALLMENTS_MAX = 36;

/**
 * Create an installment invoice (billing's `onetimebilling/charge-installment`; spec 001 §6:
 * admins for any user, anyone else only for themselves — `userId` left out means the signed-in
 * user): `total` in cents split into `count` monthly instalments from `firstDueOn` (default today),
 * the first charged at once with `chargeFirst`.
 */
export const createInstallmentInvoiceRequest = z.object({
  ...request,
  kind: z.literal('createInstallmentInvoice'),
  idempotencyKey,
  userId: z.optional(id),
  description: text(200, { min: 1, trim: true, tooShort: 'Describe what is paid' }),
  total: boundedInt(1, AMOUNT_MAX, { notANumber: MESSAGES.invalidAmount, tooSmall: MESSAGES.invalidAmount, tooLarge: MESSAGES.invalidAmount }),
  count: boundedInt(2, INSTALLMENTS_MAX),
  firstDueOn: z.optional(day),
  chargeFirst: z.optional(z.boolean()),
});

export const embedRequest = z.discriminatedUnion('kind', [loginRequest, chargeInvoiceRequest, createInstallmentInvoiceRequest]);
export type EmbedRequest = z.infer<typeof embedRequest>;
export type LoginRequest = z.infer<typeof loginRequest>;
export type ChargeInvoiceRequest = z.infer<typeof chargeInvoiceRequest>;
export type CreateInstallmentInvoiceRequest = z.infer<typeof createInstallmentInvoiceRequest>;

/** The dashboard is ready in the frame and listens (sent once, to the parent's origin only). */
export const loadedEvent = z.object({ ...header, kind: z.literal('loaded'), businessId: id });

/** Who is signed in: `status: false` when nobody is (the parent shows a sign-in link to the dashboard). */
export const loginResponse = z.object({
  ...header,
  kind: z.literal('loginResponse'),
  id: embedRequestId,
  status: z.boolean(),
  user: z.optional(z.object({ id, name: z.string() })),
  message: z.optional(z.string()),
});

/**
 * The invoice a payment reply is about, enough for the parent page to show what happened: the
 * charged invoice, or an installment plan's first instalment's invoice (with the plan's id).
 */
export const embedInvoice = z.object({
  id,
  status: z.string(),
  /** Cents: the invoice's total (for an installment plan, the plan's). */
  amount: z.int(),
  currency: z.optional(z.string()),
  installmentPlanId: z.optional(id),
});

/** The outcome of a charge or an installment invoice: `status: false` with the reason when it failed (spec 001 §7). */
export const paymentResponse = z.object({
  ...header,
  kind: z.literal('paymentResponse'),
  id: embedRequestId,
  status: z.boolean(),
  invoice: z.optional(embedInvoice),
  message: z.optional(z.string()),
});

export const embedReply = z.discriminatedUnion('kind', [loadedEvent, loginResponse, paymentResponse]);
export type EmbedReply = z.infer<typeof embedReply>;
export type LoadedEvent = z.infer<typeof loadedEvent>;
export type LoginResponse = z.infer<typeof loginResponse>;
export type PaymentResponse = z.infer<typeof paymentResponse>;
export type EmbedInvoice = z.infer<typeof embedInvoice>;

/** The reply kind each request gets. */
export const REPLY_KIND_OF: Record<EmbedRequestKind, 'loginResponse' | 'paymentResponse'> = {
  login: 'loginResponse',
  chargeInvoice: 'paymentResponse',
  createInstallmentInvoice: 'paymentResponse',
};

/** Is `data` a message of this protocol at all (any version)? Other scripts' messages are not. */
export const isEmbedMessage = (data: unknown): data is { protocol: typeof EMBED_PROTOCOL; v: unknown; id?: unknown; kind?: unknown } =>
  typeof data === 'object' && data !== null && (data as { protocol?: unknown }).protocol === EMBED_PROTOCOL;

/**
 * What the embed code needs of a window it posts to (`Window`'s `postMessage(message, targetOrigin)`),
 * written out so core builds without the DOM library.
 */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** What the embed code reads of a `message` event. */
export interface EmbedMessageEvent {
  readonly data: unknown;
  readonly origin: string;
  readonly source: unknown;
}

/** A window that hears `message` events (injected; tests pass their own). */
export interface MessageWindow {
  addEventListener(type: 'message', listener: (event: EmbedMessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: EmbedMessageEvent) => void): void;
}

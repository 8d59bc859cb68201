import mitt from 'mitt';
import { safeParse } from 'zod/mini';
import { MESSAGES } from '../messages';
import {
  EMBED_PROTOCOL,
  EMBED_TIMEOUT_MS,
  EMBED_VERSION,
  type EmbedReply,
  embedReply,
  type EmbedMessageEvent,
  isEmbedMessage,
  type LoadedEvent,
  type MessageTarget,
  type MessageWindow,
  type LoginResponse,
  type PaymentResponse,
} from './messages';
import { parseOrigin } from './origin';

/** No reply came for a request within the client's timeout. */
export class EmbedTimeoutError extends Error {
  override readonly name = 'EmbedTimeoutError';
  constructor(readonly requestId: string) {
    super(MESSAGES.embedTimeout);
  }
}

/** What the parent page's window gives the client (injected; tests pass their own). */
export type ParentWindow = MessageWindow;

export interface EmbedClientOptions {
  /** The parent page's window, where replies arrive. */
  window: ParentWindow;
  /** The dashboard frame's window (`iframe.contentWindow`), where requests go. */
  frame: MessageTarget;
  /** The dashboard's origin (`https://app.salondesk.example`): requests go only there, replies are taken only from there. */
  dashboardOrigin: string;
  /** Milliseconds to wait for a reply. Default `EMBED_TIMEOUT_MS`. */
  timeoutMs?: number;
  /** Correlation ids and idempotency keys. Default `crypto.randomUUID`. */
  newId?: () => string;
  /** Timers (tests pass fake ones). */
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export interface ChargeInvoiceInput {
  invoiceId: number;
  /** Send the same key again to retry without charging twice. Default: a new key per call. */
  idempotencyKey?: string;
}

export interface InstallmentInvoiceInput {
  /** Whom the invoice is for (admins: anyone; others only themselves); left out, the signed-in user. */
  userId?: number;
  /** What is paid. */
  description: string;
  /** The whole amount in cents. */
  total: number;
  /** How many monthly instalments (2–36). */
  count: number;
  /** The first instalment's due day (default today, in the business's time zone). */
  firstDueOn?: string;
  /** Charge the first instalment at once. */
  chargeFirst?: boolean;
  idempotencyKey?: string;
}

type EmbedEvents = {
  loaded: LoadedEvent;
  loginResponse: LoginResponse;
  paymentResponse: PaymentResponse;
};

export interface EmbedClient {
  /** Resolves with the dashboard's `loaded` event (at once if it already came). */
  readonly loaded: Promise<LoadedEvent>;
  /** Who is signed in to the dashboard (`loginResponse`). */
  login(): Promise<LoginResponse>;
  /** Charges an invoice (`paymentResponse`; `status: false` when it failed). */
  chargeInvoice(input: ChargeInvoiceInput): Promise<PaymentResponse>;
  /** Creates an installment invoice (`paymentResponse`). */
  createInstallmentInvoice(input: InstallmentInvoiceInput): Promise<PaymentResponse>;
  /** Every event the dashboard sends, as it comes; returns the unsubscribe function. */
  on<K extends keyof EmbedEvents>(kind: K, listener: (event: EmbedEvents[K]) => void): () => void;
  /** Stops listening; pending requests fail with `EmbedTimeoutError` at once. */
  close(): void;
}

interface Pending {
  kind: 'loginResponse' | 'paymentResponse';
  resolve: (reply: LoginResponse | PaymentResponse) => void;
  reject: (error: Error) => void;
  timer: unknown;
}

/**
 * The parent page's end of the embed messaging: talks to the dashboard in an iframe. Requests go
 * with `postMessage(message, dashboardOrigin)` (never `"*"`); a message is taken only from that
 * frame at that origin, validated, and matched to its request by id: each request settles exactly
 * once, with its reply or an `EmbedTimeoutError`; a late or repeated reply is dropped.
 */
export function createEmbedClient(options: EmbedClientOptions): EmbedClient {
  const dashboard = parseOrigin(options.dashboardOrigin);
  if (!dashboard) throw new TypeError(`Not an http(s) origin: ${options.dashboardOrigin}`);
  const dashboardOrigin = dashboard.origin;
  const timeoutMs = options.timeoutMs ?? EMBED_TIMEOUT_MS;
  const newId = options.newId ?? (() => globalThis.crypto.randomUUID());
  const setTimer = options.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const clearTimer = options.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>));
  const emitter = mitt<EmbedEvents>();
  const pending = new Map<string, Pending>();
  let closed = false;

  let loadedEvent: LoadedEvent | null = null;
  let markLoaded!: (event: LoadedEvent) => void;
  const loaded = new Promise<LoadedEvent>((resolve) => {
    markLoaded = resolve;
  });

  const listener = (event: EmbedMessageEvent) => {
    if (event.origin !== dashboardOrigin || event.source !== options.frame || !isEmbedMessage(event.data)) return;
    const parsed = safeParse(embedReply, event.data);
    if (!parsed.success) return;
    const reply: EmbedReply = parsed.data;
    if (reply.kind === 'loaded') {
      if (loadedEvent) return;
      loadedEvent = reply;
      markLoaded(reply);
      emitter.emit('loaded', reply);
      return;
    }
    const waiting = pending.get(reply.id);
    if (!waiting || waiting.kind !== reply.kind) return;
    pending.delete(reply.id);
    clearTimer(waiting.timer);
    waiting.resolve(reply);
    if (reply.kind === 'loginResponse') emitter.emit('loginResponse', reply);
    else emitter.emit('paymentResponse', reply);
  };
  options.window.addEventListener('message', listener);

  function send<R extends LoginResponse | PaymentResponse>(kind: R['kind'], message: Record<string, unknown>): Promise<R> {
    const id = newId();
    return new Promise<R>((resolve, reject) => {
      if (closed) {
        reject(new EmbedTimeoutError(id));
        return;
      }
      const timer = setTimer(() => {
        if (pending.delete(id)) reject(new EmbedTimeoutError(id));
      }, timeoutMs);
      pending.set(id, { kind, resolve: resolve as Pending['resolve'], reject, timer });
      options.frame.postMessage({ protocol: EMBED_PROTOCOL, v: EMBED_VERSION, id, ...message }, dashboardOrigin);
    });
  }

  return {
    loaded,
    login: () => send<LoginResponse>('loginResponse', { kind: 'login' }),
    chargeInvoice: (input) =>
      send<PaymentResponse>('paymentResponse', { kind: 'chargeInvoice', invoiceId: input.invoiceId, idempotencyKey: input.idempotencyKey ?? newId() }),
    createInstallmentInvoice: (input) =>
      send<PaymentResponse>('paymentResponse', {
        kind: 'createInstallmentInvoice',
        description: input.description,
        total: input.total,
        count: input.count,
        ...(input.userId !== undefined ? { userId: input.userId } : {}),
        ...(input.firstDueOn !== undefined ? { firstDueOn: input.firstDueOn } : {}),
        ...(input.chargeFirst !== undefined ? { chargeFirst: input.chargeFirst } : {}),
        idempotencyKey: input.idempotencyKey ?? newId(),
      }),
    on: (kind, fn) => {
      emitter.on(kind, fn);
      return () => emitter.off(kind, fn);
    },
    close: () => {
      closed = true;
      options.window.removeEventListener('message', listener);
      for (const [id, waiting] of pending) {
        clearTimer(waiting.timer);
        waiting.reject(new EmbedTimeoutError(id));
      }
      pending.clear();
      emitter.all.clear();
    },
  };
}

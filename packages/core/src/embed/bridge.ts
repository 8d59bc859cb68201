import { safeParse } from 'zod/mini';
import { MESSAGES } from '../messages';
import {
  type ChargeInvoiceRequest,
  type CreateInstallmentInvoiceRequest,
  EMBED_PROTOCOL,
  EMBED_VERSION,
  type EmbedInvoice,
  type EmbedReply,
  type EmbedRequest,
  embedRequest,
  embedRequestId,
  type EmbedMessageEvent,
  isEmbedMessage,
  type MessageTarget,
  type MessageWindow,
  REPLY_KIND_OF,
} from './messages';
import { embedOriginAllowed } from './origin';

/** What a window gives the bridge: the dashboard's own window (injected; tests pass their own). */
export interface BridgeWindow extends MessageWindow {
  /** The embedding page; the window itself when the dashboard is not framed. */
  readonly parent: MessageTarget;
}

/** The dashboard's answers, behind the bridge. A thrown error becomes `status: false` with its message. */
export interface BridgeHandlers {
  /** The signed-in user, or null when nobody is. */
  login(): Promise<{ id: number; name: string } | null>;
  chargeInvoice(request: ChargeInvoiceRequest): Promise<EmbedInvoice>;
  createInstallmentInvoice(request: CreateInstallmentInvoiceRequest): Promise<EmbedInvoice>;
}

/** What the bridge did with one message, for the screen that hosts it (never for the parent). */
export type BridgeActivity =
  | { kind: 'ignored'; origin: string; reason: 'origin' | 'source' | 'malformed' }
  | { kind: 'request'; origin: string; request: EmbedRequest; shared: boolean }
  | { kind: 'reply'; origin: string; reply: EmbedReply };

export interface EmbedBridgeOptions {
  window: BridgeWindow;
  businessId: number;
  /** The origin the parent page says it has (the embed address's `parentOrigin`); null when it gave none. */
  parentOrigin: string | null;
  /** The business's allow-list (`domains/update`). */
  allowedDomains: readonly string[];
  /**
   * The browser's own word on who frames the dashboard (`location.ancestorOrigins[0]`, where the
   * browser has it): when given, it must be `parentOrigin`.
   */
  ancestorOrigin?: string | null;
  handlers: BridgeHandlers;
  onActivity?: (activity: BridgeActivity) => void;
}

export type BridgeState =
  | { kind: 'listening'; parentOrigin: string }
  /** Not framed, no parent origin, or one that is not allowed: the bridge says nothing and answers nothing. */
  | { kind: 'refused'; reason: 'notFramed' | 'noParentOrigin' | 'originNotAllowed' | 'ancestorMismatch' };

export interface EmbedBridge {
  readonly state: BridgeState;
  /** Stops listening; replies still in flight are not sent. */
  stop(): void;
}

const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : typeof error === 'string' && error ? error : fallback;

/**
 * The dashboard's end of the embed messaging. It listens only when it is framed by an origin on
 * the business's allow-list, and then:
 * - posts `loaded` once to that origin (never to `"*"`);
 * - acts only on messages from the parent window whose `event.origin` is that allowed origin, valid
 *   for this protocol version; everything else is ignored (not even answered);
 * - answers each request exactly once, to the `event.source` at the checked `event.origin`;
 * - runs a charge (or an installment invoice) once per idempotency key: the same key sent again,
 *   at once or later, shares the first run's outcome, and each message still gets its reply.
 */
export function createEmbedBridge(options: EmbedBridgeOptions): EmbedBridge {
  const { window: win, businessId, handlers, onActivity } = options;
  const refuse = (reason: Extract<BridgeState, { kind: 'refused' }>['reason']): EmbedBridge => ({ state: { kind: 'refused', reason }, stop: () => {} });

  if ((win.parent as unknown) === win) return refuse('notFramed');
  const parentOrigin = options.parentOrigin;
  if (!parentOrigin) return refuse('noParentOrigin');
  if (!embedOriginAllowed(parentOrigin, options.allowedDomains)) return refuse('originNotAllowed');
  if (options.ancestorOrigin && options.ancestorOrigin !== parentOrigin) return refuse('ancestorMismatch');

  let stopped = false;
  /** Runs by idempotency key (per kind): the first message's promise, shared by the repeats. */
  const runs = new Map<string, Promise<EmbedInvoice>>();

  const post = (target: MessageTarget, origin: string, reply: EmbedReply) => {
    if (stopped) return;
    target.postMessage(reply, origin);
    onActivity?.({ kind: 'reply', origin, reply });
  };

  const answer = async (request: EmbedRequest): Promise<EmbedReply> => {
    const base = { protocol: EMBED_PROTOCOL, v: EMBED_VERSION, id: request.id } as const;
    if (request.kind === 'login') {
      try {
        const user = await handlers.login();
        return user ? { ...base, kind: 'loginResponse', status: true, user } : { ...base, kind: 'loginResponse', status: false, message: MESSAGES.embedNotSignedIn };
      } catch (error) {
        return { ...base, kind: 'loginResponse', status: false, message: errorMessage(error, MESSAGES.embedNotSignedIn) };
      }
    }
    try {
      const invoice = await runOnce(request);
      return { ...base, kind: 'paymentResponse', status: true, invoice };
    } catch (error) {
      return { ...base, kind: 'paymentResponse', status: false, message: errorMessage(error, MESSAGES.requestNotFulfilled) };
    }
  };

  const runOnce = (request: ChargeInvoiceRequest | CreateInstallmentInvoiceRequest): Promise<EmbedInvoice> => {
    const key = `${request.kind}:${request.idempotencyKey}`;
    let run = runs.get(key);
    if (!run) {
      run = request.kind === 'chargeInvoice' ? handlers.chargeInvoice(request) : handlers.createInstallmentInvoice(request);
      runs.set(key, run);
      // A failure is not kept: sending the same key again tries again (as a payment provider's
      // idempotency does for a request that never reached it).
      run.catch(() => runs.delete(key));
    }
    return run;
  };

  const listener = (event: EmbedMessageEvent) => {
    if (stopped || !isEmbedMessage(event.data)) return;
    const origin = event.origin;
    // The origin first: nothing from another origin is read further, or answered.
    if (origin !== parentOrigin || !embedOriginAllowed(origin, options.allowedDomains)) {
      onActivity?.({ kind: 'ignored', origin, reason: 'origin' });
      return;
    }
    if (event.source !== win.parent) {
      onActivity?.({ kind: 'ignored', origin, reason: 'source' });
      return;
    }
    const source = win.parent;
    const parsed = safeParse(embedRequest, event.data);
    if (!parsed.success) {
      onActivity?.({ kind: 'ignored', origin, reason: 'malformed' });
      // Answer what can be correlated, so the parent's call fails now rather than by timeout.
      const data = event.data as { id?: unknown; kind?: unknown };
      const id = safeParse(embedRequestId, data.id);
      const replyKind = typeof data.kind === 'string' ? REPLY_KIND_OF[data.kind as keyof typeof REPLY_KIND_OF] : undefined;
      if (id.success && replyKind) {
        post(source, origin, { protocol: EMBED_PROTOCOL, v: EMBED_VERSION, kind: replyKind, id: id.data, status: false, message: MESSAGES.embedBadMessage });
      }
      return;
    }
    const request = parsed.data;
    const shared = request.kind !== 'login' && runs.has(`${request.kind}:${request.idempotencyKey}`);
    onActivity?.({ kind: 'request', origin, request, shared });
    void answer(request).then((reply) => post(source, origin, reply));
  };

  win.addEventListener('message', listener);
  post(win.parent, parentOrigin, { protocol: EMBED_PROTOCOL, v: EMBED_VERSION, kind: 'loaded', businessId });
  return {
    state: { kind: 'listening', parentOrigin },
    stop: () => {
      stopped = true;
      win.removeEventListener('message', listener);
    },
  };
}

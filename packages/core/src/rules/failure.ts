import { isApiError } from '../errors';
import { MESSAGES } from '../messages';

/**
 * How a failed load is told to the reader, so that error states tell the truth (issue 9): a
 * refusal is not something to try again, being offline is not the server's fault, and a server
 * that cannot be reached says so in the spec's words (spec 000 §8).
 */
export const FAILURE_KIND = {
  /** 403: this user may not see it here. Asking again will not help. */
  FORBIDDEN: 'forbidden',
  /** 404: it is not there. */
  NOT_FOUND: 'notFound',
  /** The browser has no connection: the load waits for it. */
  OFFLINE: 'offline',
  /** The browser is online but the server did not answer (or a gateway says it is down). */
  UNREACHABLE: 'unreachable',
  /** Anything else: the server's message; another try is offered unless the answer was a 4xx. */
  FAILED: 'failed',
} as const;
export type FailureKind = (typeof FAILURE_KIND)[keyof typeof FAILURE_KIND];

export interface FailureView {
  kind: FailureKind;
  title: string;
  description?: string;
  /** Offer "Try again": only where another try can change the answer. */
  retry: boolean;
}

/** Gateways answer these when the server behind them is down or not answering. */
const GATEWAY_DOWN: readonly number[] = [502, 503, 504];

/**
 * May asking again change the answer? Not for a 4xx (the request itself is refused), except a
 * timeout (408) and too many requests (429); yes for a 5xx, a network failure or anything else.
 */
export const isRetryable = (error: unknown): boolean => {
  if (!isApiError(error)) return true;
  return !(error.status >= 400 && error.status < 500) || error.status === 408 || error.status === 429;
};

/**
 * What to show for a failed load. `online` is the browser's connectivity; `fallback` is the
 * screen's catalogue message for an error that carries none.
 */
export function describeFailure(error: unknown, options: { online: boolean; fallback?: string }): FailureView {
  const status = isApiError(error) ? error.status : null;
  if (status === 403) return { kind: FAILURE_KIND.FORBIDDEN, title: MESSAGES.notAuthorized, description: MESSAGES.pageNotAuthorized, retry: false };
  if (!options.online) return { kind: FAILURE_KIND.OFFLINE, title: MESSAGES.offline, description: MESSAGES.offlineDetail, retry: false };
  if (isApiError(error) && (error.code === 'NETWORK' || GATEWAY_DOWN.includes(error.status))) {
    return { kind: FAILURE_KIND.UNREACHABLE, title: MESSAGES.serverOffline, retry: true };
  }
  if (status === 404) return { kind: FAILURE_KIND.NOT_FOUND, title: isApiError(error) ? error.message : MESSAGES.notFound, retry: false };
  const message = isApiError(error) ? error.message : (options.fallback ?? MESSAGES.requestFailed);
  return { kind: FAILURE_KIND.FAILED, title: message, retry: isRetryable(error) };
}

/**
 * A screen's code could not be downloaded (the browser's message for a failed dynamic import):
 * offline, or the server went away. Vite and browsers word it differently; all say "import".
 */
export const isModuleLoadFailure = (error: unknown): boolean =>
  error instanceof TypeError && /dynamically imported module|importing a module script|module script failed|error loading dynamically imported/i.test(error.message);

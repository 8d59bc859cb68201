import { MESSAGES } from './messages';

/** Every failure the SDK reports carries one of these codes. */
export const API_ERROR_CODE = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  /** A 403 because the business is suspended: only billing answers until it is lifted. */
  SUSPENDED: 'SUSPENDED',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  /** A 409 that asks first: the name is already in use (`staff/add`); send again to go ahead. */
  NAME_IN_USE: 'NAME_IN_USE',
  /** A 410: a single-use link that worked once, or no longer works (an invitation used, expired or withdrawn). */
  GONE: 'GONE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  SERVER_ERROR: 'SERVER_ERROR',
  NETWORK: 'NETWORK',
  INVALID_RESPONSE: 'INVALID_RESPONSE',
} as const;
export type ApiErrorCode = (typeof API_ERROR_CODE)[keyof typeof API_ERROR_CODE];

const CODE_BY_STATUS: Record<number, ApiErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'BAD_REQUEST',
  429: 'RATE_LIMITED',
};

/** The code a bare HTTP status stands for, when the server named none. */
export const codeForStatus = (status: number): ApiErrorCode =>
  CODE_BY_STATUS[status] ?? (status >= 500 ? 'SERVER_ERROR' : status === 0 ? 'NETWORK' : 'BAD_REQUEST');

/** One field-level problem with a request, as the server reports it. */
export interface ApiIssue {
  path: (string | number)[];
  message: string;
}

export interface ApiErrorInit {
  status: number;
  code?: ApiErrorCode;
  message: string;
  issues?: ApiIssue[];
  cause?: unknown;
}

/**
 * The one error type of the SDK. `message` is what a person should read: the server's message,
 * or else the catalogue default for the call that failed.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly issues: ApiIssue[];

  constructor(init: ApiErrorInit) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code ?? codeForStatus(init.status);
    this.issues = init.issues ?? [];
  }

  /** Wraps anything thrown into an ApiError, keeping an ApiError as it is. */
  static from(cause: unknown, fallbackMessage: string = MESSAGES.requestFailed): ApiError {
    if (isApiError(cause)) return cause;
    return new ApiError({ status: 0, code: 'NETWORK', message: fallbackMessage, cause });
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

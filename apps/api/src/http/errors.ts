import { type ApiErrorCode, type ApiIssue, codeForStatus, MESSAGES } from '@salondesk/core';

/**
 * A failure with a status and a catalogue message, thrown anywhere in a request; the error
 * handler turns it into the failure envelope `{ status: false, message, code, issues? }`.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly issues: ApiIssue[] | undefined;

  constructor(status: number, message: string, options: { code?: ApiErrorCode; issues?: ApiIssue[] } = {}) {
    super(message);
    this.status = status;
    this.code = options.code ?? codeForStatus(status);
    this.issues = options.issues;
  }
}

export const isHttpError = (value: unknown): value is HttpError => value instanceof HttpError;

/** No session, or it ended. The SDK logs the user out on exactly this message. */
export const pleaseLogIn = () => new HttpError(401, MESSAGES.pleaseLogIn);
/** The business (or user, or admin area) in the path is not this user's to see. */
export const noPermission = () => new HttpError(403, MESSAGES.noBusinessPermission);
/** The business is suspended and this call is not billing (core's `reachableWhenSuspended`). */
export const businessSuspended = () => new HttpError(403, MESSAGES.businessSuspended, { code: 'SUSPENDED' });
export const notFound = () => new HttpError(404, MESSAGES.notFound);
export const invalidRequest = (issues: ApiIssue[]) => new HttpError(400, MESSAGES.invalidRequest, { issues });

import type { ApiErrorCode, ApiIssue } from '@salondesk/core';

export interface SuccessBody<T> {
  status: true;
  data: T;
  message?: string;
}

export interface FailureBody {
  status: false;
  message: string;
  code: ApiErrorCode;
  issues?: ApiIssue[];
}

export const success = <T>(data: T, message?: string): SuccessBody<T> =>
  message === undefined ? { status: true, data } : { status: true, data, message };

/** The success envelope around `data` that is already JSON text: the same bytes `JSON.stringify(success(data, message))` gives. */
export const successJson = (dataJson: string, message?: string): string =>
  message === undefined ? `{"status":true,"data":${dataJson}}` : `{"status":true,"data":${dataJson},"message":${JSON.stringify(message)}}`;

export const failure = (message: string, code: ApiErrorCode, issues?: ApiIssue[]): FailureBody =>
  issues && issues.length > 0 ? { status: false, message, code, issues } : { status: false, message, code };

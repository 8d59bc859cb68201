import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { MESSAGES } from '../messages';
import { apiErrorArb } from './failure.arb';
import { describeFailure, FAILURE_KIND, isModuleLoadFailure, isRetryable } from './failure';

describe('describeFailure', () => {
  test.prop([apiErrorArb, fc.boolean()])('never offers "Try again" for a refusal or an answer that will not change (4xx but 408 and 429)', (error, online) => {
    const view = describeFailure(error, { online });
    if (error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) expect(view.retry).toBe(false);
    expect(isRetryable(error)).toBe(!(error.status >= 400 && error.status < 500) || error.status === 408 || error.status === 429);
    if (error.status === 403) expect(view).toMatchObject({ kind: FAILURE_KIND.FORBIDDEN, title: MESSAGES.notAuthorized });
  });

  test.prop([apiErrorArb])('offline is never blamed on the server, and waits for the connection instead of asking to try again', (error) => {
    const view = describeFailure(error, { online: false });
    if (error.status !== 403) expect(view).toEqual({ kind: FAILURE_KIND.OFFLINE, title: MESSAGES.offline, description: MESSAGES.offlineDetail, retry: false });
    expect(view.title).not.toBe(MESSAGES.requestFailed);
    expect(view.title).not.toBe(MESSAGES.serverOffline);
  });

  it("says the server cannot be reached in the spec's words when the browser is online", () => {
    expect(describeFailure(new ApiError({ status: 0, code: 'NETWORK', message: MESSAGES.failedToFetchEmployees }), { online: true })).toEqual({
      kind: FAILURE_KIND.UNREACHABLE,
      title: MESSAGES.serverOffline,
      retry: true,
    });
    for (const status of [502, 503, 504]) expect(describeFailure(new ApiError({ status, message: 'Bad Gateway' }), { online: true }).title).toBe(MESSAGES.serverOffline);
  });

  it("shows the server's message, with a retry, for other failures; a screen's own message for anything else", () => {
    expect(describeFailure(new ApiError({ status: 500, message: MESSAGES.serverError }), { online: true })).toEqual({ kind: FAILURE_KIND.FAILED, title: MESSAGES.serverError, retry: true });
    expect(describeFailure(new ApiError({ status: 404, message: MESSAGES.transactionNotFound }), { online: true })).toEqual({ kind: FAILURE_KIND.NOT_FOUND, title: MESSAGES.transactionNotFound, retry: false });
    expect(describeFailure(new Error('boom'), { online: true, fallback: MESSAGES.failedToFetchData })).toMatchObject({ title: MESSAGES.failedToFetchData, retry: true });
    expect(describeFailure(undefined, { online: true }).title).toBe(MESSAGES.requestFailed);
  });

  it('recognises a screen whose code could not be downloaded', () => {
    expect(isModuleLoadFailure(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isModuleLoadFailure(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isModuleLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isModuleLoadFailure(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isModuleLoadFailure(new Error('Failed to fetch dynamically imported module'))).toBe(false);
  });
});

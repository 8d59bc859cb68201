import { ApiError, FAILURE_KIND, MESSAGES } from '@salondesk/core';
import { describe, expect, it } from 'vitest';
import { routeErrorView } from './routeErrorView';

const moduleFailure = new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/index-abc.js');

describe('routeErrorView', () => {
  it('a screen whose code cannot be downloaded while offline waits for the connection, and is not "Ooops Something went wrong"', () => {
    expect(routeErrorView(moduleFailure, false)).toEqual({ kind: FAILURE_KIND.OFFLINE, title: MESSAGES.offline, description: MESSAGES.offlinePage, reload: false });
  });

  it("online, the server that does not answer is named in the spec's words", () => {
    expect(routeErrorView(moduleFailure, true)).toMatchObject({ kind: FAILURE_KIND.UNREACHABLE, title: MESSAGES.serverOffline, reload: true });
  });

  it('a 403 thrown by a screen is the not-authorized state, with nothing to reload', () => {
    expect(routeErrorView(new ApiError({ status: 403, message: MESSAGES.noBusinessPermission }), true)).toMatchObject({ kind: FAILURE_KIND.FORBIDDEN, title: MESSAGES.notAuthorized, reload: false });
  });

  it('a bug while rendering is the catalogue\'s "Ooops Something went wrong", not a server error', () => {
    expect(routeErrorView(new RangeError('Invalid time value'), true)).toEqual({ kind: 'crashed', title: MESSAGES.requestFailed, description: MESSAGES.pageCrashed, reload: true });
  });
});

import { describeFailure, FAILURE_KIND, isApiError, isModuleLoadFailure, MESSAGES, type FailureKind } from '@salondesk/core';
import { isRouteErrorResponse } from 'react-router-dom';

export interface RouteErrorView {
  kind: FailureKind | 'crashed';
  title: string;
  description?: string;
  /** Offer "Reload" (the page's code or data may come this time). */
  reload: boolean;
}

/**
 * What a route's error boundary says about what stopped the screen: a path that does not exist,
 * a screen whose code could not be downloaded (offline: it waits; online: the server is not
 * answering), an API failure thrown while loading (core's `describeFailure`), or a bug while
 * rendering ("Ooops Something went wrong").
 */
export function routeErrorView(error: unknown, online: boolean): RouteErrorView {
  if (isRouteErrorResponse(error) && error.status === 404) return { kind: FAILURE_KIND.NOT_FOUND, title: 'Page not found', description: MESSAGES.notFound, reload: false };
  if (isModuleLoadFailure(error)) {
    return online
      ? { kind: FAILURE_KIND.UNREACHABLE, title: MESSAGES.serverOffline, reload: true }
      : { kind: FAILURE_KIND.OFFLINE, title: MESSAGES.offline, description: MESSAGES.offlinePage, reload: false };
  }
  if (isApiError(error)) {
    const view = describeFailure(error, { online });
    return { kind: view.kind, title: view.title, ...(view.description ? { description: view.description } : {}), reload: view.retry };
  }
  return { kind: 'crashed', title: MESSAGES.requestFailed, description: MESSAGES.pageCrashed, reload: true };
}

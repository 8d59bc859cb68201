import { type ConnectivitySource, createMemoryStorage, SESSION_STORAGE_KEYS } from '@salondesk/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { routes } from '../app/routes';
import { createSdk, installSdk } from '../app/sdk';
import { Shell } from '../app/Shell';
import { fakeApi, type Routes } from './fakeApi';

export interface RenderAppOptions {
  /** Answers of the fake API, by `METHOD /path`. */
  api?: Routes;
  /** A session already stored, as after an earlier visit. */
  storedSession?: unknown;
  storedBusiness?: number;
  /** Where going offline and back online is heard (an `EventTarget` with `navigator.onLine`); none: always online. */
  connectivity?: ConnectivitySource;
}

/** The whole dashboard at `path`, over a fake API (the HTTP boundary) and in-memory storage. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const api = fakeApi(options.api ?? {});
  const stored: Record<string, string> = {};
  if (options.storedSession) stored[SESSION_STORAGE_KEYS.user] = JSON.stringify(options.storedSession);
  if (options.storedBusiness) stored[SESSION_STORAGE_KEYS.business] = String(options.storedBusiness);
  const storage = createMemoryStorage(stored);
  const sdk = createSdk({ fetch: api.fetch, storage, connectivity: options.connectivity });
  installSdk(sdk);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(<Shell router={router} />);
  return { ...view, api, storage, sdk, router, user, screen };
}

/** The path and query the memory router is on. */
export const currentPath = (router: ReturnType<typeof createMemoryRouter>) =>
  router.state.location.pathname + router.state.location.search;

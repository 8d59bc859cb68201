import {
  createClient,
  createConnectivityStore,
  createMemoryStorage,
  type ConnectivityStore,
  createSessionStore,
  type KeyValueStorage,
  type SalondeskClient,
  type SessionStore,
} from '@salondesk/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createQueryClient } from './createQueryClient';

export interface SalondeskContextValue {
  client: SalondeskClient;
  queryClient: QueryClient;
  sessionStore: SessionStore;
  /** Whether the browser is online (`useOnline`). */
  connectivity: ConnectivityStore;
}

const SalondeskContext = createContext<SalondeskContextValue | null>(null);
SalondeskContext.displayName = 'SalondeskContext';

export interface SalondeskProviderProps {
  /** The core client; defaults to `createClient({ baseURL: '' })` (same origin). */
  client?: SalondeskClient;
  /** The TanStack Query client; defaults to `createQueryClient()`. */
  queryClient?: QueryClient;
  /** Where the session is kept; defaults to `localStorage` (memory when it is unavailable). */
  storage?: KeyValueStorage;
  /** A session store built elsewhere (it must use the same client). Overrides `storage`. */
  sessionStore?: SessionStore;
  /** Where `useOnline` hears connectivity; defaults to a store over `window` (always online without one). */
  connectivity?: ConnectivityStore;
  children?: ReactNode;
}

function defaultStorage(): KeyValueStorage {
  try {
    if (typeof globalThis.localStorage !== 'undefined') return globalThis.localStorage;
  } catch {
    // Access to localStorage can throw (privacy modes, sandboxed frames).
  }
  return createMemoryStorage();
}

/** Provides the core client, the query client and the session store to the hooks below it. */
export function SalondeskProvider(props: SalondeskProviderProps) {
  const [value] = useState<SalondeskContextValue>(() => {
    const client = props.client ?? createClient({ baseURL: '' });
    return {
      client,
      queryClient: props.queryClient ?? createQueryClient(),
      sessionStore: props.sessionStore ?? createSessionStore({ client, storage: props.storage ?? defaultStorage() }),
      connectivity: props.connectivity ?? createConnectivityStore(typeof window === 'undefined' ? null : window),
    };
  });

  // Signing out forgets every cached answer, so the next user never sees the last one's data.
  useEffect(() => {
    const { sessionStore, queryClient } = value;
    let hadSession = sessionStore.getSnapshot().session !== null;
    return sessionStore.subscribe(() => {
      const hasSession = sessionStore.getSnapshot().session !== null;
      if (hadSession && !hasSession) queryClient.clear();
      hadSession = hasSession;
    });
  }, [value]);

  return (
    <SalondeskContext.Provider value={value}>
      <QueryClientProvider client={value.queryClient}>{props.children}</QueryClientProvider>
    </SalondeskContext.Provider>
  );
}

/** The provider's value; throws a clear error outside `<SalondeskProvider>`. */
export function useSalondeskContext(hookName = 'useSalondeskContext'): SalondeskContextValue {
  const value = useContext(SalondeskContext);
  if (value === null) {
    throw new Error(`${hookName} must be used inside <SalondeskProvider>. Wrap your app in <SalondeskProvider client={...}>.`);
  }
  return value;
}

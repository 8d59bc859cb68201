import { createClient, createMemoryStorage } from '@salondesk/core';
import { fakeApi, type Routes } from '@salondesk/core/testing';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../createQueryClient';
import { SalondeskProvider } from '../SalondeskProvider';

/**
 * For hook tests: a fake API answering `routes`, a client over it, a query client (a fresh one
 * unless given) and a `wrapper` that puts them in a `SalondeskProvider` with memory storage.
 */
export function fakeProvider(routes: Routes, options: { queryClient?: QueryClient } = {}) {
  const api = fakeApi(routes);
  const client = createClient({ baseURL: 'http://api.test', fetch: api.fetch });
  const queryClient = options.queryClient ?? createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SalondeskProvider client={client} queryClient={queryClient} storage={createMemoryStorage()}>
      {children}
    </SalondeskProvider>
  );
  return { api, client, queryClient, wrapper };
}

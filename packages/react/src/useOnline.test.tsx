import { createClient, createConnectivityStore, createMemoryStorage } from '@salondesk/core';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, it } from 'vitest';
import { SalondeskProvider } from './SalondeskProvider';
import { useOnline } from './useOnline';

it('follows the connectivity store it is given', () => {
  const source = Object.assign(new EventTarget(), { navigator: { onLine: true } });
  const connectivity = createConnectivityStore(source);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SalondeskProvider client={createClient({ baseURL: 'http://api.test' })} storage={createMemoryStorage()} connectivity={connectivity}>
      {children}
    </SalondeskProvider>
  );
  const { result } = renderHook(() => useOnline(), { wrapper });
  expect(result.current).toBe(true);
  act(() => void source.dispatchEvent(new Event('offline')));
  expect(result.current).toBe(false);
  act(() => void source.dispatchEvent(new Event('online')));
  expect(result.current).toBe(true);
});

import { useSyncExternalStore } from 'react';
import { useSalondeskContext } from './SalondeskProvider';

/** Whether the browser is online; re-renders when it goes offline or comes back (core's connectivity store). */
export function useOnline(): boolean {
  const store = useSalondeskContext('useOnline').connectivity;
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

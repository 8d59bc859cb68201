/**
 * Whether the browser has a network connection, as a store (`subscribe` / `getSnapshot`): the
 * dashboard shows an offline banner from it. The source is injected: `window` in a browser, a test
 * double elsewhere; without one the store always says online.
 */

/** Where connectivity is heard: `window` (its `navigator.onLine` and `online`/`offline` events). */
export interface ConnectivitySource {
  readonly navigator?: { readonly onLine: boolean };
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

export interface ConnectivityStore {
  subscribe(listener: () => void): () => void;
  /** True unless the browser says it is offline. */
  getSnapshot(): boolean;
  /** Stops listening to the source. */
  destroy(): void;
}

export function createConnectivityStore(source?: ConnectivitySource | null): ConnectivityStore {
  let online = source?.navigator?.onLine ?? true;
  const listeners = new Set<() => void>();
  const set = (next: boolean) => {
    if (next === online) return;
    online = next;
    for (const listener of [...listeners]) listener();
  };
  const onOnline = () => set(true);
  const onOffline = () => set(false);
  source?.addEventListener('online', onOnline);
  source?.addEventListener('offline', onOffline);
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => online,
    destroy() {
      source?.removeEventListener('online', onOnline);
      source?.removeEventListener('offline', onOffline);
      listeners.clear();
    },
  };
}

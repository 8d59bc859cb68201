import { describe, expect, it, vi } from 'vitest';
import { createConnectivityStore } from './connectivity';

const source = (onLine: boolean) => Object.assign(new EventTarget(), { navigator: { onLine } });

describe('connectivity store', () => {
  it('starts from navigator.onLine and follows the online and offline events', () => {
    const target = source(false);
    const store = createConnectivityStore(target);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.getSnapshot()).toBe(false);
    target.dispatchEvent(new Event('online'));
    expect(store.getSnapshot()).toBe(true);
    target.dispatchEvent(new Event('online'));
    expect(listener).toHaveBeenCalledTimes(1);
    target.dispatchEvent(new Event('offline'));
    expect(store.getSnapshot()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('is online without a source, and stops listening once destroyed', () => {
    expect(createConnectivityStore().getSnapshot()).toBe(true);
    const target = source(true);
    const store = createConnectivityStore(target);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    target.dispatchEvent(new Event('offline'));
    expect(listener).not.toHaveBeenCalled();
    store.destroy();
    target.dispatchEvent(new Event('online'));
    expect(store.getSnapshot()).toBe(false);
  });
});

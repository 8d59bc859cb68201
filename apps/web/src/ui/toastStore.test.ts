import { describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toastStore';

describe('toast store', () => {
  it('shows a toast and dismisses it on its own after its duration', () => {
    vi.useFakeTimers();
    try {
      const store = createToastStore({ durations: { success: 1000 } });
      const seen: number[] = [];
      store.subscribe(() => seen.push(store.getSnapshot().length));
      store.success('Sucessfully Logged In');
      expect(store.getSnapshot()).toMatchObject([{ tone: 'success', message: 'Sucessfully Logged In' }]);
      vi.advanceTimersByTime(999);
      expect(store.getSnapshot()).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(store.getSnapshot()).toHaveLength(0);
      expect(seen).toEqual([1, 0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops the clock while paused and restarts it on resume', () => {
    vi.useFakeTimers();
    try {
      const store = createToastStore({ durations: { error: 1000 } });
      const id = store.error('Failed to fetch business data');
      store.pause(id);
      vi.advanceTimersByTime(5000);
      expect(store.getSnapshot()).toHaveLength(1);
      store.resume(id);
      vi.advanceTimersByTime(1000);
      expect(store.getSnapshot()).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not stack the same message twice, and keeps at most `limit` toasts', () => {
    const store = createToastStore({ limit: 2, durations: { success: 0, error: 0 } });
    const first = store.success('A');
    expect(store.success('A')).toBe(first);
    store.error('B');
    store.error('C');
    expect(store.getSnapshot().map((t) => t.message)).toEqual(['B', 'C']);
  });

  it('dismisses by id and clears all', () => {
    const store = createToastStore({ durations: { success: 0 } });
    const a = store.success('A');
    store.success('B');
    store.dismiss(a);
    expect(store.getSnapshot().map((t) => t.message)).toEqual(['B']);
    store.clear();
    expect(store.getSnapshot()).toEqual([]);
  });
});

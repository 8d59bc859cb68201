import type { NotificationStream } from '@salondesk/core';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBusinessRoom } from './useBusinessRoom';

/** The part of a stream the hook uses, answering joins as a server would: only the businesses in `allowed`. */
function streamAllowing(allowed: number[]) {
  const joined = new Set<number>();
  const log: string[] = [];
  const stream = {
    subscribeBusiness: async (id: number) => {
      log.push(`join ${id}`);
      if (!allowed.includes(id)) return false;
      joined.add(id);
      return true;
    },
    unsubscribeBusiness: (id: number) => {
      log.push(`leave ${id}`);
      joined.delete(id);
    },
  } as unknown as NotificationStream;
  return { stream, joined, log };
}

describe('useBusinessRoom', () => {
  it('joins the business shown, moves with it, and leaves on unmount', async () => {
    const { stream, joined, log } = streamAllowing([1, 2]);
    const hook = renderHook(({ id }) => useBusinessRoom(stream, id), { initialProps: { id: 1 } });
    await waitFor(() => expect(hook.result.current).toBe(true));
    hook.rerender({ id: 2 });
    expect(hook.result.current).toBeNull(); // asking about the new one
    await waitFor(() => expect(hook.result.current).toBe(true));
    expect([...joined]).toEqual([2]);
    hook.unmount();
    expect(joined.size).toBe(0);
    expect(log).toEqual(['join 1', 'leave 1', 'join 2', 'leave 2']);
  });

  it('says so when the server refuses a business, and asks nothing without a stream', async () => {
    const { stream } = streamAllowing([1]);
    const refused = renderHook(() => useBusinessRoom(stream, 7));
    expect(refused.result.current).toBeNull();
    await waitFor(() => expect(refused.result.current).toBe(false));
    const none = renderHook(() => useBusinessRoom(null, 1));
    expect(none.result.current).toBeNull();
  });
});

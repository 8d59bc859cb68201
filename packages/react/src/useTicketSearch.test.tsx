import { ok } from '@salondesk/core/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './createQueryClient';
import { fakeProvider } from './testing/fakeProvider';
import { useTicketSearch } from './useTransactionQueries';

const row = (id: number) => ({
  id,
  status: 'CHECKOUT',
  phones: [],
  staff: null,
  staff_full_name: null,
  checkin_at: '2025-03-01T17:00:00.000Z',
  checkout_at: null,
  lines: 1,
  total: 5000,
  tipamount: 0,
  refunded: 0,
  cashamount: 5000,
  creditamount: 0,
  giftamount: 0,
  bypass: false,
  day: '2025-03-01',
});
const figures = { listed: 3, tickets: 3, sales: 15000, tips: 0, refunds: 0, collected: 15000 };

describe('useTicketSearch', () => {
  it('reads the first page, then each next page with the cursor the page before gave', async () => {
    const seen: string[] = [];
    const { wrapper } = fakeProvider(
      {
        'GET /protected/business/12/transactions/search': (request) => {
          const url = new URL(request.url);
          seen.push(url.search);
          return url.searchParams.get('cursor') === 'page2'
            ? ok({ start: '2025-03-01', end: '2025-03-31', transactions: [row(1)], next: null, summary: null })
            : ok({ start: '2025-03-01', end: '2025-03-31', transactions: [row(3), row(2)], next: 'page2', summary: { matched: 3, figures } });
        },
      },
      { queryClient: createQueryClient({ defaultOptions: { queries: { retry: false } } }) },
    );
    const { result } = renderHook(() => useTicketSearch(12, { start: '2025-03-01', end: '2025-03-31', q: '(555) 514-6808', sort: 'total', dir: 'asc' }), { wrapper });
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(1));
    expect(result.current.hasNextPage).toBe(true);
    expect(result.current.data?.pages[0]?.summary?.matched).toBe(3);
    await act(async () => {
      await result.current.fetchNextPage();
    });
    await waitFor(() => expect(result.current.data?.pages.flatMap((p) => p.transactions.map((t) => t.id))).toEqual([3, 2, 1]));
    expect(result.current.hasNextPage).toBe(false);
    expect(new URLSearchParams(seen[0]).get('q')).toBe('(555) 514-6808');
    expect(new URLSearchParams(seen[0]).get('sort')).toBe('total');
    expect(new URLSearchParams(seen[1]).get('cursor')).toBe('page2');
  });
});

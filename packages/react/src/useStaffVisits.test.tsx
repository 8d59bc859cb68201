import { ok } from '@salondesk/core/testing';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './createQueryClient';
import { fakeProvider } from './testing/fakeProvider';
import { useStaffVisitDetail, useStaffVisits } from './useStaffVisits';

const figures = { visits: 2, customers: 2, new_customers: 1, returning_customers: 1, service_sales: 9000, retail_sales: 0, prepaid_sales: 0, sales: 9000, per_visit: 4500, tips: 900 };
const visit = { ticket_id: 41, day: '2026-03-02', staff_id: 5, customer: 'Ana Ruiz', new_customer: true, service_sales: 4500, retail_sales: 0, prepaid_sales: 0, sales: 4500, tips: 500 };

describe('useStaffVisits', () => {
  it('asks for the report of the range, and for one staff member’s visits only once a row is opened', async () => {
    const asked: string[] = [];
    const { wrapper, api } = fakeProvider(
      {
        'GET /protected/business/3/staffvisitdata': (request) => {
          const url = new URL(request.url);
          asked.push(url.search);
          const detail = url.searchParams.get('detail') === 'true';
          return ok({ start: '2026-03-01', end: '2026-03-31', staff: [{ staff_id: 5, name: 'Maya F.', ...figures }], totals: figures, visits: detail ? [visit] : null, truncated: false });
        },
      },
      { queryClient: createQueryClient({ defaultOptions: { queries: { retry: false } } }) },
    );
    const report = renderHook(() => useStaffVisits(3, '2026-03-01', '2026-03-31'), { wrapper });
    await waitFor(() => expect(report.result.current.data?.staff[0]?.name).toBe('Maya F.'));
    const closed = renderHook(() => useStaffVisitDetail(3, '2026-03-01', '2026-03-31', null), { wrapper });
    expect(closed.result.current.fetchStatus).toBe('idle');
    const open = renderHook(() => useStaffVisitDetail(3, '2026-03-01', '2026-03-31', 5), { wrapper });
    await waitFor(() => expect(open.result.current.data?.visits).toEqual([visit]));
    expect(asked).toEqual(['?start=2026-03-01&end=2026-03-31&detail=false', '?start=2026-03-01&end=2026-03-31&detail=true&staff=5']);
    expect(api.calls).toHaveLength(2);
  });
});

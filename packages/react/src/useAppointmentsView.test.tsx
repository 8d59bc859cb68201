import { ok } from '@salondesk/core/testing';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './createQueryClient';
import { fakeProvider } from './testing/fakeProvider';
import { useAppointmentsView } from './useAppointmentsView';

describe('useAppointmentsView', () => {
  it('reads the appointments view of a range and refuses an answer that does not match the contract', async () => {
    const answer = {
      start: '2026-03-02',
      end: '2026-03-02',
      today: '2026-03-01',
      timezone: 'America/Los_Angeles',
      hours: [],
      holidays: [],
      resources: [{ id: 5, display_name: 'Maya F.', schedulerColor: '#60A5FA', shifts: [{ id: 9, day: '2026-03-02', start_time: '10:00', end_time: '18:00' }] }],
      appointments: [],
      hidden: 0,
    };
    const { wrapper } = fakeProvider(
      {
        'GET /protected/business/3/appointments/taskresourcemap': (request) =>
          new URL(request.url).searchParams.get('end') === '2026-03-02' ? ok(answer) : ok({ ...answer, resources: 'nobody' }),
      },
      { queryClient: createQueryClient({ defaultOptions: { queries: { retry: false } } }) },
    );
    const day = renderHook(() => useAppointmentsView(3, '2026-03-02', '2026-03-02'), { wrapper });
    await waitFor(() => expect(day.result.current.data?.resources[0]?.shifts[0]?.start_time).toBe('10:00'));
    const broken = renderHook(() => useAppointmentsView(3, '2026-03-02', '2026-03-08'), { wrapper });
    await waitFor(() => expect(broken.result.current.isError).toBe(true));
  });
});

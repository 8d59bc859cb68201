import { ok } from '@salondesk/core/testing';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './createQueryClient';
import { fakeProvider } from './testing/fakeProvider';
import { useCreateSchedule } from './scheduleHooks';
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

  it('reads the view again after a shift is saved: its flags follow the schedule', async () => {
    let reads = 0;
    const answer = { start: '2026-03-02', end: '2026-03-02', today: '2026-03-01', timezone: 'America/Los_Angeles', hours: [], holidays: [], resources: [], appointments: [], hidden: 0 };
    const { wrapper } = fakeProvider(
      {
        'GET /protected/business/3/appointments/taskresourcemap': () => {
          reads += 1;
          return ok(answer);
        },
        'POST /protected/business/3/schedule/add': ok({ id: 9, business_id: 3, employee_id: 5, day: '2026-03-02', dow: null, start_time: '09:00', end_time: '17:00', published: true, auto: false, template_id: null, detail: null, archived_at: null }),
      },
      { queryClient: createQueryClient({ defaultOptions: { queries: { retry: false } } }) },
    );
    const { result } = renderHook(() => ({ view: useAppointmentsView(3, '2026-03-02', '2026-03-02'), add: useCreateSchedule(3) }), { wrapper });
    await waitFor(() => expect(result.current.view.data).toBeDefined());
    expect(reads).toBe(1);
    await result.current.add.mutateAsync({ employee_id: 5, day: '2026-03-02', start_time: '09:00', end_time: '17:00', published: true });
    await waitFor(() => expect(reads).toBe(2));
  });
});

import { MESSAGES } from '@salondesk/core';
import { fail, ok } from '@salondesk/core/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './createQueryClient';
import { fakeProvider } from './testing/fakeProvider';
import { useTimesheetActivity, useTimesheets, useUpdateTimesheetDay } from './useTimesheets';

const slot = (id: number, clockout: string | null) => ({
  id,
  business_id: 12,
  employee_id: 3,
  employee_name: 'Ava',
  day: '2026-11-02',
  clockin_at: '2026-11-02T17:00:00.000Z',
  clockout_at: clockout,
  original_clockin: '2026-11-02T17:00:00.000Z',
  original_clockout: null,
  status: clockout ? 'OUT' : 'IN',
  hours: 8,
  original_hours: 8,
  payroll_hours: clockout ? 8 : 0,
  is_modified: clockout !== null,
  updated_at: '2026-11-03T01:00:00.000Z',
  source: 'clock',
});
const range = (clockout: string | null) => ({
  start: '2026-11-02',
  end: '2026-11-02',
  today: '2026-11-03',
  timezone: 'America/Los_Angeles',
  breakSettings: { breakMinutes: 30, breakThresholdHours: 6 },
  lastPayoutStartDate: null,
  staff: [{ id: 3, name: 'Ava', active: true }],
  slots: [slot(7, clockout)],
});
const activity = (id: number) => ({
  id,
  slot_id: 7,
  employee_id: 3,
  employee_name: 'Ava',
  user_id: null,
  user_name: null,
  action: 'clockin',
  reason: null,
  day: '2026-11-02',
  before: null,
  after: { clockin_at: '2026-11-02T17:00:00.000Z', clockout_at: null },
  created_at: '2026-11-02T17:00:00.000Z',
});

describe('timesheet hooks', () => {
  it('refetch the day after a correction is saved, and never after it fails does the screen see the change', async () => {
    let saved = false;
    const { wrapper } = fakeProvider(
      {
        'GET /protected/business/12/timesheets': () => ok(range(saved ? '2026-11-03T01:00:00.000Z' : null)),
        'POST /protected/business/12/ts/updateall/2026-11-02': async (request) => {
          const body = (await request.json()) as { reason: string };
          if (body.reason === 'refuse me') return fail(409, MESSAGES.timesheetChangedSinceOpened);
          saved = true;
          return ok({ day: '2026-11-02', added: 0, changed: 1, removed: 0, slots: [slot(7, '2026-11-03T01:00:00.000Z')] }, MESSAGES.timesheetUpdated);
        },
      },
      { queryClient: createQueryClient({ defaultOptions: { queries: { retry: false } } }) },
    );
    const { result } = renderHook(() => ({ day: useTimesheets(12, '2026-11-02', '2026-11-02'), save: useUpdateTimesheetDay(12) }), { wrapper });
    await waitFor(() => expect(result.current.day.data?.slots[0]?.status).toBe('IN'));
    const change = { day: '2026-11-02', slots: [{ id: 7, employee_id: 3, clockin_at: '2026-11-02T17:00:00.000Z', clockout_at: '2026-11-03T01:00:00.000Z' }] };
    await act(async () => {
      await expect(result.current.save.mutateAsync({ ...change, reason: 'refuse me' })).rejects.toMatchObject({ status: 409, message: MESSAGES.timesheetChangedSinceOpened });
    });
    expect(result.current.day.data?.slots[0]?.status).toBe('IN');
    await act(async () => {
      await result.current.save.mutateAsync({ ...change, reason: 'Forgot to clock out' });
    });
    await waitFor(() => expect(result.current.day.data?.slots[0]?.status).toBe('OUT'));
  });

  it('read the activity a page at a time with the cursor the page before gave', async () => {
    const seen: (string | null)[] = [];
    const { wrapper } = fakeProvider({
      'GET /protected/business/12/activity/timesheets': (request) => {
        const before = new URL(request.url).searchParams.get('before');
        seen.push(before);
        return ok(before === null ? { timezone: 'UTC', rows: [activity(9), activity(8)], next: 8 } : { timezone: 'UTC', rows: [activity(5)], next: null });
      },
    });
    const { result } = renderHook(() => useTimesheetActivity(12, { employee_id: 3 }), { wrapper });
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(1));
    await act(async () => {
      await result.current.fetchNextPage();
    });
    await waitFor(() => expect(result.current.data?.pages.flatMap((p) => p.rows.map((r) => r.id))).toEqual([9, 8, 5]));
    expect(result.current.hasNextPage).toBe(false);
    expect(seen).toEqual([null, '8']);
  });
});

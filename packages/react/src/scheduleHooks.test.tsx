import { MESSAGES, SCHEDULE_DEFAULTS, type ScheduleEntry, weekStoreHours } from '@salondesk/core';
import { fail, ok } from '@salondesk/core/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  useClearAllSchedules,
  useCopySchedules,
  useCreateSchedule,
  usePublishDrafts,
  usePublishPreview,
  useScheduleActivity,
  useScheduleHolidays,
  useScheduleRange,
  useScheduleStaff,
} from './scheduleHooks';
import { scheduleQueries } from './scheduleQueries';
import { fakeProvider } from './testing/fakeProvider';

const B = 3;
const OTHER = 4;
const base = `/protected/business/${B}`;

const entry = (over: Partial<ScheduleEntry> = {}): ScheduleEntry => ({
  id: 41,
  business_id: B,
  employee_id: 8,
  day: '2031-01-06',
  dow: null,
  start_time: '09:00',
  end_time: '13:00',
  published: false,
  auto: false,
  template_id: null,
  detail: null,
  archived_at: null,
  ...over,
});

/** A schedule API of one business whose entries change when a shift is added or cleared. */
function setup(options: { refuseAdd?: boolean } = {}) {
  let schedules: ScheduleEntry[] = [];
  const batches: unknown[] = [];
  let drafts = 2;
  const summary = () => ({
    start: '2031-01-05',
    end: '2031-01-18',
    weeks: [{ weekStart: '2031-01-05', weekEnd: '2031-01-11', from: '2031-01-05', to: '2031-01-11', added: drafts, replaced: 0, days: ['2031-01-06'] }],
    added: drafts,
    replaced: 0,
    fingerprint: `print${String(drafts).padStart(6, '0')}`,
  });
  const range = () =>
    ok({ start: '2031-01-05', end: '2031-01-18', today: '2031-01-05', timezone: 'America/Los_Angeles', settings: SCHEDULE_DEFAULTS, hours: weekStoreHours(SCHEDULE_DEFAULTS, []), schedules });
  const { api, client, queryClient, wrapper } = fakeProvider({
    [`GET ${base}/schedule/get/dynamic`]: range,
    [`GET ${base}/staff/schedules`]: () =>
      ok([{ id: 8, name: 'Ana', nickname: null, full_name: 'Ana Ruiz', display_name: 'Ana Ruiz', status: 'active', order: 1, schedulerColor: '#60A5FA', schedules }]),
    [`GET ${base}/holidays/fetch`]: ok([]),
    [`GET ${base}/activity/schedule`]: ok([]),
    [`GET /protected/business/${OTHER}/holidays/fetch`]: ok([]),
    [`GET ${base}/schedule/publish/preview`]: () => ok(summary()),
    [`POST ${base}/schedule/publish`]: async (request) => {
      const body = (await request.json()) as { expected?: string };
      if (body.expected !== summary().fingerprint) return fail(409, MESSAGES.scheduleChangedSinceSummary);
      return ok({ published: drafts, replaced: 0 });
    },
    [`POST ${base}/schedule/add`]: async (request) => {
      if (options.refuseAdd) return fail(400, MESSAGES.overlappingSchedules);
      const body = (await request.json()) as { day: string };
      const created = entry({ id: 41 + schedules.length, day: body.day });
      schedules = [...schedules, created];
      return ok(created);
    },
    [`POST ${base}/schedule/addbatch`]: async (request) => {
      const body = (await request.json()) as { schedules: { day: string }[]; skip_overlaps?: boolean };
      batches.push(body);
      // The server leaves out what overlaps: here, any day that already has an entry.
      const added = body.schedules.filter((s) => !body.skip_overlaps || !schedules.some((e) => e.day === s.day)).map((s, i) => entry({ id: 100 + schedules.length + i, day: s.day }));
      schedules = [...schedules, ...added];
      return ok(added);
    },
    [`POST ${base}/schedule/clearall/8`]: async (request) => {
      const body = (await request.json()) as { from?: string };
      const cleared = schedules.filter((s) => !body.from || (s.day ?? '') >= body.from).length;
      schedules = schedules.filter((s) => body.from && (s.day ?? '') < body.from);
      return ok({ cleared });
    },
  });
  const fetches = (path: string) => api.calls.filter((c) => c === `GET ${path}`).length;
  /** Another manager adds a draft. */
  const addDraft = () => void (drafts += 1);
  return { api, client, queryClient, wrapper, fetches, addDraft, batches };
}

/** Every schedule query of business B, and the holidays of another business. */
function useScheduleScreen() {
  return {
    range: useScheduleRange(B),
    staff: useScheduleStaff(B),
    holidays: useScheduleHolidays(B),
    activity: useScheduleActivity(B),
    otherHolidays: useScheduleHolidays(OTHER),
    create: useCreateSchedule(B),
    clearAll: useClearAllSchedules(B),
  };
}

const loaded = (r: ReturnType<typeof useScheduleScreen>) =>
  r.range.isSuccess && r.staff.isSuccess && r.holidays.isSuccess && r.activity.isSuccess && r.otherHolidays.isSuccess;

describe('schedule mutation hooks', () => {
  it('refetch every schedule query of the business after a change, and leave other businesses alone', async () => {
    const { wrapper, fetches, client, queryClient } = setup();
    const { result } = renderHook(useScheduleScreen, { wrapper });
    await waitFor(() => expect(loaded(result.current)).toBe(true));
    expect(result.current.range.data?.schedules).toEqual([]);

    await act(() => result.current.create.mutateAsync({ employee_id: 8, day: '2031-01-06', start_time: '09:00', end_time: '13:00' }));

    // The change is on screen as soon as the mutation resolves: the refetch is part of it.
    expect(result.current.range.data?.schedules.map((s) => s.day)).toEqual(['2031-01-06']);
    expect(result.current.staff.data?.[0]?.schedules).toHaveLength(1);
    expect(fetches(`${base}/schedule/get/dynamic`)).toBe(2);
    expect(fetches(`${base}/staff/schedules`)).toBe(2);
    expect(fetches(`${base}/holidays/fetch`)).toBe(2);
    expect(fetches(`${base}/activity/schedule`)).toBe(2);
    expect(fetches(`/protected/business/${OTHER}/holidays/fetch`)).toBe(1);
    expect(queryClient.getQueryState(scheduleQueries.holidays(client, OTHER).queryKey)?.isInvalidated).toBe(false);
  });

  it("still invalidate when a caller passes its own onSuccess, and run that onSuccess with fresh data", async () => {
    const { wrapper, fetches, client, queryClient } = setup();
    const { result } = renderHook(useScheduleScreen, { wrapper });
    await waitFor(() => expect(loaded(result.current)).toBe(true));
    await act(() => result.current.create.mutateAsync({ employee_id: 8, day: '2031-01-07' }));
    const shown = () => queryClient.getQueryData(scheduleQueries.range(client, B).queryKey)?.schedules.length;
    const before = fetches(`${base}/schedule/get/dynamic`);

    const seen: { cleared: number; rangeFetchesThen: number; shownThen: number | undefined }[] = [];
    act(() =>
      result.current.clearAll.mutate(
        { employeeId: 8, from: '2031-01-05' },
        { onSuccess: (data) => void seen.push({ cleared: data.cleared, rangeFetchesThen: fetches(`${base}/schedule/get/dynamic`), shownThen: shown() }) },
      ),
    );
    await waitFor(() => expect(seen).toHaveLength(1));
    // The caller's onSuccess runs once the refetched schedule is in the cache, not before.
    expect(seen[0]).toEqual({ cleared: 1, rangeFetchesThen: before + 1, shownThen: 0 });
    await waitFor(() => expect(result.current.range.data?.schedules).toEqual([]));
    expect(result.current.staff.data?.[0]?.schedules).toEqual([]);
  });

  it('refetch after a refused change too, so the screen shows what the server kept', async () => {
    const { wrapper, fetches } = setup({ refuseAdd: true });
    const { result } = renderHook(useScheduleScreen, { wrapper });
    await waitFor(() => expect(loaded(result.current)).toBe(true));
    let error: unknown;
    const onError = (e: unknown) => void (error = e);
    act(() => result.current.create.mutate({ employee_id: 8, day: '2031-01-06' }, { onError }));
    await waitFor(() => expect(error).toBeInstanceOf(Error));
    expect((error as Error).message).toBe(MESSAGES.overlappingSchedules);
    await waitFor(() => expect(fetches(`${base}/schedule/get/dynamic`)).toBe(2));
    expect(fetches(`${base}/staff/schedules`)).toBe(2);
  });

  it('sends clear-all to the staff member’s path with the day it starts from', async () => {
    const { wrapper, api } = setup();
    const { result } = renderHook(useScheduleScreen, { wrapper });
    await waitFor(() => expect(loaded(result.current)).toBe(true));
    await act(() => result.current.clearAll.mutateAsync({ employeeId: 8 }));
    expect(api.calls).toContain(`POST ${base}/schedule/clearall/8`);
  });
});

describe('confirmation summaries', () => {
  const week = { start: '2031-01-05', end: '2031-01-18' };
  const useConfirmation = ({ open }: { open: boolean }) => ({ preview: usePublishPreview(B, open ? week : null), publish: usePublishDrafts(B) });

  it('are asked of the server afresh each time a confirmation opens, never taken from an earlier one', async () => {
    const { wrapper, fetches, api } = setup();
    const { result, rerender } = renderHook(useConfirmation, { wrapper, initialProps: { open: false } });
    expect(fetches(`${base}/schedule/publish/preview`)).toBe(0);
    rerender({ open: true });
    await waitFor(() => expect(result.current.preview.data?.added).toBe(2));
    rerender({ open: false });
    rerender({ open: true });
    await waitFor(() => expect(fetches(`${base}/schedule/publish/preview`)).toBe(2));
    expect(api.calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('a confirmation refused as stale brings the new summary, and the new one goes through', async () => {
    const { wrapper, addDraft } = setup();
    const { result } = renderHook(useConfirmation, { wrapper, initialProps: { open: true } });
    await waitFor(() => expect(result.current.preview.data?.added).toBe(2));
    const seen = result.current.preview.data?.fingerprint as string;
    addDraft();
    await expect(act(() => result.current.publish.mutateAsync({ ...week, expected: seen }))).rejects.toMatchObject({ status: 409, message: MESSAGES.scheduleChangedSinceSummary });
    await waitFor(() => expect(result.current.preview.data?.added).toBe(3));
    await expect(act(() => result.current.publish.mutateAsync({ ...week, expected: result.current.preview.data?.fingerprint as string }))).resolves.toEqual({ published: 3, replaced: 0 });
  });
});

describe('copying shifts', () => {
  it('sends copies in one batch that skips overlaps, and refreshes the schedule', async () => {
    const { wrapper, batches, fetches } = setup();
    const { result } = renderHook(() => ({ range: useScheduleRange(B), copy: useCopySchedules(B), create: useCreateSchedule(B) }), { wrapper });
    await waitFor(() => expect(result.current.range.isSuccess).toBe(true));
    await act(() => result.current.create.mutateAsync({ employee_id: 8, day: '2031-01-06' }));
    const added = await act(() =>
      result.current.copy.mutateAsync([
        { employee_id: 8, day: '2031-01-06', start_time: '09:00', end_time: '13:00' },
        { employee_id: 8, day: '2031-01-07', start_time: '09:00', end_time: '13:00' },
      ]),
    );
    expect(batches).toEqual([{ schedules: [expect.objectContaining({ day: '2031-01-06' }), expect.objectContaining({ day: '2031-01-07' })], skip_overlaps: true }]);
    expect(added.map((e) => e.day)).toEqual(['2031-01-07']);
    expect(result.current.range.data?.schedules.map((e) => e.day)).toEqual(['2031-01-06', '2031-01-07']);
    expect(fetches(`${base}/schedule/get/dynamic`)).toBe(3);
  });

  it('asks for a range only once it is enabled (the previous week, while its dialog is open)', async () => {
    const { wrapper, fetches } = setup();
    const { result, rerender } = renderHook(({ enabled }) => useScheduleRange(B, '2030-12-29', 7, { enabled }), { wrapper, initialProps: { enabled: false } });
    expect(fetches(`${base}/schedule/get/dynamic`)).toBe(0);
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(fetches(`${base}/schedule/get/dynamic`)).toBe(1);
  });
});

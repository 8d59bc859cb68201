import type { DynamicUpdate, SalondeskClient, ScheduleInput, ScheduleSettings, StaticUpdate } from '@salondesk/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { scheduleQueries } from './scheduleQueries';
import { useSalondeskContext } from './SalondeskProvider';

const enabledFor = (businessId: number) => Number.isInteger(businessId) && businessId > 0;

/** Dated entries and settings of a range (default: today, the settings' `viewDays`); `enabled: false` waits (a range needed only while a dialog is open). */
export function useScheduleRange(businessId: number, start?: string, days?: number, options: { enabled?: boolean } = {}) {
  const { client } = useSalondeskContext('useScheduleRange');
  return useQuery({ ...scheduleQueries.range(client, businessId, start, days), enabled: enabledFor(businessId) && options.enabled !== false });
}

/** Active staff, in scheduler order, with their entries. */
export function useScheduleStaff(businessId: number, start?: string, days?: number) {
  const { client } = useSalondeskContext('useScheduleStaff');
  return useQuery({ ...scheduleQueries.staff(client, businessId, start, days), enabled: enabledFor(businessId) });
}

/**
 * What "Publish drafts" of `range` would change, per week, fetched afresh while `range` is given
 * (a confirmation is open) and dropped after. Send its `fingerprint` as `expected` with the publish.
 */
export function usePublishPreview(businessId: number, range: { start: string; end: string } | null) {
  const { client } = useSalondeskContext('usePublishPreview');
  return useQuery({ ...scheduleQueries.publishPreview(client, businessId, range?.start ?? '', range?.end ?? ''), enabled: enabledFor(businessId) && range !== null });
}

/** What "Republish from templates" would change, per week, while `query` is given; send its `fingerprint` as `expected`. */
export function useRepublishPreview(businessId: number, query: { start?: string | undefined; days?: number | undefined } | null) {
  const { client } = useSalondeskContext('useRepublishPreview');
  return useQuery({ ...scheduleQueries.republishPreview(client, businessId, query?.start, query?.days), enabled: enabledFor(businessId) && query !== null });
}

export function useScheduleHolidays(businessId: number) {
  const { client } = useSalondeskContext('useScheduleHolidays');
  return useQuery({ ...scheduleQueries.holidays(client, businessId), enabled: enabledFor(businessId) });
}

export function useScheduleActivity(businessId: number, limit = 50) {
  const { client } = useSalondeskContext('useScheduleActivity');
  return useQuery({ ...scheduleQueries.activity(client, businessId, limit), enabled: enabledFor(businessId) });
}

/**
 * A schedule mutation of one business. Whatever the caller passes to `mutate(vars, { onSuccess })`,
 * every success first invalidates all of that business's schedule queries.
 */
function scheduleMutation<TVariables, TData>(name: string, run: (client: SalondeskClient, businessId: number, variables: TVariables) => Promise<TData>) {
  return function useScheduleMutationHook(businessId: number) {
    const { client, queryClient } = useSalondeskContext(name);
    return useMutation<TData, Error, TVariables>({
      mutationFn: (variables) => run(client, businessId, variables),
      onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleQueries.business(businessId) }),
    });
  };
}

export const useCreateSchedule = scheduleMutation('useCreateSchedule', (c, b, v: ScheduleInput) => c.schedule.create(b, v));
export const useCreateScheduleBatch = scheduleMutation('useCreateScheduleBatch', (c, b, v: ScheduleInput[]) => c.schedule.createBatch(b, v));
/** Adds copies of shifts at once, leaving out those that would overlap (`addbatch` with `skip_overlaps`); resolves to the entries added. */
export const useCopySchedules = scheduleMutation('useCopySchedules', (c, b, v: ScheduleInput[]) => c.schedule.createBatch(b, v, { skipOverlaps: true }));
export const useUpdateSchedule = scheduleMutation(
  'useUpdateSchedule',
  (c, b, v: { id: number; kind: 'dynamic'; changes: DynamicUpdate } | { id: number; kind: 'static'; changes: StaticUpdate }) =>
    v.kind === 'dynamic' ? c.schedule.updateDynamic(b, v.id, v.changes) : c.schedule.updateStatic(b, v.id, v.changes),
);
export const useRemoveSchedule = scheduleMutation('useRemoveSchedule', (c, b, v: { id: number; kind: 'static' | 'dynamic' }) =>
  v.kind === 'dynamic' ? c.schedule.removeDynamic(b, v.id) : c.schedule.removeStatic(b, v.id),
);
export const usePublishDrafts = scheduleMutation('usePublishDrafts', (c, b, v: { start: string; end: string; drafts?: number[]; expected?: string }) => c.schedule.publishDrafts(b, v));
export const useClearDrafts = scheduleMutation('useClearDrafts', (c, b, v: { start?: string; end?: string }) => c.schedule.clearDrafts(b, v));
export const useRepublish = scheduleMutation('useRepublish', (c, b, v: { start?: string; days?: number; employeeId?: number; expected?: string }) =>
  v.employeeId ? c.schedule.republishFor(b, v.employeeId, { start: v.start, days: v.days }) : c.schedule.republish(b, { start: v.start, days: v.days, expected: v.expected }),
);
export const useClearTemplate = scheduleMutation('useClearTemplate', (c, b, v: { templateId?: string }) => c.schedule.clearTemplate(b, v.templateId));
export const useCopyDraftsFromTemplate = scheduleMutation('useCopyDraftsFromTemplate', (c, b, v: { from: string; to: string; template_id?: string }) =>
  c.schedule.copyDraftsFromTemplate(b, v),
);
export const useClearAllSchedules = scheduleMutation('useClearAllSchedules', (c, b, v: { employeeId: number; from?: string }) =>
  c.schedule.clearAll(b, v.employeeId, v.from ? { from: v.from } : {}),
);
export const useUpdateScheduleSettings = scheduleMutation('useUpdateScheduleSettings', (c, b, v: Partial<ScheduleSettings>) => c.schedule.updateSettings(b, v));
export const useUpdateHolidays = scheduleMutation('useUpdateHolidays', (c, b, v: { day: string; name: string }[]) => c.schedule.updateHolidays(b, v));

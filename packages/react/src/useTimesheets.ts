import type { SalondeskClient, TimesheetActivityQuery, TimesheetDayUpdate } from '@salondesk/core';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useSalondeskContext } from './SalondeskProvider';
import { timesheetQueries } from './timesheetQueries';

const valid = (businessId: number) => Number.isInteger(businessId) && businessId > 0;

/** The slots of `start`…`end` (business-zone days of clock-in); the previous range stays on screen while the next loads. */
export function useTimesheets(businessId: number, start: string, end: string) {
  const { client } = useSalondeskContext('useTimesheets');
  return useQuery({ ...timesheetQueries.range(client, businessId, start, end), enabled: valid(businessId), placeholderData: keepPreviousData });
}

/** Every open slot; `still_clocked_in` marks those past the location's clock-out time and grace (or too long). */
export function useOpenTimesheets(businessId: number) {
  const { client } = useSalondeskContext('useOpenTimesheets');
  return useQuery({ ...timesheetQueries.open(client, businessId), enabled: valid(businessId) });
}

/** The timesheet activity, newest first; `fetchNextPage` reads the next page. */
export function useTimesheetActivity(businessId: number, query: Omit<TimesheetActivityQuery, 'before'> = {}) {
  const { client } = useSalondeskContext('useTimesheetActivity');
  return useInfiniteQuery({ ...timesheetQueries.activity(client, businessId, query), enabled: valid(businessId) });
}

/** The members the staff clock lists, with their PIN and whether they are clocked in. */
export function useClockStaff(businessId: number) {
  const { client } = useSalondeskContext('useClockStaff');
  return useQuery({ ...timesheetQueries.clockStaff(client, businessId), enabled: valid(businessId) });
}

/** Whether a member has a clock PIN. */
export function useClockPin(businessId: number, staffId: number) {
  const { client } = useSalondeskContext('useClockPin');
  return useQuery({ ...timesheetQueries.clockPin(client, businessId, staffId), enabled: valid(businessId) && valid(staffId) });
}

/**
 * A timesheet change of one business. Whatever the caller passes to `mutate(vars, { onSuccess })`,
 * every change — saved or refused — first invalidates all of that business's timesheet queries
 * (slots, open slots, the activity, the clock).
 */
function timesheetMutation<TVariables, TData>(name: string, run: (client: SalondeskClient, businessId: number, variables: TVariables) => Promise<TData>) {
  return function useTimesheetMutationHook(businessId: number) {
    const { client, queryClient } = useSalondeskContext(name);
    return useMutation<TData, Error, TVariables>({
      mutationFn: (variables) => run(client, businessId, variables),
      onSettled: () => queryClient.invalidateQueries({ queryKey: timesheetQueries.business(businessId) }),
    });
  };
}

/** Saves every slot of a day at once, with the reason (`ts/updateall/{date}`). */
export const useUpdateTimesheetDay = timesheetMutation('useUpdateTimesheetDay', (c, b, v: { day: string } & TimesheetDayUpdate) => {
  const { day, ...body } = v;
  return c.timesheets.updateAll(b, day, body);
});
/** Clocks out an open slot, now or at `clockout_at` (`ts/{slotId}/clockout`). */
export const useClockOutSlot = timesheetMutation('useClockOutSlot', (c, b, v: { slotId: number; clockout_at?: string; reason?: string }) => {
  const { slotId, ...body } = v;
  return c.timesheets.clockOut(b, slotId, body);
});
/** The staff clock: a member clocks in with their PIN. */
export const useClockIn = timesheetMutation('useClockIn', (c, b, v: { employee_id: number; pin: string }) => c.timesheets.clockIn(b, v));
/** The staff clock: a member clocks out with their PIN. */
export const useClockOut = timesheetMutation('useClockOut', (c, b, v: { employee_id: number; pin: string }) => c.timesheets.clockOutSelf(b, v));
/** Sets a member's clock PIN (null removes it). */
export const useSetClockPin = timesheetMutation('useSetClockPin', (c, b, v: { staffId: number; pin: string | null }) => c.timesheets.setClockPin(b, v.staffId, v.pin));

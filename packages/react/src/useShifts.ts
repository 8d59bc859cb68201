import type { DrawerSettings, FinanceInput, FinanceUpdate, SalondeskClient, ShiftClose, ShiftOpen } from '@salondesk/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useSalondeskContext } from './SalondeskProvider';
import { shiftQueries } from './shiftQueries';

const valid = (id: number) => Number.isInteger(id) && id > 0;

/** The shift report of `start`…`end`; the previous range stays on screen while the next loads. Idle while the range is empty. */
export function useShiftReport(businessId: number, start: string, end: string) {
  const { client } = useSalondeskContext('useShiftReport');
  return useQuery({ ...shiftQueries.report(client, businessId, start, end), enabled: valid(businessId) && start !== '' && end !== '', placeholderData: keepPreviousData });
}

/** The location's open drawer (or null), today's closed shift, and what a new drawer would open with. */
export function useCurrentShift(businessId: number) {
  const { client } = useSalondeskContext('useCurrentShift');
  return useQuery({ ...shiftQueries.current(client, businessId), enabled: valid(businessId) });
}

/** One shift with its finances, staff and figures (hidden under blind close while open). */
export function useShift(businessId: number, shiftId: number) {
  const { client } = useSalondeskContext('useShift');
  return useQuery({ ...shiftQueries.shift(client, businessId, shiftId), enabled: valid(businessId) && valid(shiftId) });
}

/** Every movement of a shift's drawer, in order, with who and when. */
export function useDrawerLog(businessId: number, shiftId: number) {
  const { client } = useSalondeskContext('useDrawerLog');
  return useQuery({ ...shiftQueries.drawerLog(client, businessId, shiftId), enabled: valid(businessId) && valid(shiftId) });
}

/** The location's drawer settings: default float, difference threshold, blind close. */
export function useDrawerSettings(businessId: number) {
  const { client } = useSalondeskContext('useDrawerSettings');
  return useQuery({ ...shiftQueries.settings(client, businessId), enabled: valid(businessId) });
}

/**
 * A drawer change of one location. Whatever the caller passes to `mutate(vars, { onSuccess })`,
 * every change — saved or refused (a close someone else made first is refused) — then invalidates
 * all of that location's drawer queries, so the screen shows the drawer as it now is.
 */
function shiftMutation<TVariables, TData>(name: string, run: (client: SalondeskClient, businessId: number, variables: TVariables) => Promise<TData>) {
  return function useShiftMutationHook(businessId: number) {
    const { client, queryClient } = useSalondeskContext(name);
    return useMutation<TData, Error, TVariables>({
      mutationFn: (variables) => run(client, businessId, variables),
      onSettled: () => queryClient.invalidateQueries({ queryKey: shiftQueries.business(businessId) }),
    });
  };
}

/** Opens today's drawer with its count (`shift/open`). */
export const useOpenShift = shiftMutation('useOpenShift', (c, b, v: ShiftOpen) => c.shifts.open(b, v));
/** Closes an open shift with the count, cash drop, notes and cashiers (`shift/{shiftId}/update`); answers with the frozen figures. */
export const useCloseShift = shiftMutation('useCloseShift', (c, b, v: { shiftId: number } & ShiftClose) => {
  const { shiftId, ...body } = v;
  return c.shifts.close(b, shiftId, body);
});
/** A manager reopens a closed shift, with a reason (`shift/{shiftId}/reopen`). */
export const useReopenShift = shiftMutation('useReopenShift', (c, b, v: { shiftId: number; reason: string }) => c.shifts.reopen(b, v.shiftId, v.reason));
/** Adds a finance to an open shift (`finance/add`). */
export const useAddFinance = shiftMutation('useAddFinance', (c, b, v: FinanceInput) => c.shifts.addFinance(b, v));
/** Changes a finance of an open shift (`finance/{fid}/update`). */
export const useUpdateFinance = shiftMutation('useUpdateFinance', (c, b, v: { financeId: number } & FinanceUpdate) => {
  const { financeId, ...body } = v;
  return c.shifts.updateFinance(b, financeId, body);
});
/** Removes a finance of an open shift, with a reason (`finance/{fid}/delete`). */
export const useDeleteFinance = shiftMutation('useDeleteFinance', (c, b, v: { financeId: number; description: string }) => c.shifts.deleteFinance(b, v.financeId, v.description));
/** Saves the location's drawer settings (`shiftsettings/update`). */
export const useUpdateDrawerSettings = shiftMutation('useUpdateDrawerSettings', (c, b, v: DrawerSettings) => c.shifts.updateSettings(b, v));

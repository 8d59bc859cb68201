import type { SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/**
 * Query keys and fetchers of a location's cash drawer, from one factory so a key always matches
 * what it fetches. Every shift or finance change invalidates `shiftQueries.business(id)` (the
 * report, the current shift, each shift and its drawer log).
 */
export const shiftQueries = {
  all: () => ['salondesk', 'shifts'] as const,
  business: (businessId: number) => [...shiftQueries.all(), businessId] as const,

  /** The shift report of `start`…`end` (`shifts`). */
  report: (client: SalondeskClient, businessId: number, start: string, end: string) =>
    queryOptions({
      queryKey: [...shiftQueries.business(businessId), 'report', { start, end }] as const,
      queryFn: () => client.shifts.list(businessId, start, end),
    }),

  /** The open drawer, if any, and the suggested opening count (`shift/current`). */
  current: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...shiftQueries.business(businessId), 'current'] as const, queryFn: () => client.shifts.current(businessId) }),

  /** One shift with its finances and figures (`shift/{shiftId}/get`). */
  shift: (client: SalondeskClient, businessId: number, shiftId: number) =>
    queryOptions({ queryKey: [...shiftQueries.business(businessId), 'shift', shiftId] as const, queryFn: () => client.shifts.get(businessId, shiftId) }),

  /** Every movement of a shift's drawer, in order (`drawerlog/{shiftId}`). */
  drawerLog: (client: SalondeskClient, businessId: number, shiftId: number) =>
    queryOptions({ queryKey: [...shiftQueries.business(businessId), 'drawer-log', shiftId] as const, queryFn: () => client.shifts.drawerLog(businessId, shiftId) }),

  /** The location's drawer settings (`shiftsettings/get`). */
  settings: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...shiftQueries.business(businessId), 'settings'] as const, queryFn: () => client.shifts.settings(businessId) }),
};

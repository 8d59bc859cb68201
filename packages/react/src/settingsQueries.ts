import { operations, type SalondeskClient } from '@salondesk/core';
import { queryOptions } from '@tanstack/react-query';

/** Query keys and fetchers for business settings and setting types. */
export const settingsQueries = {
  all: () => ['salondesk', 'settings'] as const,
  business: (businessId: number) => [...settingsQueries.all(), 'business', businessId] as const,

  /** `bizsettings/get`: the groups the user may see. */
  get: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...settingsQueries.business(businessId), 'groups'] as const, queryFn: () => client.settings.get(businessId) }),

  copyTargets: (client: SalondeskClient, businessId: number, settingTypeId: number) =>
    queryOptions({
      queryKey: [...settingsQueries.business(businessId), 'copy-targets', settingTypeId] as const,
      queryFn: () => client.proxy.call(operations.settings.copyTargets, businessId, { params: { settingTypeId } }),
    }),

  /** One setting by its name (`io-request` `bizsettings?key=`). */
  byKey: (client: SalondeskClient, businessId: number, key: string) =>
    queryOptions({ queryKey: [...settingsQueries.business(businessId), 'by-key', key] as const, queryFn: () => client.settings.getByKey(businessId, key) }),

  /** Every setting type (admins). */
  types: (client: SalondeskClient) => queryOptions({ queryKey: [...settingsQueries.all(), 'types'] as const, queryFn: () => client.settings.listTypes() }),
};

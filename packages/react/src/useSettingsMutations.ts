import { type BusinessHoursDay, type BusinessInfoChanges, operations, type SalondeskClient, type SettingByKeyInput, type SettingTypeInput } from '@salondesk/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSalondeskContext } from './SalondeskProvider';
import { businessQueries } from './businessQueries';
import { epayQueries } from './epayQueries';
import { settingsQueries } from './settingsQueries';

/**
 * Saves one setting. A setting marked `reload` changes how the dashboard behaves, so every
 * query refetches after it is saved; otherwise only the business's settings do.
 */
export function useUpdateSetting(businessId: number) {
  const { client } = useSalondeskContext('useUpdateSetting');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ settingTypeId, value }: { settingTypeId: number; value: unknown }) => client.settings.update(businessId, settingTypeId, value),
    onSettled: (saved) =>
      queryClient.invalidateQueries({ queryKey: saved?.reload ? ['salondesk'] : settingsQueries.business(businessId) }),
  });
}

export function useUpdateBusinessHours(businessId: number) {
  const { client } = useSalondeskContext('useUpdateBusinessHours');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: BusinessHoursDay[]) => client.settings.updateHours(businessId, days),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsQueries.business(businessId) }),
  });
}

/** Copies this business's value of a setting to other locations (proxy request). */
export function useCopySetting(businessId: number) {
  const { client } = useSalondeskContext('useCopySetting');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ settingTypeId, businessIds }: { settingTypeId: number; businessIds: number[] }) =>
      client.proxy.call(operations.settings.copy, businessId, { params: { settingTypeId }, body: { businessIds } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsQueries.all() }),
  });
}

/** Adds or changes a setting type (admins); every settings query refetches. */
export function useSaveSettingType() {
  const { client } = useSalondeskContext('useSaveSettingType');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; changes: Parameters<SalondeskClient['settings']['updateType']>[1] } | { id?: undefined; create: SettingTypeInput }) =>
      input.id === undefined ? client.settings.createType(input.create) : client.settings.updateType(input.id, input.changes),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsQueries.all() }),
  });
}

/** Turns a location's reports on or off and picks the daily and period reports it offers; the business is read again after. */
export function useUpdateReportSettings(businessId: number) {
  const { client } = useSalondeskContext('useUpdateReportSettings');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: { enabled: boolean; reports: string[] }) => client.businesses.updateReportSettings(businessId, settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: businessQueries.all() }),
  });
}

/**
 * Changes the business info the settings screen edits (web payment provider, loyalty threshold,
 * points per dollar, payment information); the business and its epay settings (the provider is
 * theirs too) are read again after.
 */
export function useUpdateBusinessInfo(businessId: number) {
  const { client } = useSalondeskContext('useUpdateBusinessInfo');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: BusinessInfoChanges) => client.businessInfo.update(businessId, changes),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: businessQueries.all() }), queryClient.invalidateQueries({ queryKey: epayQueries.all() })]),
  });
}

/** Sets one setting by its name (`io-request` `bizsettings` with `{ key, value }` or `{ key, json }`); the business's settings refetch. */
export function useSetSettingByKey(businessId: number) {
  const { client } = useSalondeskContext('useSetSettingByKey');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SettingByKeyInput) => client.settings.setByKey(businessId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsQueries.business(businessId) }),
  });
}

import { useQuery } from '@tanstack/react-query';
import { useSalondeskContext } from './SalondeskProvider';
import { settingsQueries } from './settingsQueries';

/** The other locations a setting could be copied to; fetched only while `enabled`. */
export function useSettingCopyTargets(businessId: number, settingTypeId: number, enabled: boolean) {
  const { client } = useSalondeskContext('useSettingCopyTargets');
  return useQuery({ ...settingsQueries.copyTargets(client, businessId, settingTypeId), enabled: enabled && businessId > 0 && settingTypeId > 0 });
}

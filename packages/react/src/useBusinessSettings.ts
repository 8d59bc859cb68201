import { useQuery } from '@tanstack/react-query';
import { useSalondeskContext } from './SalondeskProvider';
import { settingsQueries } from './settingsQueries';

/** The business's settings in their groups (Business Hours first). */
export function useBusinessSettings(businessId: number) {
  const { client } = useSalondeskContext('useBusinessSettings');
  return useQuery({ ...settingsQueries.get(client, businessId), enabled: businessId > 0 });
}

/** One setting of the business by its name (`SMS_REMINDERS`); waits while `key` is empty. */
export function useSettingByKey(businessId: number, key: string) {
  const { client } = useSalondeskContext('useSettingByKey');
  return useQuery({ ...settingsQueries.byKey(client, businessId, key), enabled: businessId > 0 && key !== '', retry: false });
}

import { isAdmin } from '@salondesk/core';
import { useQuery } from '@tanstack/react-query';
import { useSalondeskContext } from './SalondeskProvider';
import { settingsQueries } from './settingsQueries';
import { useSession } from './useSession';

/** Every setting type; only fetched for a signed-in admin. */
export function useSettingTypes() {
  const { client } = useSalondeskContext('useSettingTypes');
  const user = useSession().session?.user;
  return useQuery({ ...settingsQueries.types(client), enabled: user !== undefined && isAdmin(user) });
}

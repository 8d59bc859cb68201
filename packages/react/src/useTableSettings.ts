import { readTableConfiguration, type DataTableConfiguration, type TableSettings } from '@salondesk/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSalondeskContext } from './SalondeskProvider';
import { tableSettingsQueries } from './tableSettingsQueries';
import { useSession } from './useSession';

export interface UseTableSettingsOptions {
  /** The table's title, saved with its settings (`Sales by staff`). */
  title: string;
  /** How long after the last change the settings are saved, in milliseconds (default 800). */
  delay?: number;
}

export interface UseTableSettingsResult {
  /** The settings to show: the person's latest change, else the saved ones, else `{}`. */
  settings: DataTableConfiguration;
  /** Takes a change: shown at once, saved after `delay` (and before the screen closes). */
  onSettingsChange: (settings: DataTableConfiguration) => void;
  /** The saved settings are still loading (a table may wait for them to avoid a jump). */
  isLoading: boolean;
  /** Why the last save failed, if it did (the change stays on screen). */
  saveError: Error | null;
}

/**
 * A table's saved settings (sorting, columns, widths) for the signed-in user in a business:
 * loaded with `tableSettings.get`, changed at once on screen and saved with `tableSettings.update`
 * after a pause, so the table looks the same on the next visit and on another device.
 *
 * ```tsx
 * const table = useTableSettings(businessId, 'sales-by-staff', { title: 'By staff' });
 * <DataTable settings={table.settings} onSettingsChange={table.onSettingsChange} ... />
 * ```
 */
export function useTableSettings(businessId: number, name: string, { title, delay = 800 }: UseTableSettingsOptions): UseTableSettingsResult {
  const { client } = useSalondeskContext('useTableSettings');
  const queryClient = useQueryClient();
  const signedIn = useSession().session !== null;
  const options = tableSettingsQueries.get(client, businessId, name);
  const query = useQuery({ ...options, enabled: businessId > 0 && signedIn });
  const [local, setLocal] = useState<{ key: string; settings: DataTableConfiguration } | null>(null);
  const [saveError, setSaveError] = useState<Error | null>(null);
  const key = `${businessId}/${name}`;

  // The change waiting to be saved, and its timer; saved when the timer fires or the table goes.
  const pending = useRef<{ businessId: number; name: string; title: string; settings: DataTableConfiguration } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const save = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const change = pending.current;
    pending.current = null;
    if (!change) return;
    const queryKey = tableSettingsQueries.get(client, change.businessId, change.name).queryKey;
    const saved = queryClient.getQueryData<TableSettings | null>(queryKey);
    client.tableSettings
      .update(change.businessId, change.name, { title: change.title, configuration: change.settings, id: saved?.id ?? null })
      .then((result) => {
        queryClient.setQueryData(queryKey, result);
        setSaveError(null);
      })
      .catch((error: unknown) => setSaveError(error instanceof Error ? error : new Error(String(error))));
  }, [client, queryClient]);

  const onSettingsChange = useCallback(
    (settings: DataTableConfiguration) => {
      setLocal({ key, settings });
      pending.current = { businessId, name, title, settings };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(save, delay);
    },
    [key, businessId, name, title, delay, save],
  );

  // Another table (or business): save what waits for the old one. Leaving the page: save now.
  useEffect(() => {
    const onHide = () => save();
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      save();
    };
  }, [key, save]);

  const saved = useMemo(() => readTableConfiguration(query.data?.configuration), [query.data]);
  const settings = local?.key === key ? local.settings : saved;
  return { settings, onSettingsChange, isLoading: query.isPending && query.fetchStatus !== 'idle', saveError };
}

import { readTableConfiguration, type DataTableConfiguration, type TableSettings } from '@salondesk/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSalondeskContext } from './SalondeskProvider';
import { tableSettingsQueries, type TableSettingsDraft } from './tableSettingsQueries';
import { useSession } from './useSession';

/** Numbers the changes of every table, so the newest one is shown. */
let versions = 0;

export interface UseTableSettingsOptions {
  /** The table's title, saved with its settings (`Sales by staff`). */
  title: string;
  /** How long after the last change the settings are saved, in milliseconds (default 800). */
  delay?: number;
}

export interface UseTableSettingsResult {
  /** The settings to show: the person's latest change, else the saved ones, else `{}`. */
  settings: DataTableConfiguration;
  /** Takes a change: shown at once (by every table of this name), saved after `delay` (and before the screen closes). */
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
  const draftOptions = useMemo(() => tableSettingsQueries.draft(businessId, name), [businessId, name]);
  // The change shows at once here (local), and in the other tables of this name through the cache.
  const shared = useQuery(draftOptions).data ?? null;
  const [local, setLocal] = useState<(TableSettingsDraft & { key: string }) | null>(null);
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
      const draft = { settings, version: ++versions };
      setLocal({ ...draft, key });
      queryClient.setQueryData(draftOptions.queryKey, draft);
      pending.current = { businessId, name, title, settings };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(save, delay);
    },
    [queryClient, draftOptions.queryKey, key, businessId, name, title, delay, save],
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
  const mine = local?.key === key ? local : null;
  const newest = mine && (!shared || mine.version >= shared.version) ? mine : shared;
  const settings = newest?.settings ?? saved;
  return { settings, onSettingsChange, isLoading: query.isPending && query.fetchStatus !== 'idle', saveError };
}

import { type DrawerSettings, MESSAGES } from '@salondesk/core';
import { useDrawerSettings, useUpdateDrawerSettings } from '@salondesk/react';
import { type FormEvent, useState } from 'react';
import { LoadError } from '../../../app/LoadError';
import { toasts } from '../../../app/toasts';
import { useAmount } from '../../../app/useAmount';
import { useReportDirty } from '../../../app/useUnsavedChanges';
import { AmountField } from '../../../ui/AmountField';
import { Button } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';
import { Toggle } from '../../../ui/Toggle';

type Report = (key: string, dirty: boolean) => void;

/** The location's cash drawer: the default float, the difference past which a manager must close with a note, and blind close. */
export function DrawerSettingsSection({ businessId, symbol, disabled, report }: { businessId: number; symbol: string; disabled: boolean; report: Report }) {
  const settings = useDrawerSettings(businessId);
  return (
    <section aria-labelledby="group-drawer" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id="group-drawer" className="text-base font-semibold text-slate-900">
        Cash drawer
      </h2>
      {settings.isError ? (
        <LoadError className="mt-2" error={settings.error} fallback={MESSAGES.failedToFetchDrawerSettings} onRetry={() => void settings.refetch()} headingLevel={3} />
      ) : !settings.data ? (
        <Skeleton className="mt-4 h-40 w-full" />
      ) : (
        <DrawerSettingsForm key={JSON.stringify(settings.data)} businessId={businessId} saved={settings.data} symbol={symbol} disabled={disabled} report={report} />
      )}
    </section>
  );
}

function DrawerSettingsForm({ businessId, saved, symbol, disabled, report }: { businessId: number; saved: DrawerSettings; symbol: string; disabled: boolean; report: Report }) {
  const float = useAmount(symbol, saved.defaultFloat);
  const threshold = useAmount(symbol, saved.differenceThreshold ?? undefined);
  const [blindClose, setBlindClose] = useState(saved.blindClose);
  const update = useUpdateDrawerSettings(businessId);
  const read = (text: string, fallback: number | null) => {
    const reading = float.field.read(text);
    return reading.ok ? reading.cents : fallback;
  };
  const thresholdNow = threshold.text.trim() === '' ? null : read(threshold.text, -1);
  useReportDirty(report, 'drawer-settings', read(float.text, -1) !== saved.defaultFloat || thresholdNow !== saved.differenceThreshold || blindClose !== saved.blindClose);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const defaultFloat = float.take();
    const differenceThreshold = threshold.text.trim() === '' ? null : threshold.take();
    if (defaultFloat === null || (threshold.text.trim() !== '' && differenceThreshold === null)) return;
    update.mutate({ defaultFloat, differenceThreshold, blindClose }, { onSuccess: () => toasts.success(MESSAGES.drawerSettingsSaved), onError: (error) => toasts.error(error.message) });
  };

  return (
    <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <AmountField label="Default float" {...float.field} disabled={disabled} hint="What a drawer opens with before any shift has closed; after that, what the last shift left in it." />
        <AmountField label="Difference threshold" {...threshold.field} optional disabled={disabled} hint="Past this difference, only a manager (who may edit settings) can close, with a note. Empty: no threshold." />
      </div>
      <Toggle label="Blind close" description="The cashier counts without seeing what the drawer should hold; the difference shows once the count is saved." checked={blindClose} onChange={setBlindClose} disabled={disabled} />
      {!disabled ? (
        <Button type="submit" loading={update.isPending}>
          Save drawer settings
        </Button>
      ) : null}
    </form>
  );
}

import { isApiError, MESSAGES, normaliseSettingName } from '@salondesk/core';
import { useSetSettingByKey, useSettingByKey } from '@salondesk/react';
import { type FormEvent, useState } from 'react';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';

/**
 * A setting looked up by its name (`io-request` `bizsettings?key=`, spec 001 §7 Settings): what
 * support or a checklist names (`SMS_REMINDERS`), read and set by name, checked against its type
 * by the server exactly as the editors above are. Names are uppercased as the catalogue keeps them.
 */
export function SettingByKeySection({ businessId, disabled }: { businessId: number; disabled: boolean }) {
  const [typed, setTyped] = useState('');
  const [key, setKey] = useState('');
  const found = useSettingByKey(businessId, key);
  const save = useSetSettingByKey(businessId);
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const lookUp = (event: FormEvent) => {
    event.preventDefault();
    setValue(null);
    setError(null);
    setKey(normaliseSettingName(typed));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!found.data || value === null) return;
    save.mutate(
      { key: found.data.key, value },
      {
        onSuccess: () => {
          toasts.success(MESSAGES.settingUpdated);
          setValue(null);
          void found.refetch();
        },
        onError: (failure) => {
          setError(isApiError(failure) && failure.issues.length > 0 ? (failure.issues[0]?.message ?? failure.message) : failure.message);
          toasts.error(failure.message);
        },
      },
    );
  };

  return (
    <section aria-labelledby="group-by-name" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id="group-by-name" className="text-base font-semibold text-slate-900">
        A setting by its name
      </h2>
      <p className="mt-1 text-sm text-slate-600">For a setting you know by name (support may ask for one), including those not listed above.</p>
      <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={lookUp} role="search" aria-label="Look up a setting by its name">
        <TextField className="min-w-64 flex-1" label="Setting name" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="SMS_REMINDERS" />
        <Button type="submit" variant="secondary" disabled={typed.trim() === ''} loading={found.isFetching}>
          Look up
        </Button>
      </form>
      {key === '' ? null : found.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {found.error.message}
        </p>
      ) : found.data ? (
        <form className="mt-4 space-y-3" onSubmit={submit} aria-label={`Setting ${found.data.key}`}>
          <p className="text-sm text-slate-700">
            <span className="font-mono font-medium text-slate-900">{found.data.key}</span> · {found.data.type} · {found.data.isDefault ? 'the default value' : 'set for this location'}
          </p>
          <TextField
            label={`Value of ${found.data.key}`}
            value={value ?? found.data.value ?? ''}
            onChange={(e) => setValue(e.target.value)}
            error={error}
            disabled={disabled}
          />
          {!disabled ? (
            <Button type="submit" disabled={value === null} loading={save.isPending}>
              Save {found.data.key}
            </Button>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}

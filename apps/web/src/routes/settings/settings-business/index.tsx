import {
  type BusinessHoursDay,
  businessHoursProblem,
  type BusinessSetting,
  DAY_NAMES,
  isAdmin,
  MESSAGES,
  OFFERABLE_REPORT_SLUGS,
  REPORT_SLUG_KIND_LABEL,
  reportSlug,
  type ReportSettings,
  parseSettingValue,
  readSettingList,
  SETTING_LIST_MAX_ITEMS,
  settingListItems,
  settingListShape,
  type SettingListShape,
  userCan,
} from '@salondesk/core';
import { useBusiness, useBusinessSettings, useCopySetting, useSession, useSettingCopyTargets, useUpdateBusinessHours, useUpdateReportSettings, useUpdateSetting } from '@salondesk/react';
import { useState, type FormEvent } from 'react';
import { toasts } from '../../../app/toasts';
import { currencySymbolOf } from '../../../app/useBusinessDisplay';
import { useDirtyParts, useReportDirty, useUnsavedChangesGuard } from '../../../app/useUnsavedChanges';
import { ListEditor } from '../../../ui/ListEditor';
import { Button } from '../../../ui/Button';
import { LoadError } from '../../../app/LoadError';
import { Modal } from '../../../ui/Modal';
import { PageHeader } from '../../../ui/PageHeader';
import { SelectField } from '../../../ui/SelectField';
import { Skeleton } from '../../../ui/Skeleton';
import { TextField } from '../../../ui/TextField';
import { Toggle } from '../../../ui/Toggle';
import { DrawerSettingsSection } from './DrawerSettingsSection';
import { BusinessInfoSection } from './BusinessInfoSection';
import { SettingByKeySection } from './SettingByKeySection';
import { useBusinessId } from '../../../app/useBusinessId';

/** `/{businessId}/settings`: the business's settings by group, Business Hours first. */
export function Component() {
  const businessId = useBusinessId();
  const user = useSession().session?.user;
  const settings = useBusinessSettings(businessId);
  const business = useBusiness(businessId);
  const mayEdit = user !== undefined && userCan(user, 'setting.editsetting');
  const admin = user !== undefined && isAdmin(user);
  // Leaving with an editor holding unsaved changes asks first (in the app and when closing the tab).
  const { dirty, report } = useDirtyParts();
  const leaving = useUnsavedChangesGuard(dirty);

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <PageHeader title="Business settings" description="How this location behaves. Changes apply as soon as they are saved." />
      <div className="mt-6 space-y-6">
        {settings.isError ? (
          <LoadError error={settings.error} fallback={MESSAGES.failedToFetchBusinessSettings} onRetry={() => void settings.refetch()} />
        ) : !settings.data ? (
          <div aria-busy="true"><p role="status" className="sr-only">Loading settings</p><Skeleton className="h-64 w-full" /></div>
        ) : (
          settings.data.groups.map((group) => (
            <section key={group.name} aria-labelledby={`group-${group.name}`} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
              <h2 id={`group-${group.name}`} className="text-base font-semibold text-slate-900">{group.name}</h2>
              {group.kind === 'hours' ? (
                <BusinessHoursEditor businessId={businessId} days={group.days} disabled={!mayEdit} report={report} />
              ) : (
                <div className="mt-4 divide-y divide-slate-100">
                  {group.settings.map((s) => {
                    const list = settingListShape(s);
                    const props = { businessId, setting: s, disabled: !mayEdit || (!s.editable && !admin), multiLocation: admin || (user?.acl.multiLocation ?? false), report };
                    return list ? <ListSettingEditor key={s.id} {...props} shape={list} /> : <SettingEditor key={s.id} {...props} />;
                  })}
                </div>
              )}
            </section>
          ))
        )}
        {business.data ? (
          <section aria-labelledby="group-reports" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
            <h2 id="group-reports" className="text-base font-semibold text-slate-900">Reports</h2>
            <ReportSettingsEditor key={JSON.stringify(business.data.reportsettings)} businessId={businessId} saved={business.data.reportsettings} disabled={!mayEdit} report={report} />
          </section>
        ) : null}
        {business.data ? <BusinessInfoSection businessId={businessId} business={business.data} disabled={!mayEdit} report={report} /> : null}
        <DrawerSettingsSection businessId={businessId} symbol={currencySymbolOf(business.data)} disabled={!mayEdit} report={report} />
        <SettingByKeySection businessId={businessId} disabled={!mayEdit} />
      </div>
      {leaving}
    </div>
  );
}

type Report = (key: string, dirty: boolean) => void;

function BusinessHoursEditor({ businessId, days: saved, disabled, report }: { businessId: number; days: BusinessHoursDay[]; disabled: boolean; report: Report }) {
  const [days, setDays] = useState(saved);
  useReportDirty(report, 'business-hours', JSON.stringify(days) !== JSON.stringify(saved));
  const update = useUpdateBusinessHours(businessId);
  const problem = businessHoursProblem(days);
  const change = (dow: number, patch: Partial<BusinessHoursDay>) => setDays(days.map((d) => (d.dow === dow ? { ...d, ...patch } : d)));
  return (
    <form
      className="mt-4 space-y-3"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        if (problem) return void toasts.error(problem);
        update.mutate(days, { onSuccess: () => toasts.success(MESSAGES.settingUpdated), onError: (error) => toasts.error(error.message) });
      }}
    >
      {days.map((d) => (
        <fieldset key={d.dow} className="grid grid-cols-[7rem_auto] items-center gap-3 sm:grid-cols-[8rem_6rem_1fr_1fr]">
          <legend className="sr-only">{DAY_NAMES[d.dow]}</legend>
          <span className="text-sm font-medium text-slate-800">{DAY_NAMES[d.dow]}</span>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={d.open} disabled={disabled} onChange={(e) => change(d.dow, { open: e.target.checked })} className="size-4" />
            Open
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <span className="w-12">Opens</span>
            <input type="time" aria-label={`${DAY_NAMES[d.dow]} opens`} value={d.start} disabled={disabled || !d.open} onChange={(e) => change(d.dow, { start: e.target.value })} className="h-9 rounded-lg border border-slate-300 px-2" />
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <span className="w-12">Closes</span>
            <input type="time" aria-label={`${DAY_NAMES[d.dow]} closes`} value={d.end} disabled={disabled || !d.open} onChange={(e) => change(d.dow, { end: e.target.value })} className="h-9 rounded-lg border border-slate-300 px-2" />
          </label>
        </fieldset>
      ))}
      {problem ? <p role="alert" className="text-sm font-medium text-red-600">{problem}</p> : null}
      {!disabled ? <Button type="submit" loading={update.isPending} disabled={problem !== null}>Save business hours</Button> : null}
    </form>
  );
}

/** Whether the location offers reports (custom, pivot, daily and period), and which daily and period reports. */
function ReportSettingsEditor({ businessId, saved, disabled, report }: { businessId: number; saved: ReportSettings; disabled: boolean; report: Report }) {
  const [enabled, setEnabled] = useState(saved.enabled);
  const [chosen, setChosen] = useState(() => new Set(saved.reports));
  const reports = OFFERABLE_REPORT_SLUGS.filter((slug) => chosen.has(slug));
  useReportDirty(report, 'report-settings', enabled !== saved.enabled || reports.join() !== OFFERABLE_REPORT_SLUGS.filter((slug) => saved.reports.includes(slug)).join());
  const update = useUpdateReportSettings(businessId);
  const toggle = (slug: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(slug);
    else next.delete(slug);
    setChosen(next);
  };
  return (
    <form
      className="mt-4 space-y-4"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        update.mutate({ enabled, reports }, { onSuccess: () => toasts.success(MESSAGES.settingUpdated), onError: (error) => toasts.error(error.message) });
      }}
    >
      <Toggle label="Reports" description="Custom, pivot, daily and period reports for this location. Off, the reports screen says they are turned off." checked={enabled} onChange={setEnabled} disabled={disabled} />
      <fieldset disabled={disabled || !enabled} className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Daily and period reports offered</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {OFFERABLE_REPORT_SLUGS.map((slug) => {
            const entry = reportSlug(slug);
            return (
              <label key={slug} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" className="size-4" checked={chosen.has(slug)} onChange={(e) => toggle(slug, e.target.checked)} />
                {entry?.title ?? slug}
                <span className="text-xs text-slate-500">{entry ? REPORT_SLUG_KIND_LABEL[entry.kind] : ''}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {!disabled ? <Button type="submit" loading={update.isPending}>Save report settings</Button> : null}
    </form>
  );
}

interface SettingEditorProps {
  businessId: number;
  setting: BusinessSetting;
  disabled: boolean;
  multiLocation: boolean;
  report: Report;
}

function SettingEditor({ businessId, setting, disabled, multiLocation, report }: SettingEditorProps) {
  const [value, setValue] = useState(setting.value ?? '');
  useReportDirty(report, `setting-${setting.id}`, setting.type !== 'bool' && value !== (setting.value ?? ''));
  const [error, setError] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);
  const update = useUpdateSetting(businessId);
  const save = (raw: string) => {
    const parsed = parseSettingValue(setting.type, raw, setting.options);
    if (!parsed.ok) {
      setError(parsed.message);
      return void toasts.error(parsed.message);
    }
    setError(null);
    update.mutate({ settingTypeId: setting.id, value: parsed.value }, { onSuccess: () => toasts.success(MESSAGES.settingUpdated), onError: (e) => {
      setError(e.message);
      toasts.error(e.message);
    } });
  };
  const hint = [setting.description, setting.isDefault ? 'Default value' : null].filter(Boolean).join(' · ');
  return (
    <div className="flex flex-col gap-2 py-4 sm:flex-row sm:items-end">
      <div className="flex-1">
        {setting.type === 'bool' ? (
          <Toggle label={setting.prettyname} description={hint} checked={value === 'true'} disabled={disabled || update.isPending} onChange={(checked) => {
            setValue(String(checked));
            save(String(checked));
          }} />
        ) : setting.type === 'options' ? (
          <SelectField label={setting.prettyname} hint={hint} value={value} disabled={disabled} error={error} onChange={(e) => setValue(e.target.value)} options={[...(value === '' ? [{ value: '', label: 'Not set' }] : []), ...setting.options.map((o) => ({ value: o, label: o }))]} />
        ) : setting.type === 'json' ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`setting-${setting.id}`} className="text-sm font-medium text-slate-800">{setting.prettyname}</label>
            <textarea id={`setting-${setting.id}`} value={value} disabled={disabled} rows={3} onChange={(e) => setValue(e.target.value)} aria-invalid={error ? true : undefined} className="rounded-lg border border-slate-300 p-2 font-mono text-sm" />
            <p className="text-xs text-slate-500">{hint}</p>
            {error ? <p className="text-xs font-medium text-red-600">{error}</p> : null}
          </div>
        ) : (
          <TextField label={setting.prettyname} hint={hint} value={value} disabled={disabled} error={error} inputMode={setting.type === 'decimal' ? 'decimal' : undefined} onChange={(e) => setValue(e.target.value)} />
        )}
      </div>
      <div className="flex gap-2">
        {!disabled && setting.type !== 'bool' ? <Button variant="secondary" loading={update.isPending} disabled={value === (setting.value ?? '')} onClick={() => save(value)} aria-label={`Save ${setting.prettyname}`}>Save</Button> : null}
        {!disabled && setting.cancopy && !setting.isunique && multiLocation ? <Button variant="ghost" onClick={() => setCopying(true)} aria-label={`Copy ${setting.prettyname} to other locations`}>Copy…</Button> : null}
      </div>
      {copying ? <CopyDialog businessId={businessId} setting={setting} onClose={() => setCopying(false)} /> : null}
    </div>
  );
}

/**
 * A list setting (tip percentages): edited item by item — add, remove, reorder — each item
 * checked by core's `readSettingList` once Save was tried, and saved as the JSON list.
 */
function ListSettingEditor({ businessId, setting, disabled, multiLocation, report, shape }: SettingEditorProps & { shape: SettingListShape }) {
  const saved = settingListItems(setting.value);
  const [items, setItems] = useState(saved);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);
  const update = useUpdateSetting(businessId);
  const reading = readSettingList(shape, items);
  const dirty = JSON.stringify(items) !== JSON.stringify(saved);
  useReportDirty(report, `setting-${setting.id}`, dirty);
  const save = () => {
    setTried(true);
    if (!reading.ok) return void toasts.error(reading.message);
    update.mutate(
      { settingTypeId: setting.id, value: reading.value },
      {
        onSuccess: () => {
          setItems(settingListItems(reading.value));
          setTried(false);
          toasts.success(MESSAGES.settingUpdated);
        },
        onError: (e) => {
          setServerError(e.message);
          toasts.error(e.message);
        },
      },
    );
  };
  const hint = [setting.description, setting.isDefault ? 'Default value' : null].filter(Boolean).join(' · ');
  const problems = tried && !reading.ok ? reading.problems : [];
  const listError = serverError ?? (tried && !reading.ok && reading.problems.every((p) => p === null) ? reading.message : null);
  return (
    <div className="flex flex-col gap-2 py-4 sm:flex-row sm:items-end">
      <div className="flex-1">
        <ListEditor
          label={setting.prettyname}
          items={items}
          onChange={(next) => {
            setItems(next);
            setServerError(null);
          }}
          problems={problems}
          error={listError}
          hint={hint}
          suffix={shape.percent ? '%' : undefined}
          inputMode={shape.item === 'number' ? 'decimal' : 'text'}
          maxItems={SETTING_LIST_MAX_ITEMS}
          disabled={disabled}
        />
      </div>
      <div className="flex gap-2">
        {!disabled ? <Button variant="secondary" loading={update.isPending} disabled={!dirty} onClick={save} aria-label={`Save ${setting.prettyname}`}>Save</Button> : null}
        {!disabled && setting.cancopy && !setting.isunique && multiLocation ? <Button variant="ghost" onClick={() => setCopying(true)} aria-label={`Copy ${setting.prettyname} to other locations`}>Copy…</Button> : null}
      </div>
      {copying ? <CopyDialog businessId={businessId} setting={setting} onClose={() => setCopying(false)} /> : null}
    </div>
  );
}

function CopyDialog({ businessId, setting, onClose }: { businessId: number; setting: BusinessSetting; onClose: () => void }) {
  const targets = useSettingCopyTargets(businessId, setting.id, true);
  const copy = useCopySetting(businessId);
  const [chosen, setChosen] = useState<number[]>([]);
  return (
    <Modal
      open
      onClose={onClose}
      title={`Copy ${setting.prettyname}`}
      description={`Gives the chosen locations this location's value: ${setting.value ?? '—'}`}
      actions={
        <>
          <Button disabled={chosen.length === 0} loading={copy.isPending} onClick={() => copy.mutate({ settingTypeId: setting.id, businessIds: chosen }, { onSuccess: () => {
            toasts.success(MESSAGES.settingCopied);
            onClose();
          }, onError: (e) => toasts.error(e.message) })}>Copy</Button>
          <Button variant="ghost" onClick={onClose}>Cancel</Button>
        </>
      }
    >
      {!targets.data ? <Skeleton className="h-16 w-full" /> : targets.data.length === 0 ? <p className="text-sm text-slate-600">No other location of this network to copy to.</p> : (
        <ul className="space-y-2">
          {targets.data.map((t) => (
            <li key={t.id}>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="size-4" checked={chosen.includes(t.id)} onChange={(e) => setChosen(e.target.checked ? [...chosen, t.id] : chosen.filter((id) => id !== t.id))} />
                {t.name} <span className="text-slate-500">(now {t.value ?? '—'})</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

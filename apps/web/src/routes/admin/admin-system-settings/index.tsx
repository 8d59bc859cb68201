import { exportEndpoints, formatSystemSettingValue, isAdmin, MESSAGES, parseSystemSettingValue, systemSettingKeyProblem, type SystemSetting } from '@salondesk/core';
import { useSession, useSystemSettings, useUpdateSystemSetting } from '@salondesk/react';
import { useState, type FormEvent } from 'react';
import { ExportActions } from '../../../app/ExportActions';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { toasts } from '../../../app/toasts';
import { useDirtyParts, useReportDirty, useUnsavedChangesGuard } from '../../../app/useUnsavedChanges';
import { Button } from '../../../ui/Button';
import { LoadError } from '../../../app/LoadError';
import { EmptyState } from '../../../ui/EmptyState';
import { Modal } from '../../../ui/Modal';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { TextAreaField } from '../../../ui/TextAreaField';
import { TextField } from '../../../ui/TextField';
import { useBusinessId } from '../../../app/useBusinessId';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { FormActions } from '../../../ui/FormActions';

/** A change waiting for the admin's confirmation. */
interface Pending {
  key: string;
  value: unknown;
  isNew: boolean;
  /** Called once it is saved (the editor resets, the add dialog closes). */
  done?: () => void;
}

const updatedAt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** `/{businessId}/admin/system-settings`: the platform's system settings as JSON (admins only). */
export function Component() {
  const businessId = useBusinessId();
  const user = useSession().session?.user;
  const admin = user !== undefined && isAdmin(user);
  const settings = useSystemSettings(businessId);
  const save = useUpdateSystemSetting(businessId);
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  // Leaving with an edited value not saved asks first (in the app and when closing the tab).
  const { dirty, report } = useDirtyParts();
  const leaving = useUnsavedChangesGuard(dirty);

  if (!admin) return <EmptyState tone="error" headingLevel={1} title={MESSAGES.adminOnly} />;

  const confirm = () => {
    if (!pending) return;
    save.mutate(
      { key: pending.key, value: pending.value },
      {
        onSuccess: () => {
          toasts.success(MESSAGES.settingUpdated);
          pending.done?.();
          setPending(null);
        },
        onError: (error) => toasts.error(error.message),
      },
    );
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={exportEndpoints.systemSettings.title} businessId={null} />
      <PageHeader
        className="print:hidden"
        eyebrow="Platform admin"
        title="System settings"
        description="Platform-wide values that every business reads, written as JSON. A change applies to every network."
        actions={
          <>
            <ExportActions endpoint={exportEndpoints.systemSettings} query={{}} />
            <Button className="whitespace-nowrap" onClick={() => setAdding(true)}>Add system setting</Button>
          </>
        }
      />
      <div className="mt-6 space-y-4">
        {settings.isError ? (
          <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
        ) : !settings.data ? (
          <div aria-busy="true" className="space-y-4">
            <p role="status" className="sr-only">Loading system settings</p>
            <Skeleton className="h-48 w-full" />
            <Skeleton className="h-48 w-full" />
          </div>
        ) : settings.data.length === 0 ? (
          <EmptyState title="No system settings yet" description="Add one with its key and a JSON value." actions={<Button variant="secondary" onClick={() => setAdding(true)}>Add system setting</Button>} />
        ) : (
          settings.data.map((s) => <SettingEditor key={`${s.key}@${s.updated_at}`} setting={s} report={report} onSave={(value, done) => setPending({ key: s.key, value, isNew: false, done })} />)
        )}
      </div>

      {adding ? (
        <AddSettingDialog
          existing={settings.data?.map((s) => s.key) ?? []}
          onClose={() => setAdding(false)}
          onSave={(key, value) => {
            setAdding(false);
            setPending({ key, value, isNew: true });
          }}
        />
      ) : null}

      <ConfirmDialog
        open={pending !== null}
        tone="primary"
        holdWhilePending
        title={pending?.isNew ? `Add ${pending.key}?` : `Save ${pending?.key ?? ''}?`}
        description="System settings apply to every business on the platform. This value will be saved:"
        confirmLabel={pending?.isNew ? 'Add setting' : 'Save setting'}
        cancelLabel="Cancel"
        pending={save.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      >
        <pre className="max-h-64 overflow-auto rounded-lg bg-slate-50 p-3 font-mono text-xs text-slate-800 ring-1 ring-slate-200" data-testid="pending-value">
          {pending ? formatSystemSettingValue(pending.value) : ''}
        </pre>
      </ConfirmDialog>
      {leaving}
    </div>
  );
}

function SettingEditor({ setting, onSave, report }: { setting: SystemSetting; onSave: (value: unknown, done: () => void) => void; report: (key: string, dirty: boolean) => void }) {
  const saved = formatSystemSettingValue(setting.value);
  const [text, setText] = useState(saved);
  useReportDirty(report, setting.key, text !== saved);
  const [error, setError] = useState<string | null>(null);
  const headingId = `system-setting-${setting.key}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseSystemSettingValue(text);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    onSave(parsed.value, () => setText(formatSystemSettingValue(parsed.value)));
  };

  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="font-mono text-sm font-semibold text-slate-900">{setting.key}</h2>
        <p className="text-xs text-slate-500">Updated {updatedAt.format(new Date(setting.updated_at))}</p>
      </div>
      <form onSubmit={submit} className="mt-3 space-y-3" noValidate>
        <TextAreaField
          label={`Value of ${setting.key} (JSON)`}
          code
          rows={Math.min(14, Math.max(3, text.split('\n').length + 1))}
          value={text}
          error={error}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" disabled={text === saved} onClick={() => { setText(saved); setError(null); }}>Discard changes</Button>
          <Button type="submit" variant="secondary" disabled={text === saved} aria-label={`Save ${setting.key}`}>Save</Button>
        </div>
      </form>
    </section>
  );
}

function AddSettingDialog({ existing, onClose, onSave }: { existing: readonly string[]; onClose: () => void; onSave: (key: string, value: unknown) => void }) {
  const [key, setKey] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ key?: string | null; value?: string | null }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = key.trim();
    const keyError = systemSettingKeyProblem(trimmed) ?? (existing.includes(trimmed) ? MESSAGES.systemSettingKeyTaken : null);
    const parsed = parseSystemSettingValue(text);
    setErrors({ key: keyError, value: parsed.ok ? null : parsed.message });
    if (keyError || !parsed.ok) return;
    onSave(trimmed, parsed.value);
  };

  return (
    <Modal open onClose={onClose} title="Add system setting" description="The key names the setting; the value is any JSON.">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField label="Key" value={key} onChange={(e) => setKey(e.target.value)} error={errors.key} hint="Lower-case letters, digits, dots, dashes and underscores." autoFocus autoComplete="off" spellCheck={false} />
        <TextAreaField label="Value (JSON)" code rows={6} value={text} onChange={(e) => setText(e.target.value)} error={errors.value} placeholder={'{"refresh": 60}'} />
        <FormActions submitLabel="Continue" onCancel={onClose} />
      </form>
    </Modal>
  );
}

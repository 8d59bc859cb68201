import {
  ablySettingsInput,
  DOMAINS_MAX,
  type EpaySettings,
  type EpaySettingsInput,
  epaySettingsInput,
  MESSAGES,
  normalizeDomains,
  PAYMENT_PROVIDER,
  problemsByField,
  userCan,
  WEBSITES_MAX,
  websiteProblem,
} from '@salondesk/core';
import { useEpayMutations, useEpaySettings, useSession } from '@salondesk/react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../app/LoadError';
import { toasts } from '../../../app/toasts';
import { useDirtyParts, useReportDirty, useUnsavedChangesGuard } from '../../../app/useUnsavedChanges';
import { Button } from '../../../ui/Button';
import { ListEditor } from '../../../ui/ListEditor';
import { PageHeader } from '../../../ui/PageHeader';
import { SelectField } from '../../../ui/SelectField';
import { Skeleton } from '../../../ui/Skeleton';
import { TextField } from '../../../ui/TextField';
import { Toggle } from '../../../ui/Toggle';
import { useBusinessId } from '../../../app/useBusinessId';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';

const PROVIDER_OPTIONS = [
  { value: '', label: 'None' },
  { value: PAYMENT_PROVIDER.STRIPE, label: 'Stripe' },
  { value: PAYMENT_PROVIDER.NMI, label: 'NMI' },
];

type Report = (key: string, dirty: boolean) => void;

/** `/{businessId}/settings/epay`: web payments (web orders, recurring, provider, websites), the domain allow-list and the Ably key. */
export function Component() {
  const businessId = useBusinessId();
  const user = useSession().session?.user;
  const mayEdit = user !== undefined && userCan(user, 'setting.editsetting');
  const settings = useEpaySettings(businessId);
  const { dirty, report } = useDirtyParts();
  const leaving = useUnsavedChangesGuard(dirty);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageHeader
        eyebrow="Settings"
        title="Epay and domains"
        description="How this location takes payments on the web, the sites allowed to embed the dashboard, and its live updates."
        actions={
          <Link to={`/${businessId}/settings/short-links`} className="rounded-lg px-3 py-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50">
            Short links
          </Link>
        }
      />
      <div className="mt-6 space-y-6">
        {settings.isError ? (
          <LoadError error={settings.error} fallback={MESSAGES.failedToFetchEpaySettings} onRetry={() => void settings.refetch()} />
        ) : !settings.data ? (
          <div aria-busy="true">
            <p role="status" className="sr-only">
              Loading the epay settings
            </p>
            <Skeleton className="h-96 w-full" />
          </div>
        ) : (
          <>
            <WebPaymentsForm businessId={businessId} saved={settings.data} mayEdit={mayEdit} report={report} />
            <DomainsForm businessId={businessId} saved={settings.data.domains} mayEdit={mayEdit} report={report} />
            <AblyForm businessId={businessId} saved={settings.data} mayEdit={mayEdit} report={report} />
          </>
        )}
      </div>
      {leaving}
    </div>
  );
}

const inputOf = (s: EpaySettings): EpaySettingsInput => ({
  'epay.recurring.enabled': s['epay.recurring.enabled'],
  'epay.weborder.enabled': s['epay.weborder.enabled'],
  'epay.weborder.provider': s['epay.weborder.provider'],
  websites: s.websites,
});

function WebPaymentsForm({ businessId, saved, mayEdit, report }: { businessId: number; saved: EpaySettings; mayEdit: boolean; report: Report }) {
  const [form, setForm] = useState<EpaySettingsInput>(() => inputOf(saved));
  const [base, setBase] = useState(() => inputOf(saved));
  const [tried, setTried] = useState(false);
  const { update, providerDashboard } = useEpayMutations(businessId);
  const dirty = JSON.stringify(form) !== JSON.stringify(base);
  useReportDirty(report, 'web-payments', dirty);
  const checked = epaySettingsInput.safeParse(form);
  const problems = tried && !checked.success ? problemsByField(checked.error.issues) : {};
  const websiteProblems = form.websites.map((w) => (tried ? websiteProblem(w) : null));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!checked.success) return void toasts.error('Check the fields marked in red.');
    update.mutate(checked.data, {
      onSuccess: (stored) => {
        setBase(inputOf(stored));
        setForm(inputOf(stored));
        setTried(false);
        toasts.success(MESSAGES.updatedBang);
      },
      onError: (error) => toasts.error(error.message),
    });
  };
  const openDashboard = () =>
    providerDashboard.mutate(undefined, {
      onSuccess: ({ url }) => void window.open(url, '_blank', 'noopener,noreferrer'),
      onError: (error) => toasts.error(error.message),
    });

  return (
    <form noValidate onSubmit={submit} aria-labelledby="web-payments-title" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id="web-payments-title" className="text-base font-semibold text-slate-900">
        Web payments
      </h2>
      <p className="mt-1 text-sm text-slate-600">Online bookings and web orders are paid through the provider chosen here.</p>
      <div className="mt-4 space-y-4">
        <Toggle label="Web orders" description="Take payment for orders placed on the website." checked={form['epay.weborder.enabled']} disabled={!mayEdit} onChange={(on) => setForm((f) => ({ ...f, 'epay.weborder.enabled': on }))} />
        <Toggle label="Recurring billing" description="Charge memberships and plans on their schedule." checked={form['epay.recurring.enabled']} disabled={!mayEdit} onChange={(on) => setForm((f) => ({ ...f, 'epay.recurring.enabled': on }))} />
        <SelectField
          label="Provider"
          options={PROVIDER_OPTIONS}
          value={form['epay.weborder.provider'] ?? ''}
          disabled={!mayEdit}
          error={problems['epay.weborder.provider'] ?? null}
          onChange={(e) => setForm((f) => ({ ...f, 'epay.weborder.provider': e.target.value === '' ? null : (e.target.value as EpaySettingsInput['epay.weborder.provider']) }))}
        />
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-slate-600">
            Account: <span className="font-medium text-slate-900">{saved.account ?? 'Not set (Salondesk support sets it)'}</span>
          </span>
          {saved.account && saved['epay.weborder.provider'] ? (
            <Button size="sm" variant="secondary" loading={providerDashboard.isPending} onClick={openDashboard}>
              Open the {saved['epay.weborder.provider'] === 'stripe' ? 'Stripe' : 'NMI'} dashboard
            </Button>
          ) : null}
        </div>
        <ListEditor
          label="Websites"
          items={form.websites}
          onChange={(websites) => setForm((f) => ({ ...f, websites }))}
          problems={websiteProblems}
          error={problems.websites ?? null}
          hint="Full addresses, like https://luxe.example"
          itemLabel={(n) => `Website ${n}`}
          maxItems={WEBSITES_MAX}
          disabled={!mayEdit}
        />
      </div>
      {mayEdit ? (
        <div className="mt-5 flex justify-end">
          <Button type="submit" loading={update.isPending} disabled={!dirty}>
            Save web payments
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** The domain allow-list: each entry checked as typed by core's `normalizeDomains`, saved whole, shown as kept (normalised). */
function DomainsForm({ businessId, saved, mayEdit, report }: { businessId: number; saved: string[]; mayEdit: boolean; report: Report }) {
  const [items, setItems] = useState<string[]>(saved);
  const [base, setBase] = useState<string[]>(saved);
  const [tried, setTried] = useState(false);
  const { domains } = useEpayMutations(businessId);
  const dirty = JSON.stringify(items) !== JSON.stringify(base);
  useReportDirty(report, 'domains', dirty);
  const checked = normalizeDomains(items);
  const problems = items.map((_, index) => (tried && !checked.ok ? (checked.problems.find((p) => p.index === index)?.problem ?? null) : null));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!checked.ok) return void toasts.error(MESSAGES.failedToUpdateDomain);
    domains.mutate({ base, edited: items }, {
      onSuccess: ({ domains: kept }) => {
        setBase(kept);
        setItems(kept);
        setTried(false);
        toasts.success(MESSAGES.domainsUpdated);
      },
      onError: (error) => toasts.error(error.message),
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="domains-title" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id="domains-title" className="text-base font-semibold text-slate-900">
        Domain whitelist
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Sites on these domains may embed the dashboard and its payments, and short links may lead to them. Enter a domain only (example.com), or *.example.com for its subdomains.
      </p>
      <div className="mt-4">
        <ListEditor
          label="Allowed domains"
          items={items}
          onChange={setItems}
          problems={problems}
          itemLabel={(n) => `Domain ${n}`}
          maxItems={DOMAINS_MAX}
          disabled={!mayEdit}
        />
      </div>
      {mayEdit ? (
        <div className="mt-5 flex justify-end">
          <Button type="submit" loading={domains.isPending} disabled={!dirty}>
            Save domains
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** The Ably key: written, never read back; the screen shows only whether one is set and its name. */
function AblyForm({ businessId, saved, mayEdit, report }: { businessId: number; saved: EpaySettings; mayEdit: boolean; report: Report }) {
  const [key, setKey] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const { ably } = useEpayMutations(businessId);
  useReportDirty(report, 'ably', key !== '');
  const status = saved.ably;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = ablySettingsInput.safeParse({ key });
    if (!checked.success) return setProblem(problemsByField(checked.error.issues).key ?? MESSAGES.invalidRequest);
    setProblem(null);
    ably.mutate(checked.data, {
      onSuccess: () => {
        setKey('');
        toasts.success(MESSAGES.updatedSuccessfully);
      },
      onError: (error) => toasts.error(error.message),
    });
  };
  const remove = () =>
    ably.mutate(
      { key: null },
      {
        onSuccess: () => {
          setConfirmRemove(false);
          toasts.success(MESSAGES.updatedSuccessfully);
        },
        onError: (error) => toasts.error(error.message),
      },
    );

  return (
    <form noValidate onSubmit={submit} aria-labelledby="ably-title" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id="ably-title" className="text-base font-semibold text-slate-900">
        Ably
      </h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="ably-status">
        {status.configured ? (
          <>
            A key is set: <span className="font-medium text-slate-900">{status.keyName}</span>. It is kept encrypted and never shown again.
          </>
        ) : (
          'No Ably key is set.'
        )}
      </p>
      {mayEdit ? (
        <>
          <div className="mt-4">
            <TextField
              label={status.configured ? 'Replace the key' : 'Ably API key'}
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder="appId.keyId:secret"
              value={key}
              error={problem}
              onChange={(e) => setKey(e.target.value)}
            />
          </div>
          <div className="mt-5 flex justify-end gap-2">
            {status.configured ? (
              <Button variant="ghost" onClick={() => setConfirmRemove(true)}>
                Remove key
              </Button>
            ) : null}
            <Button type="submit" loading={ably.isPending && key !== ''} disabled={key === ''}>
              Save key
            </Button>
          </div>
        </>
      ) : null}
      <ConfirmDialog
        open={confirmRemove}
        first="cancel"
        title="Remove the Ably key?"
        description="Live updates through Ably stop until a key is set again."
        confirmLabel="Remove key"
        pending={ably.isPending}
        onConfirm={remove}
        onClose={() => setConfirmRemove(false)}
      />
    </form>
  );
}

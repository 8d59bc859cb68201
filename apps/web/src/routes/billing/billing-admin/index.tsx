import { type BillingBusiness, billingDests, INVOICE_STATUS_LABEL, INVOICE_STATUSES, MESSAGES, SUBSCRIPTION_STATE_LABEL, SUBSCRIPTION_STATES } from '@salondesk/core';
import { useBillingMutation, useBillingQuery } from '@salondesk/react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoadError } from '../../../app/LoadError';
import { patchSearchParams } from '../../../app/patchSearchParams';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { DetailCard } from '../../../ui/DetailCard';
import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';
import { SegmentedControl } from '../../../ui/SegmentedControl';
import { Toggle } from '../../../ui/Toggle';
import { StatusBadge } from '../../../ui/StatusBadge';
import { money, useBillingTargets } from '../billingShared';
import { BalanceHistoryDialog, SuspensionDialog } from './BusinessDialogs';
import { InvoiceReports } from './InvoiceReports';
import { NewSubscriptionForm } from './NewSubscriptionForm';
import { useBusinessId } from '../../../app/useBusinessId';

const TABS = [
  { value: 'businesses', label: 'Businesses' },
  { value: 'counts', label: 'Counts' },
  { value: 'reports', label: 'Invoice reports' },
  { value: 'subscribe', label: 'Plans and new subscription' },
] as const;
type Tab = (typeof TABS)[number]['value'];

type Dialog = { kind: 'suspension' | 'history'; business: BillingBusiness } | null;

/**
 * `/{businessId}/admin/billing` (platform admins): every business's billing — subscriptions,
 * unpaid and past-due invoices, what is owed, suspension (set a day, or lift it at once) and
 * account balance history —, subscription counts, the recurring and one-time invoice reports,
 * plans and a new subscription (a new plan with it, or started paused), and running the billing
 * scheduler now.
 */
export function Component() {
  const businessId = useBusinessId();
  const targets = useBillingTargets(businessId);
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS.find((t) => t.value === params.get('tab'))?.value ?? 'businesses') as Tab;
  const trigger = useBillingMutation(billingDests.scheduler.trigger, targets.user);

  if (!targets.admin) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <EmptyState title="Platform admins only" description="Billing of all businesses is for platform admins." />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader
        eyebrow="Admin"
        title="Billing of all businesses"
        description="Subscriptions, invoices, balances and suspension of every business."
        actions={
          <Button
            loading={trigger.isPending}
            onClick={() =>
              trigger.mutate(
                { body: {} },
                { onSuccess: () => toasts.success('The billing scheduler is running: new invoices and charges appear as it goes.'), onError: (error) => toasts.error(error.message) },
              )
            }
          >
            Run the billing scheduler now
          </Button>
        }
      />
      <div className="mt-6 overflow-x-auto">
        <SegmentedControl label="Part of billing" value={tab} options={TABS} onChange={(value) => setParams(patchSearchParams(new URLSearchParams(), { tab: value }), { replace: true })} />
      </div>
      <div className="mt-6">
        {tab === 'businesses' ? <Businesses businessId={businessId} /> : null}
        {tab === 'counts' ? <Counts businessId={businessId} /> : null}
        {tab === 'reports' ? <InvoiceReports businessId={businessId} /> : null}
        {tab === 'subscribe' ? <NewSubscriptionForm businessId={businessId} /> : null}
      </div>
    </div>
  );
}

function Businesses({ businessId }: { businessId: number }) {
  const targets = useBillingTargets(businessId);
  // Only the businesses with a subscription: the billing report of businesses (`reports/businesses`); else every business (`businesses/all`).
  const [subscribedOnly, setSubscribedOnly] = useState(false);
  const every = useBillingQuery(billingDests.businesses.all, targets.user, {}, { enabled: !subscribedOnly });
  const subscribed = useBillingQuery(billingDests.reports.businesses, targets.user, {}, { enabled: subscribedOnly });
  const list = subscribedOnly ? subscribed : every;
  const [dialog, setDialog] = useState<Dialog>(null);
  const columns = useMemo<DataColumn<BillingBusiness>[]>(
    () => [
      { id: 'name', header: 'Business', value: (b) => b.name, priority: 'always', size: 200, className: 'font-medium' },
      { id: 'due', header: 'Owed', value: (b) => b.balance_due, cell: (b) => money(b.balance_due, b.currency), align: 'end', priority: 'always', size: 120 },
      { id: 'subscriptions', header: 'Subscriptions', value: (b) => b.subscriptions, align: 'end', priority: 2, size: 120 },
      { id: 'unpaid', header: 'Unpaid invoices', value: (b) => b.unpaid, align: 'end', priority: 3, size: 130 },
      { id: 'past_due', header: 'Past due', value: (b) => b.past_due, cell: (b) => (b.past_due > 0 ? <StatusBadge label={String(b.past_due)} tone="danger" /> : '0'), align: 'end', priority: 1, size: 100 },
      { id: 'suspension', header: 'Suspended from', value: (b) => b.suspended_after ?? '', cell: (b) => b.suspended_after ?? '—', priority: 4, size: 140 },
      {
        id: 'actions',
        header: 'Actions',
        priority: 5,
        size: 260,
        cell: (b) => (
          <span className="flex flex-wrap gap-1">
            <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'suspension', business: b })} aria-label={`Suspension of ${b.name}`}>
              Suspension
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'history', business: b })} aria-label={`Balance history of ${b.name}`}>
              Balance history
            </Button>
          </span>
        ),
      },
    ],
    [],
  );
  return (
    <section aria-label="Businesses" className="space-y-4">
      <Toggle label="Only businesses with a subscription" checked={subscribedOnly} onChange={setSubscribedOnly} />
      {list.isError && !list.data ? (
        <LoadError error={list.error} fallback={MESSAGES.failedToFetchBusinessData} onRetry={() => void list.refetch()} headingLevel={2} />
      ) : (
        <SavedDataTable
          businessId={businessId}
          name="billing-admin-businesses"
          title="Billing of all businesses"
          caption="Businesses"
          columns={columns}
          rows={list.data}
          loading={list.isFetching}
          getRowId={(b) => b.id}
          rowLabel={(b) => b.name}
          empty="No business yet."
        />
      )}
      {dialog?.kind === 'suspension' ? <SuspensionDialog business={dialog.business} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'history' ? <BalanceHistoryDialog businessId={businessId} business={dialog.business} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}

function Counts({ businessId }: { businessId: number }) {
  const targets = useBillingTargets(businessId);
  const counts = useBillingQuery(billingDests.subscription.counts, targets.user, {});
  if (counts.isError && !counts.data) return <LoadError error={counts.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void counts.refetch()} headingLevel={2} />;
  const c = counts.data;
  return (
    <section aria-label="Counts" className="grid gap-4 md:grid-cols-3">
      <DetailCard
        title={`Subscriptions: ${c?.total ?? '…'}`}
        items={SUBSCRIPTION_STATES.map((s) => ({ label: SUBSCRIPTION_STATE_LABEL[s], value: c ? String(c.by_state[s] ?? 0) : '…' }))}
      />
      <DetailCard title="Invoices by status" items={INVOICE_STATUSES.map((s) => ({ label: INVOICE_STATUS_LABEL[s], value: c ? String(c.by_invoice_status[s] ?? 0) : '…' }))} />
      <DetailCard title="Subscriptions by business" items={(c?.businesses ?? []).map((b) => ({ label: b.business_name, value: String(b.count) }))} />
    </section>
  );
}

import {
  ADJUSTMENT_TYPE_LABEL,
  AMOUNT_KIND_LABEL,
  type AdjustmentType,
  type AmountKind,
  billingDests,
  BILLING_INTERVAL_LABEL,
  dayInZone,
  MESSAGES,
  PAUSE_MODE_LABEL,
  PAUSE_MODES,
  type PauseMode,
  scheduledStatuses,
  SUBSCRIPTION_SET_STATUSES,
  SUBSCRIPTION_STATE_LABEL,
  type Subscription,
  type SubscriptionSetStatus,
} from '@salondesk/core';
import { useBillingMutation, useBillingQuery } from '@salondesk/react';
import { type FormEvent, useMemo, useState } from 'react';
import { LoadError } from '../../../app/LoadError';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { toasts } from '../../../app/toasts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { SubscriptionCount } from './SubscriptionCount';
import { Button } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { FormActions } from '../../../ui/FormActions';
import { Modal } from '../../../ui/Modal';
import { SelectField } from '../../../ui/SelectField';
import { StatusBadge } from '../../../ui/StatusBadge';
import { TextField } from '../../../ui/TextField';
import { checkBody, money, subscriptionBadge, useBillingTargets } from '../billingShared';

type Dialog = { kind: 'status' | 'adjustment' | 'method' | 'delete'; subscription: Subscription } | null;

/**
 * The subscriptions this business is billed by: plan, what it is today and what is scheduled (a
 * pause shows as scheduled from the moment it is set), the next billing day, adjustments. Admins
 * set and remove statuses, add adjustments and delete; the payer chooses the payment method.
 */
export function SubscriptionsSection({ businessId }: { businessId: number }) {
  const targets = useBillingTargets(businessId);
  const display = useBusinessDisplay(businessId);
  const today = dayInZone(new Date(), display.timezone);
  // Subscriptions are the payer's (`all-by-userid`): one's own; an admin chooses among the business's payers (from its invoices).
  const invoices = useBillingQuery(billingDests.invoice.withfilter, targets.admin ? targets.business : null, { query: {} });
  const payers = useMemo(() => [...new Set((invoices.data ?? []).map((i) => i.user_id))].sort((a, b) => a - b), [invoices.data]);
  const [chosenPayer, setChosenPayer] = useState<number | null>(null);
  const payer = targets.admin ? (chosenPayer ?? payers[0] ?? targets.userId) : targets.userId;
  const list = useBillingQuery(billingDests.subscription.allByUserid, payer ? { userId: payer } : null, { query: {} });
  const rows = useMemo(() => list.data?.filter((s) => s.business_id === businessId && !s.deleted), [list.data, businessId]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const removeStatus = useBillingMutation(billingDests.subscription.removeStatus, targets.business);

  const columns = useMemo<DataColumn<Subscription>[]>(
    () => [
      { id: 'plan', header: 'Plan', value: (s) => s.plan_name, priority: 'always', size: 200, className: 'font-medium' },
      {
        id: 'state',
        header: 'Status',
        value: (s) => SUBSCRIPTION_STATE_LABEL[s.state],
        size: 240,
        priority: 2,
        cell: (s) => {
          const scheduled = scheduledStatuses(s.statuses, today);
          return (
            <span className="flex flex-col gap-1">
              <span>
                <StatusBadge {...subscriptionBadge(s.state)} />
                {s.pause_mode ? <span className="ml-2 text-xs text-slate-600">{s.pause_mode}</span> : null}
              </span>
              {scheduled.map((e) => (
                <span key={e.id} className="text-xs text-slate-600">
                  Scheduled: {SUBSCRIPTION_STATE_LABEL[e.status]}
                  {e.pause_mode ? ` (${e.pause_mode})` : ''} from {e.starts_on}
                  {e.ends_on ? ` to ${e.ends_on}` : ''}
                </span>
              ))}
            </span>
          );
        },
      },
      { id: 'amount', header: 'Amount', value: (s) => s.amount, cell: (s) => `${money(s.amount, s.currency)} ${BILLING_INTERVAL_LABEL[s.interval].toLowerCase()}`, align: 'end', priority: 'always', size: 150 },
      { id: 'next', header: 'Next invoice', value: (s) => s.next_billing_day, priority: 3, size: 130 },
      { id: 'cycle', header: 'Current cycle from', value: (s) => s.current_billing_cycle_start ?? '', cell: (s) => s.current_billing_cycle_start ?? '—', priority: 4, size: 150 },
      {
        id: 'adjustments',
        header: 'Adjustments',
        value: (s) => s.adjustments.reduce((sum, a) => sum + a.cents, 0),
        cell: (s) => (s.adjustments.length === 0 ? '—' : s.adjustments.map((a) => `${ADJUSTMENT_TYPE_LABEL[a.type]} ${money(a.cents, s.currency)}`).join(', ')),
        priority: 5,
        size: 200,
      },
      {
        id: 'actions',
        header: 'Actions',
        priority: 1,
        size: 320,
        cell: (s) => (
          <span className="flex flex-wrap gap-1">
            <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'method', subscription: s })}>
              Payment method
            </Button>
            {targets.admin ? (
              <>
                <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'status', subscription: s })}>
                  Set status
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'adjustment', subscription: s })}>
                  Add adjustment
                </Button>
                <Button size="sm" variant="danger" onClick={() => setDialog({ kind: 'delete', subscription: s })}>
                  Delete
                </Button>
              </>
            ) : null}
          </span>
        ),
      },
    ],
    [today, targets.admin],
  );

  const withStatuses = rows?.filter((s) => s.statuses.some((e) => e.removed_at === null)) ?? [];
  return (
    <section aria-labelledby="billing-subscriptions-title" className="space-y-4">
      <h2 id="billing-subscriptions-title" className="sr-only">
        Subscriptions
      </h2>
      <SubscriptionCount businessId={businessId} />
      {targets.admin ? (
        <SelectField
          label="Whose subscriptions"
          value={String(payer ?? '')}
          onChange={(e) => setChosenPayer(Number(e.target.value))}
          options={[...new Set([...payers, ...(targets.userId ? [targets.userId] : [])])].map((id) => ({ value: String(id), label: id === targets.userId ? `User ${id} (you)` : `User ${id}` }))}
          hint="The users this business's invoices are billed to."
        />
      ) : null}
      {list.isError && !list.data ? (
        <LoadError error={list.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void list.refetch()} headingLevel={2} />
      ) : (
        <SavedDataTable
          businessId={businessId}
          name="billing-subscriptions"
          title="Subscriptions"
          caption="Subscriptions"
          columns={columns}
          rows={rows}
          loading={list.isFetching}
          getRowId={(s) => s.id}
          rowLabel={(s) => `subscription ${s.plan_name}`}
          empty="No subscription bills this business."
        />
      )}
      {targets.admin && withStatuses.length > 0 ? (
        <div className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <h3 className="text-base font-semibold text-slate-900">Statuses set</h3>
          <ul className="mt-3 divide-y divide-slate-100">
            {withStatuses.flatMap((s) =>
              s.statuses
                .filter((e) => e.removed_at === null)
                .map((e) => (
                  <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <span>
                      {s.plan_name}: {SUBSCRIPTION_STATE_LABEL[e.status]}
                      {e.pause_mode ? ` (${e.pause_mode})` : ''} from {e.starts_on}
                      {e.ends_on ? ` to ${e.ends_on}` : ', until removed'}
                      {e.starts_on > today ? ' — scheduled' : ''}
                      {e.reason ? ` — ${e.reason}` : ''}
                    </span>
                    <Button
                      size="sm"
                      variant="ghost"
                      loading={removeStatus.isPending && removeStatus.variables?.body?.status_id === e.id}
                      onClick={() =>
                        removeStatus.mutate(
                          { body: { subscription_id: s.id, status_id: e.id } },
                          { onSuccess: () => toasts.success(MESSAGES.successfullyUpdated), onError: (error) => toasts.error(error.message) },
                        )
                      }
                    >
                      Remove {SUBSCRIPTION_STATE_LABEL[e.status].toLowerCase()} from {e.starts_on}
                    </Button>
                  </li>
                )),
            )}
          </ul>
        </div>
      ) : null}
      {dialog?.kind === 'status' ? <StatusDialog businessId={businessId} today={today} subscription={dialog.subscription} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'adjustment' ? <AdjustmentDialog businessId={businessId} subscription={dialog.subscription} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'method' ? <MethodDialog businessId={businessId} subscription={dialog.subscription} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? <DeleteDialog businessId={businessId} subscription={dialog.subscription} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}

function StatusDialog({ businessId, today, subscription, onClose }: { businessId: number; today: string; subscription: Subscription; onClose: () => void }) {
  const targets = useBillingTargets(businessId);
  const change = useBillingMutation(billingDests.subscription.changeStatus, targets.business);
  const [status, setStatus] = useState<SubscriptionSetStatus>('paused');
  const [mode, setMode] = useState<PauseMode>('PAUSE');
  const [startsOn, setStartsOn] = useState(today);
  const [endsOn, setEndsOn] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      subscription_id: subscription.id,
      status,
      starts_on: startsOn,
      ...(status === 'paused' ? { pause_mode: mode } : {}),
      ...(endsOn ? { ends_on: endsOn } : {}),
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    };
    const checked = checkBody(billingDests.subscription.changeStatus.body, body);
    if (!checked.ok) return setProblems(checked.problems);
    setProblems({});
    change.mutate(
      { body: checked.data },
      {
        onSuccess: () => {
          toasts.success(MESSAGES.successfullyUpdated);
          onClose();
        },
      },
    );
  };
  return (
    <Modal open onClose={onClose} title={`Set a status on ${subscription.plan_name}`} description="It shows as scheduled at once and takes effect on its first day.">
      <form noValidate onSubmit={submit} className="space-y-4">
        <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as SubscriptionSetStatus)} options={SUBSCRIPTION_SET_STATUSES.map((s) => ({ value: s, label: SUBSCRIPTION_STATE_LABEL[s] }))} />
        {status === 'paused' ? (
          <SelectField label="Pause mode" value={mode} onChange={(e) => setMode(e.target.value as PauseMode)} options={PAUSE_MODES.map((m) => ({ value: m, label: `${m}: ${PAUSE_MODE_LABEL[m]}` }))} error={problems.pause_mode} />
        ) : null}
        <div className="grid grid-cols-2 gap-3">
          <TextField label="From" type="date" value={startsOn} onChange={(e) => setStartsOn(e.target.value)} error={problems.starts_on} />
          <TextField label="Until (optional)" type="date" value={endsOn} onChange={(e) => setEndsOn(e.target.value)} error={problems.ends_on} />
        </div>
        <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} error={problems.reason} />
        <FormActions error={change.error?.message} submitLabel="Set status" pending={change.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

function AdjustmentDialog({ businessId, subscription, onClose }: { businessId: number; subscription: Subscription; onClose: () => void }) {
  const targets = useBillingTargets(businessId);
  const add = useBillingMutation(billingDests.subscription.addAdjustment, targets.business);
  const [type, setType] = useState<AdjustmentType>('d');
  const [amountKind, setAmountKind] = useState<AmountKind>('a');
  const [value, setValue] = useState('');
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Amount (a) in currency units to cents; Percentage (p) in percent to hundredths of a percent.
    const number = Number(value.replace(',', '.'));
    if (value.trim() === '' || !Number.isFinite(number) || number < 0) return setProblem(amountKind === 'p' ? 'Enter a percentage' : MESSAGES.invalidAmount);
    const adjustment = { type, amount_kind: amountKind, value: Math.round(number * 100), ...(description.trim() ? { description: description.trim() } : {}) };
    const checked = checkBody(billingDests.subscription.addAdjustment.body, { subscription_id: subscription.id, adjustment });
    if (!checked.ok) return setProblem(Object.values(checked.problems)[0] ?? MESSAGES.invalidRequest);
    setProblem(null);
    add.mutate(
      { body: checked.data },
      {
        onSuccess: () => {
          toasts.success(MESSAGES.successfullyAdded);
          onClose();
        },
      },
    );
  };
  return (
    <Modal open onClose={onClose} title={`Add an adjustment to ${subscription.plan_name}`} description="A discount takes off; an adjustment adds. A percentage is of the invoice’s lines.">
      <form noValidate onSubmit={submit} className="space-y-4">
        <div className="grid grid-cols-2 gap-3">
          <SelectField label="Type" value={type} onChange={(e) => setType(e.target.value as AdjustmentType)} options={(['d', 'a'] as const).map((t) => ({ value: t, label: ADJUSTMENT_TYPE_LABEL[t] }))} />
          <SelectField label="Amount kind" value={amountKind} onChange={(e) => setAmountKind(e.target.value as AmountKind)} options={(['a', 'p'] as const).map((k) => ({ value: k, label: AMOUNT_KIND_LABEL[k] }))} />
        </div>
        <TextField label={amountKind === 'p' ? 'Percentage' : `Amount (${subscription.currency})`} inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} error={problem} />
        <TextField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={200} />
        <FormActions error={add.error?.message} submitLabel="Add adjustment" pending={add.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

function MethodDialog({ businessId, subscription, onClose }: { businessId: number; subscription: Subscription; onClose: () => void }) {
  const targets = useBillingTargets(businessId);
  const methods = useBillingQuery(billingDests.payment.all, targets.user, {});
  const addToSub = useBillingMutation(billingDests.payment.addToSub, targets.user);
  const [chosen, setChosen] = useState(String(subscription.payment_method_id ?? ''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    addToSub.mutate(
      { body: { payment_method_id: Number(chosen), subscription_id: subscription.id } },
      {
        onSuccess: () => {
          toasts.success(MESSAGES.successfullyUpdated);
          onClose();
        },
      },
    );
  };
  const options = [{ value: '', label: methods.data?.length === 0 ? 'No payment method yet' : 'Choose a payment method' }, ...(methods.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (•••• ${m.last4})${m.is_default ? ', default' : ''}` }))];
  return (
    <Modal open onClose={onClose} title={`Payment method of ${subscription.plan_name}`} description="The scheduler charges this method; without one, your default method.">
      <form noValidate onSubmit={submit} className="space-y-4">
        <SelectField label="Payment method" value={chosen} onChange={(e) => setChosen(e.target.value)} options={options} />
        <FormActions error={addToSub.error?.message ?? (methods.isError ? methods.error.message : null)} submitLabel="Use this method" pending={addToSub.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

function DeleteDialog({ businessId, subscription, onClose }: { businessId: number; subscription: Subscription; onClose: () => void }) {
  const targets = useBillingTargets(businessId);
  const remove = useBillingMutation(billingDests.subscription.softDelete, targets.business);
  return (
    <ConfirmDialog
      title={`Delete the subscription ${subscription.plan_name}?`}
      description={'No more invoices open for it. Its invoices stay.'}
      confirmLabel="Delete subscription"
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(
          { body: { subscription_id: subscription.id } },
          {
            onSuccess: () => {
              toasts.success(MESSAGES.successfullyDeleted);
              onClose();
            },
            onError: (error) => toasts.error(error.message),
          },
        )
      }
    />
  );
}

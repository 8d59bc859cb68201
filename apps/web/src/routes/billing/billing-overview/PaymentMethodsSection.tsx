import { billingDests, MESSAGES, PAYMENT_METHOD_KIND_LABEL, type PaymentMethod, type ShareLink } from '@salondesk/core';
import { useAddPaymentMethod, useBillingMutation, useBillingQuery } from '@salondesk/react';
import { type FormEvent, useMemo, useState } from 'react';
import { LoadError } from '../../../app/LoadError';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { toasts } from '../../../app/toasts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Button } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { FormActions } from '../../../ui/FormActions';
import { Modal } from '../../../ui/Modal';
import { PaymentDetailsForm } from '../PaymentDetailsForm';
import { StatusBadge } from '../../../ui/StatusBadge';
import { TextField } from '../../../ui/TextField';
import { checkBody, useBillingTargets } from '../billingShared';
import { ExpiryDialog, SubscriptionsDialog } from './PaymentMethodDialogs';

type Dialog = { kind: 'add' } | { kind: 'share'; link: ShareLink } | { kind: 'rename' | 'remove' | 'expiry' | 'subscriptions'; method: PaymentMethod } | null;

const describe = (m: PaymentMethod) => `${m.name} (${m.brand ? `${m.brand} ` : ''}•••• ${m.last4})`;

/**
 * The signed-in user's payment methods (cards and bank accounts; only brand and last 4 are ever
 * shown or kept): add one through the provider's setup intent, make one the default, rename,
 * remove (asked first), and share a single-use link, valid 7 days, for someone else to add one.
 */
export function PaymentMethodsSection({ businessId }: { businessId: number }) {
  const targets = useBillingTargets(businessId);
  const list = useBillingQuery(billingDests.payment.all, targets.user, {});
  const makeDefault = useBillingMutation(billingDests.payment.makeDefault, targets.user);
  const share = useBillingMutation(billingDests.payment.share, targets.user);
  const [dialog, setDialog] = useState<Dialog>(null);

  const columns = useMemo<DataColumn<PaymentMethod>[]>(
    () => [
      { id: 'name', header: 'Name', value: (m) => m.name, priority: 'always', size: 200, className: 'font-medium' },
      { id: 'card', header: 'Method', value: (m) => `${m.brand ?? ''} ${m.last4}`, cell: (m) => `${m.brand ? m.brand.charAt(0).toUpperCase() + m.brand.slice(1) : PAYMENT_METHOD_KIND_LABEL[m.kind]} •••• ${m.last4}`, priority: 'always', size: 220 },
      { id: 'expires', header: 'Expires', value: (m) => (m.exp_year ? m.exp_year * 100 + (m.exp_month ?? 0) : ''), cell: (m) => (m.exp_month && m.exp_year ? `${String(m.exp_month).padStart(2, '0')}/${m.exp_year}` : '—'), priority: 3, size: 100 },
      { id: 'default', header: 'Default', value: (m) => (m.is_default ? 1 : 0), cell: (m) => (m.is_default ? <StatusBadge label="Default" tone="success" /> : ''), priority: 1, size: 100 },
      { id: 'subs', header: 'Pays subscriptions', value: (m) => m.subscription_ids.length, align: 'end', priority: 4, size: 150 },
      {
        id: 'actions',
        header: 'Actions',
        priority: 2,
        size: 420,
        cell: (m) => (
          <span className="flex flex-wrap gap-1">
            {m.is_default ? null : (
              <Button
                size="sm"
                variant="secondary"
                loading={makeDefault.isPending && makeDefault.variables?.body?.payment_method_id === m.id}
                onClick={() =>
                  makeDefault.mutate(
                    { body: { payment_method_id: m.id } },
                    { onSuccess: () => toasts.success(MESSAGES.successfullyUpdated), onError: (error) => toasts.error(error.message) },
                  )
                }
                aria-label={`Make ${describe(m)} the default`}
              >
                Make default
              </Button>
            )}
            <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'rename', method: m })} aria-label={`Rename ${describe(m)}`}>
              Rename
            </Button>
            {m.kind === 'card' ? (
              <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'expiry', method: m })} aria-label={`New expiry of ${describe(m)}`}>
                Expiry
              </Button>
            ) : null}
            <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'subscriptions', method: m })} aria-label={`Subscriptions paid by ${describe(m)}`}>
              Subscriptions
            </Button>
            <Button size="sm" variant="danger" onClick={() => setDialog({ kind: 'remove', method: m })} aria-label={`Remove ${describe(m)}`}>
              Remove
            </Button>
          </span>
        ),
      },
    ],
    [makeDefault],
  );

  return (
    <section aria-labelledby="billing-methods-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="billing-methods-title" className="text-lg font-semibold text-slate-900">
          Payment methods
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setDialog({ kind: 'add' })}>Add payment method</Button>
          <Button
            variant="secondary"
            loading={share.isPending}
            onClick={() => share.mutate({ body: {} }, { onSuccess: (link) => setDialog({ kind: 'share', link }), onError: (error) => toasts.error(error.message) })}
          >
            Share a link to add one
          </Button>
        </div>
      </div>
      {list.isError && !list.data ? (
        <LoadError error={list.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void list.refetch()} headingLevel={2} />
      ) : (
        <SavedDataTable
          businessId={businessId}
          name="billing-payment-methods"
          title="Payment methods"
          caption="Payment methods"
          columns={columns}
          rows={list.data}
          loading={list.isFetching}
          getRowId={(m) => m.id}
          rowLabel={(m) => describe(m)}
          empty="No payment method yet. Add a card or a bank account to pay your invoices."
        />
      )}
      {dialog?.kind === 'add' ? <AddMethodDialog userId={targets.userId} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'share' ? <ShareDialog link={dialog.link} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'rename' ? <RenameDialog businessId={businessId} method={dialog.method} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'remove' ? <RemoveDialog businessId={businessId} method={dialog.method} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'expiry' ? <ExpiryDialog businessId={businessId} method={dialog.method} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'subscriptions' ? <SubscriptionsDialog businessId={businessId} method={dialog.method} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}

function AddMethodDialog({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const add = useAddPaymentMethod(userId);
  return (
    <Modal open onClose={add.isPending ? undefined : onClose} title="Add a payment method" description="Your card goes straight to the payment provider; Salondesk keeps only its brand and last 4 digits.">
      <PaymentDetailsForm
        kinds={['card', 'bank_account']}
        withName
        pending={add.isPending}
        error={add.error?.message}
        onCancel={onClose}
        onSubmit={(details, name) =>
          add.mutate(
            { details, ...(name ? { name } : {}) },
            {
              onSuccess: () => {
                toasts.success(MESSAGES.successfullyAdded);
                onClose();
              },
            },
          )
        }
      />
    </Modal>
  );
}

function ShareDialog({ link, onClose }: { link: ShareLink; onClose: () => void }) {
  const url = `${window.location.origin}${link.path}`;
  return (
    <Modal
      open
      onClose={onClose}
      title="A link to add a payment method"
      description={`Whoever opens it can add one payment method to your account, once, until ${new Date(link.expires_at).toLocaleString()}.`}
      actions={
        <>
          <Button
            onClick={() =>
              void navigator.clipboard?.writeText(url).then(
                () => toasts.success('Link copied'),
                () => toasts.error('Copy the link by hand'),
              )
            }
          >
            Copy link
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <TextField label="Link" readOnly value={url} onFocus={(e) => e.target.select()} />
    </Modal>
  );
}

function RenameDialog({ businessId, method, onClose }: { businessId: number; method: PaymentMethod; onClose: () => void }) {
  const targets = useBillingTargets(businessId);
  const rename = useBillingMutation(billingDests.payment.updateName, targets.user);
  const [name, setName] = useState(method.name);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkBody(billingDests.payment.updateName.body, { payment_method_id: method.id, name });
    if (!checked.ok) return setProblem(Object.values(checked.problems)[0] ?? MESSAGES.invalidRequest);
    rename.mutate(
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
    <Modal open onClose={onClose} title={`Rename ${describe(method)}`}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} maxLength={120} error={problem} autoFocus />
        <FormActions error={rename.error?.message} submitLabel="Save name" pending={rename.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

function RemoveDialog({ businessId, method, onClose }: { businessId: number; method: PaymentMethod; onClose: () => void }) {
  const targets = useBillingTargets(businessId);
  const remove = useBillingMutation(billingDests.payment.remove, targets.user);
  return (
    <ConfirmDialog
      title={`Remove ${describe(method)}?`}
      description={method.subscription_ids.length > 0 ? `It pays ${method.subscription_ids.length} subscription(s); they will be charged to your default method instead.` : 'It will no longer be charged.'}
      confirmLabel="Remove payment method"
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(
          { body: { payment_method_id: method.id } },
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

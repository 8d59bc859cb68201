import { type AccountBalanceEntry, ACCOUNT_BALANCE_KIND_LABEL, type BillingBusiness, billingDests, MESSAGES, SUSPENSION_REASON_MAX } from '@salondesk/core';
import { useBillingQuery, useUpdateSuspension } from '@salondesk/react';
import { type FormEvent, useMemo, useState } from 'react';
import { LoadError } from '../../../app/LoadError';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { toasts } from '../../../app/toasts';
import { Button } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { FormActions } from '../../../ui/FormActions';
import { Modal } from '../../../ui/Modal';
import { TextAreaField } from '../../../ui/TextAreaField';
import { TextField } from '../../../ui/TextField';
import { dayOf, money, useBillingTargets } from '../billingShared';

/** Suspends a business from a day for a reason its users read (they then reach only billing), or lifts it at once. */
export function SuspensionDialog({ business, onClose }: { business: BillingBusiness; onClose: () => void }) {
  const update = useUpdateSuspension();
  const [date, setDate] = useState(business.suspended_after?.slice(0, 10) ?? '');
  const [reason, setReason] = useState(business.suspension_reason ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return setProblem('Choose the day the suspension starts');
    setProblem(null);
    update.mutate(
      { businessId: business.id, date, reason: reason.trim() || null },
      {
        onSuccess: () => {
          toasts.success(MESSAGES.successfullyUpdated);
          onClose();
        },
      },
    );
  };
  const lift = () =>
    update.mutate(
      { businessId: business.id, date: null },
      {
        onSuccess: () => {
          toasts.success(MESSAGES.successfullyUpdated);
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      onClose={onClose}
      title={`Suspension of ${business.name}`}
      description="Until the day, its users see a banner with the date and the reason; from the start of that day in its time zone, they reach only billing, with what they owe or, when they owe nothing, the platform’s support contact. Lifting restores access at once."
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField label="Suspended from" type="date" value={date} onChange={(e) => setDate(e.target.value)} error={problem} />
        <TextAreaField
          label="Reason"
          hint="Shown to the business’s users in the suspension banner."
          value={reason}
          maxLength={SUSPENSION_REASON_MAX}
          rows={3}
          onChange={(e) => setReason(e.target.value)}
        />
        {business.suspended_after ? (
          <Button type="button" variant="secondary" loading={update.isPending && update.variables?.date === null} onClick={lift}>
            Lift the suspension now
          </Button>
        ) : null}
        <FormActions error={update.error?.message} submitLabel="Set suspension" pending={update.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

/** A business's account balance entries, for admins. */
export function BalanceHistoryDialog({ businessId, business, onClose }: { businessId: number; business: BillingBusiness; onClose: () => void }) {
  const targets = useBillingTargets(businessId);
  const history = useBillingQuery(billingDests.accountbalance.businessHistory, targets.user, { params: { businessId: business.id } });
  const columns = useMemo<DataColumn<AccountBalanceEntry>[]>(
    () => [
      { id: 'when', header: 'When', value: (e) => e.createdAt, cell: (e) => dayOf(e.createdAt), priority: 'always', size: 120 },
      { id: 'kind', header: 'Balance', value: (e) => ACCOUNT_BALANCE_KIND_LABEL[e.kind], priority: 1, size: 110 },
      { id: 'amount', header: 'Amount', value: (e) => e.amount, cell: (e) => (e.kind === 'fund' ? money(e.amount, business.currency) : `${e.amount} messages`), align: 'end', priority: 'always', size: 140 },
      { id: 'description', header: 'Description', value: (e) => e.description ?? '', priority: 2, size: 220 },
    ],
    [business.currency],
  );
  return (
    <Modal open onClose={onClose} size="wide" title={`Account balance history of ${business.name}`} actions={<Button variant="ghost" onClick={onClose}>Close</Button>}>
      {history.isError && !history.data ? (
        <LoadError error={history.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void history.refetch()} headingLevel={3} />
      ) : (
        <>
          {history.data ? (
            <p className="mb-3 text-sm text-slate-700">
              Funds {money(history.data.totals.fund, business.currency)} · Messages {history.data.totals.message}
            </p>
          ) : null}
          <SavedDataTable
            businessId={businessId}
            name="billing-admin-balance-history"
            title="Account balance history"
            caption={`Account balance history of ${business.name}`}
            columns={columns}
            rows={history.data?.entries}
            loading={history.isFetching}
            getRowId={(e) => e.id}
            rowLabel={(e) => `${ACCOUNT_BALANCE_KIND_LABEL[e.kind]} entry of ${dayOf(e.createdAt)}`}
            empty="No entries."
          />
        </>
      )}
    </Modal>
  );
}

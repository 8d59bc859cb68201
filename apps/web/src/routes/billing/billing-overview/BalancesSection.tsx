import { ACCOUNT_BALANCE_KIND_LABEL, type AccountBalanceEntry, type AccountBalanceKind, billingDests, MESSAGES } from '@salondesk/core';
import { useBillingMutation, useBillingQuery } from '@salondesk/react';
import { type FormEvent, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../app/LoadError';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { toasts } from '../../../app/toasts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useAmount } from '../../../app/useAmount';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { AmountField } from '../../../ui/AmountField';
import { Button } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { FormActions } from '../../../ui/FormActions';
import { Modal } from '../../../ui/Modal';
import { SegmentedControl } from '../../../ui/SegmentedControl';
import { SelectField } from '../../../ui/SelectField';
import { StatCard } from '../../../ui/StatCard';
import { TextField } from '../../../ui/TextField';
import { dayOf, invoicePath, useBillingTargets } from '../billingShared';

type KindFilter = 'all' | AccountBalanceKind;
type Dialog = { kind: 'buy-fund' | 'buy-message' | 'create' } | { kind: 'edit' | 'delete'; entry: AccountBalanceEntry } | null;

/**
 * The business's account balances: funds (money kept for it) and messages (message credits), each
 * the sum of its entries. The payer adds funds or buys messages (a one-time charge); admins add,
 * correct and delete entries.
 */
export function BalancesSection({ businessId }: { businessId: number }) {
  const targets = useBillingTargets(businessId);
  const display = useBusinessDisplay(businessId);
  const [kind, setKind] = useState<KindFilter>('all');
  const dest = kind === 'fund' ? billingDests.accountbalance.allFund : kind === 'message' ? billingDests.accountbalance.allMessage : billingDests.accountbalance.all;
  const list = useBillingQuery(dest, targets.business, {});
  const [dialog, setDialog] = useState<Dialog>(null);
  const show = (e: Pick<AccountBalanceEntry, 'kind' | 'amount'>) => (e.kind === 'fund' ? display.money(e.amount) : `${e.amount.toLocaleString('en-US')} messages`);

  const columns = useMemo<DataColumn<AccountBalanceEntry>[]>(
    () => [
      { id: 'when', header: 'When', value: (e) => e.createdAt, cell: (e) => dayOf(e.createdAt), priority: 'always', size: 120 },
      { id: 'kind', header: 'Balance', value: (e) => ACCOUNT_BALANCE_KIND_LABEL[e.kind], priority: 1, size: 110 },
      { id: 'amount', header: 'Amount', value: (e) => e.amount, cell: (e) => (e.amount > 0 ? `+${show(e)}` : show(e)), align: 'end', priority: 'always', size: 150 },
      { id: 'description', header: 'Description', value: (e) => e.description ?? '', priority: 2, size: 240 },
      { id: 'by', header: 'By', value: (e) => e.by ?? '', priority: 4, size: 150 },
      {
        id: 'invoice',
        header: 'Invoice',
        value: (e) => e.invoice_id ?? '',
        cell: (e) => (e.invoice_id ? <Link className="text-brand-700 hover:underline" to={invoicePath(businessId, e.invoice_id)}>#{e.invoice_id}</Link> : '—'),
        priority: 5,
        size: 100,
      },
      ...(targets.admin
        ? [
            {
              id: 'actions',
              header: 'Actions',
              priority: 3 as const,
              size: 200,
              cell: (e: AccountBalanceEntry) => (
                <span className="flex gap-1">
                  <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'edit', entry: e })}>
                    Edit
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => setDialog({ kind: 'delete', entry: e })}>
                    Delete
                  </Button>
                </span>
              ),
            },
          ]
        : []),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [businessId, targets.admin, display.money],
  );

  return (
    <section aria-labelledby="billing-balances-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="billing-balances-title" className="text-lg font-semibold text-slate-900">
          Account balances
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setDialog({ kind: 'buy-fund' })}>Add funds</Button>
          <Button variant="secondary" onClick={() => setDialog({ kind: 'buy-message' })}>
            Buy messages
          </Button>
          {targets.admin ? (
            <Button variant="secondary" onClick={() => setDialog({ kind: 'create' })}>
              New entry
            </Button>
          ) : null}
        </div>
      </div>
      {list.data ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <StatCard title="Funds" value={display.money(list.data.totals.fund)} />
          <StatCard title="Messages" value={list.data.totals.message.toLocaleString('en-US')} />
        </div>
      ) : null}
      <SegmentedControl
        label="Which balance"
        value={kind}
        onChange={setKind}
        options={[
          { value: 'all', label: 'All' },
          { value: 'fund', label: ACCOUNT_BALANCE_KIND_LABEL.fund },
          { value: 'message', label: ACCOUNT_BALANCE_KIND_LABEL.message },
        ]}
      />
      {list.isError && !list.data ? (
        <LoadError error={list.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void list.refetch()} headingLevel={2} />
      ) : (
        <SavedDataTable
          businessId={businessId}
          name="billing-account-balances"
          title="Account balances"
          caption="Account balance entries"
          columns={columns}
          rows={list.data?.entries}
          loading={list.isFetching}
          getRowId={(e) => e.id}
          rowLabel={(e) => `${ACCOUNT_BALANCE_KIND_LABEL[e.kind]} entry of ${dayOf(e.createdAt)}`}
          empty="No entries yet."
        />
      )}
      {dialog?.kind === 'buy-fund' || dialog?.kind === 'buy-message' ? <BuyDialog businessId={businessId} kind={dialog.kind === 'buy-fund' ? 'fund' : 'message'} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'create' ? <EntryDialog businessId={businessId} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'edit' ? <EntryDialog businessId={businessId} entry={dialog.entry} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? <DeleteEntryDialog businessId={businessId} entry={dialog.entry} show={show} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}

function BuyDialog({ businessId, kind, onClose }: { businessId: number; kind: AccountBalanceKind; onClose: () => void }) {
  const targets = useBillingTargets(businessId);
  const display = useBusinessDisplay(businessId);
  const charge = useBillingMutation(billingDests.onetimebilling.chargeAccountBalance, targets.business);
  const amount = useAmount(display.symbol);
  const [messages, setMessages] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [key] = useState(() => `bal-${crypto.randomUUID()}`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = amount.take();
    if (cents === null) return;
    const count = Number(messages);
    if (kind === 'message' && (!Number.isInteger(count) || count < 1)) return setProblem('Say how many messages');
    setProblem(null);
    charge.mutate(
      { body: { kind, amount: cents, ...(kind === 'message' ? { messages: count } : {}), idempotency_key: key } },
      {
        onSuccess: () => {
          toasts.success(MESSAGES.successfullyAdded);
          onClose();
        },
      },
    );
  };
  return (
    <Modal open onClose={onClose} title={kind === 'fund' ? 'Add funds' : 'Buy messages'} description="Charged now to your default payment method.">
      <form noValidate onSubmit={submit} className="space-y-4">
        <AmountField label="Amount to pay" {...amount.field} />
        {kind === 'message' ? <TextField label="Messages" inputMode="numeric" value={messages} onChange={(e) => setMessages(e.target.value)} error={problem} /> : null}
        <FormActions error={charge.error?.message} submitLabel="Pay now" pending={charge.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

function EntryDialog({ businessId, entry, onClose }: { businessId: number; entry?: AccountBalanceEntry; onClose: () => void }) {
  const targets = useBillingTargets(businessId);
  const create = useBillingMutation(billingDests.accountbalance.create, targets.business);
  const update = useBillingMutation(billingDests.accountbalance.update, targets.business);
  const [kind, setKind] = useState<AccountBalanceKind>(entry?.kind ?? 'fund');
  const [amount, setAmount] = useState(entry ? (entry.kind === 'fund' ? (entry.amount / 100).toFixed(2) : String(entry.amount)) : '');
  const [description, setDescription] = useState(entry?.description ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(amount.replace(',', '.'));
    const value = kind === 'fund' ? Math.round(n * 100) : n;
    if (amount.trim() === '' || !Number.isFinite(n) || !Number.isInteger(value) || value === 0) return setProblem(kind === 'fund' ? 'Enter an amount other than 0 (negative takes off)' : 'Enter a whole number of messages other than 0');
    setProblem(null);
    const done = {
      onSuccess: () => {
        toasts.success(entry ? MESSAGES.successfullyUpdated : MESSAGES.successfullyAdded);
        onClose();
      },
    };
    if (entry) update.mutate({ body: { entry_id: entry.id, amount: value, description: description.trim() } }, done);
    else create.mutate({ body: { kind, amount: value, ...(description.trim() ? { description: description.trim() } : {}) } }, done);
  };
  return (
    <Modal open onClose={onClose} title={entry ? 'Edit the entry' : 'New account balance entry'} description="A negative amount takes off the balance.">
      <form noValidate onSubmit={submit} className="space-y-4">
        <SelectField label="Balance" value={kind} disabled={entry !== undefined} onChange={(e) => setKind(e.target.value as AccountBalanceKind)} options={[{ value: 'fund', label: 'Funds' }, { value: 'message', label: 'Messages' }]} />
        <TextField label={kind === 'fund' ? 'Amount' : 'Messages'} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={problem} />
        <TextField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={1000} />
        <FormActions error={(create.error ?? update.error)?.message} submitLabel={entry ? 'Save entry' : 'Add entry'} pending={pending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

function DeleteEntryDialog({ businessId, entry, show, onClose }: { businessId: number; entry: AccountBalanceEntry; show: (e: AccountBalanceEntry) => string; onClose: () => void }) {
  const targets = useBillingTargets(businessId);
  const remove = useBillingMutation(billingDests.accountbalance.delete, targets.business);
  return (
    <ConfirmDialog
      title={'Delete this entry?'}
      description={`${show(entry)} of ${dayOf(entry.createdAt)} leaves the balance.`}
      confirmLabel="Delete entry"
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(
          { body: { entry_id: entry.id } },
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

import { billingDests, canCreateInstallmentFor, dayInZone, type Invoice, MESSAGES, splitInstallments, installmentDays } from '@salondesk/core';
import { useBillingMutation, useBillingQuery, useSession } from '@salondesk/react';
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoadError } from '../../../app/LoadError';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { toasts } from '../../../app/toasts';
import { useAmount } from '../../../app/useAmount';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { AmountField } from '../../../ui/AmountField';
import { Button } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { FormActions } from '../../../ui/FormActions';
import { Modal } from '../../../ui/Modal';
import { TextField } from '../../../ui/TextField';
import { Toggle } from '../../../ui/Toggle';
import { checkBody, dayOf, invoicePath, useBillingTargets } from '../billingShared';
import { invoiceColumns } from '../invoiceColumns';

/**
 * One-time invoices of the business (one-time charges, account balance purchases, instalments),
 * with the two ways to open one: a one-time charge of some lines, paid now, and an instalment
 * plan (N monthly instalments, each its own invoice and status) — for oneself, or by an admin for
 * anyone (spec 001 §6).
 */
export function OnetimeSection({ businessId }: { businessId: number }) {
  const targets = useBillingTargets(businessId);
  const list = useBillingQuery(billingDests.invoice.onetime, targets.business, { query: {} });
  const [dialog, setDialog] = useState<'charge' | 'installment' | null>(null);
  const columns = useMemo<DataColumn<Invoice>[]>(
    () => [
      ...invoiceColumns(),
      { id: 'what', header: 'Instalment', value: (i) => i.installment_number ?? 0, cell: (i) => (i.installment_plan_id ? `Plan ${i.installment_plan_id}, instalment ${i.installment_number}` : '—'), priority: 2, size: 200 },
      { id: 'created', header: 'Created', value: (i) => i.createdAt, cell: (i) => dayOf(i.createdAt), priority: 3, size: 120 },
      { id: 'due', header: 'Due', value: (i) => i.dueDate ?? '', cell: (i) => i.dueDate ?? '—', priority: 4, size: 120 },
      { id: 'comment', header: 'Comment', value: (i) => i.comment ?? '', priority: 5, size: 220 },
    ],
    [],
  );
  return (
    <section aria-labelledby="billing-onetime-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="billing-onetime-title" className="text-lg font-semibold text-slate-900">
          One-time charges and instalments
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setDialog('charge')}>New one-time charge</Button>
          <Button variant="secondary" onClick={() => setDialog('installment')}>
            New instalment plan
          </Button>
        </div>
      </div>
      {list.isError && !list.data ? (
        <LoadError error={list.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void list.refetch()} headingLevel={2} />
      ) : (
        <SavedDataTable
          businessId={businessId}
          name="billing-onetime"
          title="One-time invoices"
          caption="One-time invoices"
          columns={columns}
          rows={list.data}
          loading={list.isFetching}
          getRowId={(i) => i.id}
          rowLabel={(i) => `invoice #${i.id}`}
          empty="No one-time invoices."
        />
      )}
      {dialog === 'charge' ? <ChargeDialog businessId={businessId} onClose={() => setDialog(null)} /> : null}
      {dialog === 'installment' ? <InstallmentDialog businessId={businessId} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}

function ChargeDialog({ businessId, onClose }: { businessId: number; onClose: () => void }) {
  const targets = useBillingTargets(businessId);
  const display = useBusinessDisplay(businessId);
  const navigate = useNavigate();
  const charge = useBillingMutation(billingDests.onetimebilling.charge, targets.business);
  const [description, setDescription] = useState('');
  const [quantity, setQuantity] = useState('1');
  const unit = useAmount(display.symbol);
  const [comment, setComment] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  // One key for this form: sending it twice (a double click, a retry) charges once.
  const [key] = useState(() => `otc-${crypto.randomUUID()}`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = unit.take();
    if (cents === null) return;
    const body = { lines: [{ description, quantity: Number(quantity), unit_amount: cents }], ...(comment.trim() ? { comment: comment.trim() } : {}), idempotency_key: key };
    const checked = checkBody(billingDests.onetimebilling.charge.body, body);
    if (!checked.ok) return setProblems(checked.problems);
    setProblems({});
    charge.mutate(
      { body: checked.data },
      {
        onSuccess: (invoice) => {
          toasts.success(MESSAGES.successfullyAdded);
          onClose();
          void navigate(invoicePath(businessId, invoice.id));
        },
      },
    );
  };
  return (
    <Modal open onClose={onClose} title="New one-time charge" description="An invoice for these lines, charged now to your default payment method.">
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={200} error={problems.description} />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Quantity" inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} error={problems.quantity} />
          <AmountField label="Unit price" {...unit.field} />
        </div>
        <TextField label="Comment" value={comment} onChange={(e) => setComment(e.target.value)} maxLength={1000} />
        <FormActions error={charge.error?.message} submitLabel="Charge now" pending={charge.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

function InstallmentDialog({ businessId, onClose }: { businessId: number; onClose: () => void }) {
  const targets = useBillingTargets(businessId);
  const display = useBusinessDisplay(businessId);
  const session = useSession().session;
  const charge = useBillingMutation(billingDests.onetimebilling.chargeInstallment, targets.business);
  const today = dayInZone(new Date(), display.timezone);
  const [forUser, setForUser] = useState(String(targets.userId ?? ''));
  const [description, setDescription] = useState('');
  const total = useAmount(display.symbol);
  const [count, setCount] = useState('3');
  const [firstDue, setFirstDue] = useState(today);
  const [chargeFirst, setChargeFirst] = useState(true);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [key] = useState(() => `inst-${crypto.randomUUID()}`);
  const n = Number(count);
  const preview = total.text && Number.isInteger(n) && n >= 2 && n <= 36 ? (() => {
    const reading = total.field.read(total.text);
    return reading.ok && reading.cents > 0 ? splitInstallments(reading.cents, n).map((cents, i) => ({ cents, day: installmentDays(firstDue || today, n)[i] })) : null;
  })() : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = total.take();
    if (cents === null || !session) return;
    const userId = Number(forUser);
    if (!canCreateInstallmentFor(session.user, userId)) return setProblems({ user_id: 'Only an admin creates instalment plans for someone else' });
    const body = { user_id: userId, description, total: cents, count: n, first_due_on: firstDue, charge_first: chargeFirst, idempotency_key: key };
    const checked = checkBody(billingDests.onetimebilling.chargeInstallment.body, body);
    if (!checked.ok) return setProblems(checked.problems);
    setProblems({});
    charge.mutate(
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
    <Modal open onClose={onClose} size="wide" title="New instalment plan" description="The total split into monthly instalments, each its own invoice with its own status.">
      <form noValidate onSubmit={submit} className="space-y-4">
        {targets.admin ? <TextField label="For user (id)" inputMode="numeric" value={forUser} onChange={(e) => setForUser(e.target.value)} error={problems.user_id} hint="Admins create plans for anyone; others only for themselves." /> : null}
        <TextField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={200} error={problems.description} />
        <div className="grid grid-cols-3 gap-3">
          <AmountField label="Total" {...total.field} />
          <TextField label="Instalments" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} error={problems.count} />
          <TextField label="First due" type="date" value={firstDue} onChange={(e) => setFirstDue(e.target.value)} error={problems.first_due_on} />
        </div>
        <Toggle label="Charge the first instalment now" checked={chargeFirst} onChange={setChargeFirst} />
        {preview ? (
          <ol className="space-y-1 text-sm text-slate-700" aria-label="Instalments">
            {preview.map((p, i) => (
              <li key={p.day}>
                {i + 1}. {p.day}: {display.money(p.cents)}
              </li>
            ))}
          </ol>
        ) : null}
        <FormActions error={charge.error?.message} submitLabel="Create plan" pending={charge.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

import { billingDests, MESSAGES, type PaymentMethod } from '@salondesk/core';
import { useBillingMutation, useBillingQuery } from '@salondesk/react';
import { type FormEvent, useState } from 'react';
import { toasts } from '../../../app/toasts';
import { FormActions } from '../../../ui/FormActions';
import { Modal } from '../../../ui/Modal';
import { TextField } from '../../../ui/TextField';
import { checkBody, useBillingTargets } from '../billingShared';

const describe = (m: PaymentMethod) => `${m.name} (${m.brand ? `${m.brand} ` : ''}•••• ${m.last4})`;

/**
 * A card's new expiry (`payment/update-card`): what a renewed card with the same number says;
 * the number itself never changes here.
 */
export function ExpiryDialog({ businessId, method, onClose }: { businessId: number; method: PaymentMethod; onClose: () => void }) {
  const targets = useBillingTargets(businessId);
  const update = useBillingMutation(billingDests.payment.updateCard, targets.user);
  const [month, setMonth] = useState(method.exp_month ? String(method.exp_month) : '');
  const [year, setYear] = useState(method.exp_year ? String(method.exp_year) : '');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkBody(billingDests.payment.updateCard.body, { payment_method_id: method.id, exp_month: Number(month), exp_year: Number(year) });
    if (!checked.ok) return setProblems(checked.problems);
    setProblems({});
    update.mutate(
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
    <Modal open onClose={onClose} title={`New expiry of ${describe(method)}`} description="For a renewed card with the same number. A new number is a new payment method.">
      <form noValidate onSubmit={submit} className="space-y-4">
        <div className="grid grid-cols-2 gap-4">
          <TextField label="Month" inputMode="numeric" value={month} onChange={(e) => setMonth(e.target.value)} error={problems.exp_month} placeholder="MM" autoFocus />
          <TextField label="Year" inputMode="numeric" value={year} onChange={(e) => setYear(e.target.value)} error={problems.exp_year} placeholder="YYYY" />
        </div>
        <FormActions error={update.error?.message} submitLabel="Save expiry" pending={update.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

/**
 * Which of the user's subscriptions a method pays: ticking adds the method to them at once
 * (`payment/add-to-multiple-subs`), unticking one it pays stops it there (`payment/remove-from-sub`:
 * that subscription falls back to the default method).
 */
export function SubscriptionsDialog({ businessId, method, onClose }: { businessId: number; method: PaymentMethod; onClose: () => void }) {
  const targets = useBillingTargets(businessId);
  const subscriptions = useBillingQuery(billingDests.subscription.allByUserid, targets.user, { query: {} });
  const addMany = useBillingMutation(billingDests.payment.addToMultipleSubs, targets.user);
  const removeOne = useBillingMutation(billingDests.payment.removeFromSub, targets.user);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set(method.subscription_ids));
  const [error, setError] = useState<string | null>(null);
  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };
  const added = [...chosen].filter((id) => !method.subscription_ids.includes(id));
  const removed = method.subscription_ids.filter((id) => !chosen.has(id));
  const pending = addMany.isPending || removeOne.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      if (added.length > 0) await addMany.mutateAsync({ body: { payment_method_id: method.id, subscription_ids: added } });
      for (const subscription_id of removed) await removeOne.mutateAsync({ body: { subscription_id } });
      toasts.success(MESSAGES.successfullyUpdated);
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : MESSAGES.failedToUpdate);
    }
  };
  const live = (subscriptions.data ?? []).filter((s) => !s.deleted);
  return (
    <Modal open onClose={pending ? undefined : onClose} title={`Subscriptions paid by ${describe(method)}`} description="The billing scheduler charges each ticked subscription to this method; an unticked one goes back to your default method.">
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        {subscriptions.isError ? (
          <p role="alert" className="text-sm text-red-700">{subscriptions.error.message}</p>
        ) : !subscriptions.data ? (
          <p role="status" className="text-sm text-slate-600">Loading subscriptions</p>
        ) : live.length === 0 ? (
          <p className="text-sm text-slate-600">You have no subscription to pay.</p>
        ) : (
          <fieldset>
            <legend className="sr-only">Subscriptions</legend>
            <ul className="space-y-2">
              {live.map((s) => (
                <li key={s.id} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    id={`pays-${s.id}`}
                    type="checkbox"
                    className="size-4 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                    checked={chosen.has(s.id)}
                    onChange={(e) => toggle(s.id, e.target.checked)}
                  />
                  <label htmlFor={`pays-${s.id}`}>
                    {s.plan_name} · {s.business_name}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <FormActions error={error} submitLabel="Save subscriptions" pending={pending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

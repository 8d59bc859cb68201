import { cx } from '../../../ui/cx';
import { StatusBadge } from '../../../ui/StatusBadge';

export interface PayoutReconciliationProps {
  /** The card's heading: "Reconciliation". */
  title: string;
  /** The sum of the movements the payout paid (fee lines aside), in minor units. */
  gross: number;
  /** Every fee the provider kept. */
  fee: number;
  /** gross − fee: what the movements say the payout should be. */
  netamount: number;
  /** What the provider sent to the bank. */
  amount: number;
  /** amount − netamount; 0 when reconciled. */
  difference: number;
  /** The mismatch message (`Transaction amount did not match stripe payout amount`), or null when reconciled. */
  message: string | null;
  money: (minor: number) => string;
  className?: string;
}

const signed = (money: (minor: number) => string, amount: number) => (amount > 0 ? `+ ${money(amount)}` : amount < 0 ? `− ${money(-amount)}` : money(0));

/**
 * A payout checked as the spec reads it (gross − fee = amount): its gross, fee and net, what the
 * provider paid, and how it came out — Reconciled, or the mismatch message (an alert) with the
 * signed difference.
 */
export function PayoutReconciliation({ title, gross, fee, netamount, amount, difference, message, money, className }: PayoutReconciliationProps) {
  const reconciled = message === null;
  return (
    <section aria-label={title} className={cx('rounded-2xl bg-white p-5 shadow-xs ring-1', reconciled ? 'ring-slate-200' : 'ring-red-300', className)}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        <StatusBadge label={reconciled ? 'Reconciled' : 'Not reconciled'} tone={reconciled ? 'success' : 'danger'} />
      </div>
      <dl className="mt-3 space-y-1.5 text-sm">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-slate-600">Gross</dt>
          <dd className="text-slate-900 tabular-nums">{money(gross)}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-slate-600">Fee</dt>
          <dd className="text-slate-900 tabular-nums">− {money(fee)}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t border-slate-200 pt-1.5 font-semibold">
          <dt className="text-slate-900">Net amount</dt>
          <dd className="text-slate-900 tabular-nums">{money(netamount)}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-slate-600">Paid by the provider</dt>
          <dd className="text-slate-900 tabular-nums">{money(amount)}</dd>
        </div>
        {reconciled ? null : (
          <div className="flex items-baseline justify-between gap-4 font-semibold text-red-800">
            <dt>Difference</dt>
            <dd className="tabular-nums">{signed(money, difference)}</dd>
          </div>
        )}
      </dl>
      {reconciled ? null : (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 p-3 text-sm text-red-800">
          {message} <span className="font-semibold whitespace-nowrap">({signed(money, difference)})</span>
        </p>
      )}
    </section>
  );
}

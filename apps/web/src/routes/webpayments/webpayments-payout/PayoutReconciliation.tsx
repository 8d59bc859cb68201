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
  /**
   * What the difference is made of, when it is known (the movements the provider's listing and ours
   * disagree on), each with the signed amount it accounts for: shown between the net amount and what
   * the provider paid, so the card adds up. Whatever they leave is the last line, "Unexplained".
   */
  causes?: readonly PayoutCause[];
  money: (minor: number) => string;
  className?: string;
}

export interface PayoutCause {
  key: string;
  /** `Refund re_3Nq8, missing from our records`. */
  label: string;
  /** Signed minor units it adds to the net amount. */
  amount: number;
}

const signed = (money: (minor: number) => string, amount: number) => (amount > 0 ? `+ ${money(amount)}` : amount < 0 ? `− ${money(-amount)}` : money(0));

/**
 * A payout checked as the spec reads it (gross − fee = amount): its gross, fee and net, what
 * makes up the difference (each cause, then what none explains), and what the provider paid —
 * every line adding up to it — and how it came out: Reconciled, or the mismatch message (an alert)
 * with the signed difference.
 */
export function PayoutReconciliation({ title, gross, fee, netamount, amount, difference, message, causes = [], money, className }: PayoutReconciliationProps) {
  const reconciled = message === null;
  const remainder = difference - causes.reduce((sum, c) => sum + c.amount, 0);
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
        {causes.map((c) => (
          <div key={c.key} className="flex items-baseline justify-between gap-4 text-red-800">
            <dt className="min-w-0 break-words">{c.label}</dt>
            <dd className="tabular-nums whitespace-nowrap">{signed(money, c.amount)}</dd>
          </div>
        ))}
        {reconciled || remainder === 0 ? null : (
          <div className="flex items-baseline justify-between gap-4 font-semibold text-red-800">
            <dt>{causes.length > 0 ? 'Unexplained' : 'Difference'}</dt>
            <dd className="tabular-nums">{signed(money, remainder)}</dd>
          </div>
        )}
        <div className="flex items-baseline justify-between gap-4 border-t border-slate-200 pt-1.5 font-semibold">
          <dt className="text-slate-900">Paid by the provider</dt>
          <dd className="text-slate-900 tabular-nums">{money(amount)}</dd>
        </div>
      </dl>
      {reconciled ? null : (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 p-3 text-sm text-red-800">
          {message} <span className="font-semibold whitespace-nowrap">({signed(money, difference)})</span>
        </p>
      )}
    </section>
  );
}

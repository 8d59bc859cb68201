import type { ReactNode } from 'react';
import { cx } from '../../ui/cx';
import { FigureLabel } from '../../ui/FigureLabel';
import { StatusBadge, type StatusTone } from '../../ui/StatusBadge';

/** One movement of the drawer as a line of its balance: the opening count, cash sales, paid in, paid out, cash drops. */
export interface DrawerBalanceLine {
  key: string;
  /** The figure's name and, when it has one, its meaning (read with the name, shown on hover and focus). */
  label: string;
  meaning?: string;
  /** In minor units; signed as it moves the drawer (a paid-out is negative). */
  amount: number;
}

/** How the count came out: `Balanced`, `Over` or `Short`, its tone, and the difference (counted − expected). */
export interface DrawerBalanceOutcome {
  label: string;
  tone: StatusTone;
  difference: number;
}

export interface DrawerBalanceProps {
  /** The card's heading: "Drawer". */
  title: string;
  lines: readonly DrawerBalanceLine[];
  /** What should be in the drawer; null while a blind close hides it (the count is not saved yet). */
  expected: number | null;
  /** What was counted, once counted. */
  counted?: number | null;
  outcome?: DrawerBalanceOutcome | null;
  money: (minor: number) => string;
  /** Said in place of the expected amount while it is hidden. */
  hiddenNote?: ReactNode;
  className?: string;
}

const signed = (money: (minor: number) => string, amount: number) => (amount < 0 ? `− ${money(-amount)}` : money(amount));

/**
 * The drawer's balance as a ledger reads: each movement on its line, the expected amount under
 * them, then what was counted and how it came out (Balanced, Over or Short, with the difference).
 * During a blind close the lines and the expected amount are not shown at all — only `hiddenNote`.
 */
export function DrawerBalance({ title, lines, expected, counted = null, outcome = null, money, hiddenNote, className }: DrawerBalanceProps) {
  const hidden = expected === null;
  return (
    <section aria-label={title} className={cx('rounded-2xl bg-white p-5 shadow-xs ring-1 ring-slate-200', className)}>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      {hidden ? (
        <p className="mt-3 text-sm text-slate-600">{hiddenNote ?? 'The expected amount is shown once the count is saved.'}</p>
      ) : (
        <dl className="mt-3 space-y-1.5 text-sm">
          {lines.map((line) => (
            <div key={line.key} className="flex items-baseline justify-between gap-4">
              <dt className="text-slate-600">{line.meaning ? <FigureLabel label={line.label} meaning={line.meaning} /> : line.label}</dt>
              <dd className="text-slate-900 tabular-nums">{signed(money, line.amount)}</dd>
            </div>
          ))}
          <div className="flex items-baseline justify-between gap-4 border-t border-slate-200 pt-1.5 font-semibold">
            <dt className="text-slate-900">Expected in the drawer</dt>
            <dd className="text-slate-900 tabular-nums">{money(expected)}</dd>
          </div>
        </dl>
      )}
      {counted !== null ? (
        <dl className="mt-3 space-y-1.5 border-t border-slate-200 pt-3 text-sm">
          <div className="flex items-baseline justify-between gap-4">
            <dt className="text-slate-600">Counted</dt>
            <dd className="text-slate-900 tabular-nums">{money(counted)}</dd>
          </div>
          {outcome ? (
            <div className="flex items-baseline justify-between gap-4">
              <dt className="text-slate-600">Difference</dt>
              <dd className="flex items-center gap-2 font-semibold text-slate-900 tabular-nums">
                <StatusBadge label={outcome.label} tone={outcome.tone} />
                <span>{outcome.difference > 0 ? `+ ${money(outcome.difference)}` : signed(money, outcome.difference)}</span>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
}

import { type KeyboardEvent, useId, useRef } from 'react';
import { cx } from '../../ui/cx';

/** One note or coin of a currency: its value in minor units (cents) and how it reads (`$20`, `25¢`). */
export interface CounterDenomination {
  /** Stable key of the denomination within its currency (its value in minor units, as text, is fine). */
  key: string;
  /** Its value in minor units: 2000 for a $20 note. */
  value: number;
  label: string;
  kind: 'note' | 'coin';
}

export interface DenominationCounterProps {
  /** What is being counted: the group's name ("Opening count", "Closing count"). */
  label: string;
  denominations: readonly CounterDenomination[];
  /** How many of each, by key; a missing key is none. */
  counts: Readonly<Record<string, number>>;
  /** The counts after a change (whole numbers, never negative). */
  onChange: (counts: Record<string, number>) => void;
  /** The count's total in minor units, summed by the caller (core's exact denomination sum). */
  total: number;
  /** An amount in the business's currency: `$1,234.50`. */
  money: (minor: number) => string;
  /** The largest count of one denomination that can be typed (digits only, so never negative). */
  maxCount?: number;
  /** Focus the first count when the counter appears (a dialog that opens on it). */
  autoFocus?: boolean;
  disabled?: boolean;
  className?: string;
}

const KIND_LABEL: Record<CounterDenomination['kind'], string> = { note: 'Notes', coin: 'Coins' };

/**
 * A drawer count by denomination, made for the keyboard: type how many of each note and coin
 * (digits only), Enter or ↓ goes to the next denomination and ↑ to the one before, and each line's
 * amount and the total follow the typing (the total is announced politely). Notes first, then coins, each largest first.
 */
export function DenominationCounter({ label, denominations, counts, onChange, total, money, maxCount = 99_999, autoFocus = false, disabled = false, className }: DenominationCounterProps) {
  const id = useId();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const byValue = [...denominations].sort((a, b) => b.value - a.value);
  const ordered = [...byValue.filter((d) => d.kind === 'note'), ...byValue.filter((d) => d.kind === 'coin')];
  const maxDigits = String(maxCount).length;

  const setCount = (key: string, text: string) => {
    const digits = text.replace(/\D/g, '').slice(0, maxDigits);
    const count = digits === '' ? 0 : Math.min(Number(digits), maxCount);
    const next: Record<string, number> = { ...counts };
    if (count === 0) delete next[key];
    else next[key] = count;
    onChange(next);
  };

  const move = (from: number, by: number) => {
    const target = inputs.current[from + by];
    if (!target) return false;
    target.focus();
    target.select();
    return true;
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || (event.key === 'Enter' && !event.shiftKey)) {
      // Enter on the last count is left to the form (it submits).
      if (move(index, 1)) event.preventDefault();
    } else if (event.key === 'ArrowUp' || (event.key === 'Enter' && event.shiftKey)) {
      if (move(index, -1)) event.preventDefault();
    }
  };

  let row = -1;
  return (
    <fieldset className={cx('min-w-0', className)} disabled={disabled} aria-describedby={`${id}-help`}>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <p id={`${id}-help`} className="mt-1 text-xs text-slate-500">
        Type how many of each; Enter or ↓ goes to the next, ↑ to the one before.
      </p>
      <div className="mt-2 overflow-hidden rounded-lg ring-1 ring-slate-200">
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-1.5 text-left font-medium">
                Denomination
              </th>
              <th scope="col" className="w-28 px-3 py-1.5 text-right font-medium">
                Count
              </th>
              <th scope="col" className="w-32 px-3 py-1.5 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          {(['note', 'coin'] as const).map((kind) => {
            const group = ordered.filter((d) => d.kind === kind);
            if (group.length === 0) return null;
            return (
              <tbody key={kind} className="divide-y divide-slate-100">
                <tr className="bg-slate-50/60">
                  <th scope="colgroup" colSpan={3} className="px-3 py-1 text-left text-xs font-semibold text-slate-500">
                    {KIND_LABEL[kind]}
                  </th>
                </tr>
                {group.map((d) => {
                  row += 1;
                  const index = row;
                  const count = counts[d.key] ?? 0;
                  const inputId = `${id}-${d.key}`;
                  return (
                    <tr key={d.key}>
                      <th scope="row" className="px-3 py-1 text-left font-medium text-slate-800">
                        <label htmlFor={inputId}>{d.label}</label>
                      </th>
                      <td className="px-3 py-1 text-right">
                        <input
                          id={inputId}
                          ref={(element) => {
                            inputs.current[index] = element;
                          }}
                          type="text"
                          inputMode="numeric"
                          pattern="[0-9]*"
                          autoComplete="off"
                          enterKeyHint={index === ordered.length - 1 ? 'done' : 'next'}
                          aria-label={`${d.label} count`}
                          autoFocus={autoFocus && index === 0}
                          placeholder="0"
                          value={count === 0 ? '' : String(count)}
                          onChange={(event) => setCount(d.key, event.target.value)}
                          onKeyDown={onKeyDown(index)}
                          onFocus={(event) => event.target.select()}
                          className="h-8 w-20 rounded-md border border-slate-300 bg-white px-2 text-right text-slate-900 tabular-nums placeholder:text-slate-400 hover:border-slate-400 focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600 disabled:bg-slate-50"
                        />
                      </td>
                      <td className={cx('px-3 py-1 text-right tabular-nums', count === 0 ? 'text-slate-500' : 'text-slate-800')}>{money(d.value * count)}</td>
                    </tr>
                  );
                })}
              </tbody>
            );
          })}
          <tfoot className="border-t border-slate-200 bg-slate-50">
            <tr>
              <th scope="row" colSpan={2} className="px-3 py-2 text-left font-semibold text-slate-900">
                Total counted
              </th>
              <td className="px-3 py-2 text-right font-semibold text-slate-900 tabular-nums">
                <output aria-live="polite" aria-label={`${label} total`}>
                  {money(total)}
                </output>
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </fieldset>
  );
}

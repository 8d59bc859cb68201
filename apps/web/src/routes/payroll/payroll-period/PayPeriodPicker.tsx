import { Button } from '../../../ui/Button';
import { StatusBadge, type StatusTone } from '../../../ui/StatusBadge';
import { TextField } from '../../../ui/TextField';

export interface PayPeriodPickerProps {
  /** The days shown, both included (`YYYY-MM-DD`). */
  start: string;
  end: string;
  /** The days as people read them: `Mar 2 – 15, 2026`. */
  label: string;
  /** What the days are: `Pay period · every two weeks`, or `Custom range`. */
  caption: string;
  /** The period's state, when the days are one pay period: `Open`, `Closed`. */
  status?: { label: string; tone: StatusTone } | null;
  /** The days are the open pay period already ("Current period" is then pressed). */
  isCurrent: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onCurrent: () => void;
  /** Any other range, from the From and To fields (in order: a From after the To moves the To). */
  onChange: (range: { start: string; end: string }) => void;
  /** Why the range cannot be used, shown under it. */
  error?: string | null;
}

/**
 * Picks the days of a payroll: the pay periods one after another (Previous, Current, Next, with
 * the period's state), or any range (From, To). Buttons and native date fields: every part works
 * by keyboard and is named for screen readers.
 */
export function PayPeriodPicker({ start, end, label, caption, status, isCurrent, onPrevious, onNext, onCurrent, onChange, error }: PayPeriodPickerProps) {
  return (
    <div role="group" aria-label="Pay period" className="flex flex-wrap items-end gap-3">
      <div className="flex items-center gap-1 rounded-xl bg-white p-1 ring-1 ring-slate-200">
        <Button variant="ghost" size="sm" onClick={onPrevious} aria-label="Previous pay period">
          ‹ Previous
        </Button>
        <div className="min-w-44 px-2 text-center" aria-live="polite">
          <p className="text-sm font-semibold text-slate-900">{label}</p>
          <p className="flex items-center justify-center gap-1.5 text-xs text-slate-600">
            {caption}
            {status ? <StatusBadge label={status.label} tone={status.tone} /> : null}
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={onNext} aria-label="Next pay period">
          Next ›
        </Button>
        <Button variant="secondary" size="sm" onClick={onCurrent} aria-pressed={isCurrent}>
          Current period
        </Button>
      </div>
      <div className="flex items-start gap-2">
        <TextField
          label="From"
          type="date"
          value={start}
          className="w-40"
          onChange={(e) => {
            const from = e.target.value;
            if (from) onChange({ start: from, end: from > end ? from : end });
          }}
        />
        <TextField
          label="To"
          type="date"
          value={end}
          className="w-40"
          error={error}
          onChange={(e) => {
            const to = e.target.value;
            if (to) onChange({ start: to < start ? to : start, end: to });
          }}
        />
      </div>
    </div>
  );
}

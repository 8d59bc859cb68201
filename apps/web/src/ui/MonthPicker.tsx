import { useId } from 'react';
import { Button } from './Button';
import { cx } from './cx';

export interface MonthPickerProps {
  label: string;
  /** `YYYY-MM`. */
  value: string;
  /** Called with a `YYYY-MM` the reader typed or picked (empty when they cleared the field). */
  onChange: (value: string) => void;
  onPrevious: () => void;
  onNext: () => void;
  /** Earliest and latest `YYYY-MM` the picker offers. */
  min?: string;
  max?: string;
  /** Shown under the field ("March 2026"); read with it. */
  hint?: string;
  className?: string;
}

/** A labelled month field with previous and next buttons; PageUp/PageDown step the month too. */
export function MonthPicker({ label, value, onChange, onPrevious, onNext, min, max, hint, className }: MonthPickerProps) {
  const id = useId();
  const atMin = min !== undefined && value <= min;
  const atMax = max !== undefined && value >= max;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="md" onClick={onPrevious} disabled={atMin} aria-label="Previous month">
          <span aria-hidden="true">‹</span>
        </Button>
        <input
          id={id}
          type="month"
          value={value}
          min={min}
          max={max}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'PageUp' && !atMin) {
              e.preventDefault();
              onPrevious();
            } else if (e.key === 'PageDown' && !atMax) {
              e.preventDefault();
              onNext();
            }
          }}
          className="h-10 w-44 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs hover:border-slate-400 focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600"
        />
        <Button variant="secondary" size="md" onClick={onNext} disabled={atMax} aria-label="Next month">
          <span aria-hidden="true">›</span>
        </Button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

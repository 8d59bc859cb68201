import { useState } from 'react';
import { cx } from './cx';
import { SelectField } from './SelectField';
import { TextField } from './TextField';

export interface DayRangeValue {
  start: string;
  end: string;
}

export interface RangePresetOption extends DayRangeValue {
  id: string;
  label: string;
}

export interface DateRangePickerProps {
  start: string;
  end: string;
  /** The presets offered, with their days already worked out (Today, Last month…). */
  presets: readonly RangePresetOption[];
  /** The latest day that may be picked (today). */
  max?: string;
  /** Why the range cannot be used (too long, for example), shown under it. */
  error?: string | null;
  /** Called with a range in order (start ≤ end). */
  onChange: (range: DayRangeValue) => void;
  className?: string;
}

const CUSTOM = 'custom';

/**
 * A day range: a preset list ("Range") whose choice sets both days, and the first and last days
 * ("From", "To") to pick any other (the list then says "Custom"). Native date inputs and a native
 * select, so it works by keyboard and with screen readers everywhere; a From after the To moves
 * the To with it (and the other way round), so the range is never backwards.
 */
export function DateRangePicker({ start, end, presets, max, error, onChange, className }: DateRangePickerProps) {
  // The preset last chosen here keeps its name while its days are the range: on the first of a
  // month "This month" is today's one day too, and choosing it should not turn the list to "Today".
  const [chosen, setChosen] = useState<string | null>(null);
  const matches = (p: RangePresetOption) => p.start === start && p.end === end;
  const current = presets.find((p) => p.id === chosen && matches(p))?.id ?? presets.find(matches)?.id ?? CUSTOM;
  return (
    <div className={cx('flex flex-wrap items-start gap-2', className)} role="group" aria-label="Days">
      <SelectField
        label="Range"
        value={current}
        options={[...presets.map((p) => ({ value: p.id, label: p.label })), ...(current === CUSTOM ? [{ value: CUSTOM, label: 'Custom' }] : [])]}
        onChange={(e) => {
          const preset = presets.find((p) => p.id === e.target.value);
          if (!preset) return;
          setChosen(preset.id);
          onChange({ start: preset.start, end: preset.end });
        }}
        className="w-40"
      />
      <TextField
        label="From"
        type="date"
        value={start}
        max={max}
        onChange={(e) => {
          const day = e.target.value;
          if (day) onChange({ start: day, end: day > end ? day : end });
        }}
        className="w-40"
      />
      <TextField
        label="To"
        type="date"
        value={end}
        max={max}
        onChange={(e) => {
          const day = e.target.value;
          if (day) onChange({ start: day < start ? day : start, end: day });
        }}
        error={error}
        className="w-40"
      />
    </div>
  );
}

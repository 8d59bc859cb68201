import { Radio, RadioGroup } from '@headlessui/react';
import { cx } from './cx';

export interface SegmentedControlProps<T extends string> {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}

/** A row of mutually exclusive choices (headlessui `RadioGroup`: arrow keys move between them). */
export function SegmentedControl<T extends string>({ label, value, options, onChange }: SegmentedControlProps<T>) {
  return (
    <RadioGroup value={value} onChange={onChange} aria-label={label} className="inline-flex rounded-lg bg-slate-100 p-0.5 ring-1 ring-slate-200">
      {options.map((o) => (
        <Radio
          key={o.value}
          value={o.value}
          className={cx(
            'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 transition-colors focus:outline-none data-focus:outline-2 data-focus:outline-brand-600',
            'data-checked:bg-white data-checked:text-slate-900 data-checked:shadow-sm',
          )}
        >
          {o.label}
        </Radio>
      ))}
    </RadioGroup>
  );
}

import { Field, Label, Switch } from '@headlessui/react';
import { cx } from './cx';

export interface ToggleProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  description?: string;
}

/** A labelled on/off switch (headlessui `Switch`): Space toggles it. */
export function Toggle({ label, checked, onChange, disabled, description }: ToggleProps) {
  return (
    <Field className="flex items-center justify-between gap-4" disabled={disabled}>
      <span className="flex flex-col">
        <Label className="text-sm font-medium text-slate-800">{label}</Label>
        {description ? <span className="text-xs text-slate-500">{description}</span> : null}
      </span>
      <Switch
        checked={checked}
        onChange={onChange}
        className={cx(
          'group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-disabled:cursor-not-allowed data-disabled:opacity-50',
          checked ? 'bg-brand-600' : 'bg-slate-300',
        )}
      >
        <span aria-hidden="true" className={cx('pointer-events-none mt-0.5 ml-0.5 inline-block size-5 rounded-full bg-white shadow transition-transform', checked && 'translate-x-5')} />
      </Switch>
    </Field>
  );
}

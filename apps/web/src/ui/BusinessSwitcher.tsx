import { Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { cx } from './cx';

export interface BusinessOption {
  id: number;
  name: string;
  /** A second line: the time zone or city. */
  detail?: string;
}

export interface BusinessSwitcherProps {
  businesses: readonly BusinessOption[];
  value: number | null;
  onChange: (businessId: number) => void;
  label?: string;
  className?: string;
}

/** Picks the business to work in. Arrow keys, Home/End and type-ahead work as in a native select. */
export function BusinessSwitcher({ businesses, value, onChange, label = 'Business', className }: BusinessSwitcherProps) {
  const current = businesses.find((b) => b.id === value);
  return (
    <Listbox value={value} onChange={(id: number | null) => id !== null && onChange(id)}>
      <div className={cx('relative flex min-w-0 items-center gap-2', className)}>
        <Label className="sr-only">{label}</Label>
        <ListboxButton
          className={cx(
            'group flex h-9 min-w-0 max-w-[16rem] items-center gap-2 rounded-lg bg-white pr-2 pl-3 text-left text-sm font-medium text-slate-800',
            'ring-1 ring-slate-200 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          )}
        >
          <span aria-hidden="true" className="flex size-5 shrink-0 items-center justify-center rounded bg-brand-100 text-[0.65rem] font-bold text-brand-700">
            {(current?.name ?? '?').slice(0, 1).toUpperCase()}
          </span>
          <span className="truncate">{current?.name ?? 'Choose a business'}</span>
          <svg viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-500" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <path strokeLinecap="round" strokeLinejoin="round" d="m6 8 4-4 4 4M6 12l4 4 4-4" />
          </svg>
        </ListboxButton>
        <ListboxOptions
          anchor={{ to: 'bottom start', gap: 6 }}
          transition
          className={cx(
            'z-50 max-h-80 w-72 overflow-auto rounded-xl bg-white p-1 text-sm shadow-lg ring-1 ring-slate-900/10 [--anchor-max-height:20rem]',
            'transition duration-100 ease-out focus:outline-none data-closed:scale-95 data-closed:opacity-0',
          )}
        >
          {businesses.map((business) => (
            <ListboxOption
              key={business.id}
              value={business.id}
              className="group flex cursor-default items-center gap-3 rounded-lg px-3 py-2 text-slate-800 select-none data-focus:bg-brand-50 data-focus:text-brand-900"
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{business.name}</span>
                {business.detail ? <span className="block truncate text-xs text-slate-500">{business.detail}</span> : null}
              </span>
              <svg viewBox="0 0 20 20" className="invisible size-4 shrink-0 text-brand-600 group-data-selected:visible" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
                <path strokeLinecap="round" strokeLinejoin="round" d="m4.5 10.5 3.5 3.5 7.5-8" />
              </svg>
            </ListboxOption>
          ))}
        </ListboxOptions>
      </div>
    </Listbox>
  );
}

import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { cx } from './cx';

export const SCHEDULER_PALETTE = ['#F87171', '#FB923C', '#FBBF24', '#A3E635', '#34D399', '#22D3EE', '#60A5FA', '#818CF8', '#C084FC', '#F472B6'] as const;

export interface ColorPickerProps {
  /** Whose colour it is, for the button's label ("Colour for Ava"). */
  label: string;
  value: string | null;
  colors?: readonly string[];
  onChange: (color: string) => void;
  disabled?: boolean;
}

/** A swatch button opening a palette; each colour is a labelled radio-like button. */
export function ColorPicker({ label, value, colors = SCHEDULER_PALETTE, onChange, disabled }: ColorPickerProps) {
  return (
    <Popover className="relative">
      <PopoverButton
        disabled={disabled}
        aria-label={label}
        className="flex size-6 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50"
      >
        <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
          <path d="M10 2a8 8 0 1 0 0 16c1.1 0 1.5-.8 1.5-1.5 0-.4-.2-.7-.4-1-.2-.3-.4-.6-.4-1 0-.8.7-1.5 1.5-1.5H14a4 4 0 0 0 4-4c0-3.9-3.6-7-8-7Zm-4.5 8a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm3-4a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm4 0a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Z" />
        </svg>
      </PopoverButton>
      <PopoverPanel anchor="bottom start" className="z-30 mt-1 grid grid-cols-5 gap-1.5 rounded-lg bg-white p-2 shadow-lg ring-1 ring-slate-900/10">
        {({ close }) => (
          <>
            {colors.map((color) => (
            <button
              key={color}
              type="button"
              aria-label={`Colour ${color}`}
              aria-pressed={value?.toLowerCase() === color.toLowerCase()}
              className={cx('size-6 rounded-full ring-1 ring-slate-900/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600', value?.toLowerCase() === color.toLowerCase() && 'ring-2 ring-slate-900')}
              style={{ backgroundColor: color }}
              onClick={() => {
                onChange(color);
                close();
              }}
            />
            ))}
          </>
        )}
      </PopoverPanel>
    </Popover>
  );
}

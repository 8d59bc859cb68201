import { type CSSProperties, type KeyboardEvent, useId, useRef, useState } from 'react';
import { cx } from './cx';

export interface FigureLabelProps {
  /** The figure's name: "Net sales". */
  label: string;
  /** What it counts, in one line; shown on hover and on keyboard focus, and read as the label's description. */
  meaning: string;
  /** Which edge the tooltip lines up with (`end` for right-aligned figures, so it stays on screen). */
  align?: 'start' | 'end';
  className?: string;
}

/**
 * A figure's name with its meaning: the name is a button (dotted underline) whose accessible
 * description is the meaning (`aria-describedby`), shown as a tooltip while the pointer is over
 * it or it has keyboard focus; Escape hides it. The tooltip stays in the page when hidden, so
 * screen readers read the meaning with the name.
 */
export function FigureLabel({ label, meaning, align = 'start', className }: FigureLabelProps) {
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  // Placed against the viewport when shown, so a scrolling table or card never clips it.
  const [place, setPlace] = useState<CSSProperties>({});
  const button = useRef<HTMLButtonElement>(null);
  const open = (hovered || focused) && !dismissed;
  const show = () => {
    setDismissed(false);
    const rect = button.current?.getBoundingClientRect();
    if (!rect) return;
    setPlace(align === 'end' ? { top: rect.bottom, right: Math.max(8, window.innerWidth - rect.right) } : { top: rect.bottom, left: Math.max(8, rect.left) });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setDismissed(true);
    }
  };
  return (
    <span
      className={cx('inline-flex', className)}
      onMouseEnter={() => {
        setHovered(true);
        show();
      }}
      onMouseLeave={() => setHovered(false)}
    >
      <button
        type="button"
        aria-describedby={id}
        ref={button}
        onFocus={() => {
          setFocused(true);
          show();
        }}
        onBlur={() => setFocused(false)}
        onKeyDown={onKeyDown}
        className="cursor-help rounded-sm text-left underline decoration-slate-400 decoration-dotted underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {label}
      </button>
      <span
        id={id}
        role="tooltip"
        className={cx(
          'fixed z-50 mt-0 w-64 max-w-[80vw] rounded-lg border-t-4 border-transparent bg-clip-padding bg-slate-900 px-3 py-2 text-left text-xs font-normal normal-case leading-snug tracking-normal whitespace-normal text-white shadow-lg',
        )}
        style={place}
        hidden={!open}
      >
        {meaning}
      </span>
    </span>
  );
}

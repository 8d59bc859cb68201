import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { type CSSProperties, useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { CloseButton } from '../../../ui/CloseButton';
import { cx } from '../../../ui/cx';

/** How far a weekly repeat runs: a number of weeks, or up to a day. */
export type RepeatChoice = { weeks: number } | { until: string };

/** What an action would do: how many shifts it makes, and the sentence that says it. */
export interface ActionPreview {
  count: number;
  text: string;
}

export interface ShiftPopoverProps {
  open: boolean;
  /** The shift's bar on screen: the popover opens beside it (centred without one). */
  anchor: DOMRect | null;
  /** `Ava Bennett, Tue Jun 3`. */
  title: string;
  /** `09:00–13:00 · draft`. */
  detail: string;
  onClose: () => void;
  onEdit?: () => void;
  onRemove?: () => void;
  /** Copying to other days and staff (absent for those who may not change the schedule). */
  copy?: {
    days: readonly { key: string; label: string }[];
    staff: readonly { id: number; name: string }[];
    /** The shift's own day and staff member, checked to begin with. */
    day: string;
    staffId: number;
    /** What copying to these days × staff would do. */
    preview: (days: readonly string[], staff: readonly number[]) => ActionPreview;
    onCopy: (days: readonly string[], staff: readonly number[]) => void;
  };
  /** Repeating weekly (dated shifts only). */
  repeat?: {
    /** The first day `until` may name (a week after the shift). */
    min: string;
    preview: (choice: RepeatChoice) => ActionPreview;
    onRepeat: (choice: RepeatChoice) => void;
  };
  /** A copy or repeat is being saved. */
  busy?: boolean;
  error?: string | null;
}

const WIDTH = 336;

/** Beside the bar: below it when it is in the upper half of the window, else above; never off screen. */
function placeBy(anchor: DOMRect | null): CSSProperties {
  if (!anchor || typeof window === 'undefined') return { left: '50%', top: '10vh', transform: 'translateX(-50%)', maxHeight: '80vh' };
  const left = Math.max(8, Math.min(anchor.left, window.innerWidth - WIDTH - 8));
  if (anchor.bottom < window.innerHeight / 2) return { left, top: anchor.bottom + 6, maxHeight: window.innerHeight - anchor.bottom - 14 };
  return { left, bottom: window.innerHeight - anchor.top + 6, maxHeight: anchor.top - 14 };
}

const toggle = <T,>(list: readonly T[], value: T, on: boolean): T[] => (on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value));

/**
 * A small panel beside a shift: what it is, edit and remove, copy it to other days and staff
 * (checkboxes, one action), and repeat it weekly for a number of weeks or up to a day. Each
 * action says what it will do before it is pressed. Escape or a click outside closes it; focus
 * returns to the shift.
 */
export function ShiftPopover({ open, anchor, title, detail, onClose, onEdit, onRemove, copy, repeat, busy = false, error }: ShiftPopoverProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-40">
      <div className="fixed inset-0" aria-hidden="true" />
      {open ? <Panel {...{ anchor, title, detail, onClose, onEdit, onRemove, copy, repeat, busy, error }} /> : null}
    </Dialog>
  );
}

function Panel({ anchor, title, detail, onClose, onEdit, onRemove, copy, repeat, busy, error }: Omit<ShiftPopoverProps, 'open'>) {
  const [days, setDays] = useState<string[]>(copy ? [copy.day] : []);
  const [staff, setStaff] = useState<number[]>(copy ? [copy.staffId] : []);
  const [how, setHow] = useState<'weeks' | 'until'>('weeks');
  const [weeks, setWeeks] = useState('4');
  const [until, setUntil] = useState('');
  const ids = useId();
  const choice: RepeatChoice | null = how === 'weeks' ? (/^\d{1,3}$/.test(weeks) && Number(weeks) > 0 ? { weeks: Number(weeks) } : null) : until ? { until } : null;
  const copyPreview = copy?.preview(days, staff);
  const repeatPreview = repeat && choice ? repeat.preview(choice) : null;
  return (
    <DialogPanel
      className="fixed z-50 flex w-[21rem] max-w-[calc(100vw-1rem)] flex-col overflow-y-auto rounded-xl bg-white p-4 text-sm shadow-xl ring-1 ring-slate-900/10"
      style={placeBy(anchor)}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <DialogTitle className="font-semibold text-slate-900">{title}</DialogTitle>
          <p className="text-slate-600 tabular-nums">{detail}</p>
        </div>
        <CloseButton label="Close" size="sm" onClick={onClose} />
      </div>
      {onEdit || onRemove ? (
        <div className="mt-3 flex gap-2">
          {onEdit ? (
            <Button size="sm" variant="secondary" onClick={onEdit}>
              Edit shift…
            </Button>
          ) : null}
          {onRemove ? (
            <Button size="sm" variant="secondary" onClick={onRemove}>
              Remove…
            </Button>
          ) : null}
        </div>
      ) : null}

      {copy ? (
        <section aria-labelledby={`${ids}-copy`} className="mt-4 border-t border-slate-200 pt-3">
          <h3 id={`${ids}-copy`} className="font-semibold text-slate-900">
            Copy to
          </h3>
          <fieldset className="mt-2">
            <legend className="text-xs font-medium text-slate-600">Days</legend>
            <div className="mt-1 grid grid-cols-7 gap-1">
              {copy.days.map((d) => (
                <label
                  key={d.key}
                  className={cx(
                    'relative flex cursor-pointer flex-col items-center rounded-md px-0.5 py-1 text-[11px] leading-tight ring-1 has-focus-visible:outline-2 has-focus-visible:outline-brand-600',
                    days.includes(d.key) ? 'bg-brand-50 text-brand-900 ring-brand-300' : 'text-slate-700 ring-slate-200 hover:bg-slate-50',
                  )}
                >
                  {/* The chip is the checkbox: a real one spread over it, transparent. */}
                  <input type="checkbox" className="absolute inset-0 cursor-pointer opacity-0" checked={days.includes(d.key)} onChange={(e) => setDays((l) => toggle(l, d.key, e.target.checked))} />
                  {d.label}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="mt-2">
            <legend className="text-xs font-medium text-slate-600">Staff</legend>
            <div className="mt-1 max-h-32 overflow-y-auto rounded-md ring-1 ring-slate-200">
              {copy.staff.map((s) => (
                <label key={s.id} className="flex cursor-pointer items-center gap-2 px-2 py-1 hover:bg-slate-50">
                  <input type="checkbox" className="size-4 accent-brand-600" checked={staff.includes(s.id)} onChange={(e) => setStaff((l) => toggle(l, s.id, e.target.checked))} />
                  <span className="truncate">{s.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <p className="mt-2 text-xs text-slate-600" aria-live="polite">
            {copyPreview?.text}
          </p>
          <Button className="mt-2" size="sm" disabled={!copyPreview || copyPreview.count === 0 || busy} loading={busy} onClick={() => copy.onCopy(days, staff)}>
            {copyPreview && copyPreview.count > 0 ? `Copy ${copyPreview.count} ${copyPreview.count === 1 ? 'shift' : 'shifts'}` : 'Copy'}
          </Button>
        </section>
      ) : null}

      {repeat ? (
        <section aria-labelledby={`${ids}-repeat`} className="mt-4 border-t border-slate-200 pt-3">
          <h3 id={`${ids}-repeat`} className="font-semibold text-slate-900">
            Repeat weekly
          </h3>
          <div className="mt-2 flex flex-col gap-2">
            <label className="flex items-center gap-2">
              <input type="radio" name={`${ids}-how`} className="accent-brand-600" checked={how === 'weeks'} onChange={() => setHow('weeks')} />
              For
              <input
                type="number"
                min={1}
                max={52}
                aria-label="Weeks"
                value={weeks}
                onFocus={() => setHow('weeks')}
                onChange={(e) => setWeeks(e.target.value)}
                className="h-8 w-16 rounded-md border border-slate-300 px-2 tabular-nums"
              />
              weeks
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name={`${ids}-how`} className="accent-brand-600" checked={how === 'until'} onChange={() => setHow('until')} />
              Until
              <input
                type="date"
                aria-label="Last day"
                min={repeat.min}
                value={until}
                onFocus={() => setHow('until')}
                onChange={(e) => setUntil(e.target.value)}
                className="h-8 rounded-md border border-slate-300 px-2"
              />
            </label>
          </div>
          <p className="mt-2 text-xs text-slate-600" aria-live="polite">
            {repeatPreview?.text ?? (how === 'weeks' ? 'Say for how many weeks (1 to 52).' : 'Choose the last day.')}
          </p>
          <Button
            className="mt-2"
            size="sm"
            disabled={!choice || !repeatPreview || repeatPreview.count === 0 || busy}
            loading={busy}
            onClick={() => choice && repeat.onRepeat(choice)}
          >
            Repeat
          </Button>
        </section>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </DialogPanel>
  );
}

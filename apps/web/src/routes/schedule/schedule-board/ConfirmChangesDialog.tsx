import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Spinner } from '../../../ui/Spinner';
import type { WeekLine } from './scheduleView';

export interface ConfirmChangesDialogProps {
  open: boolean;
  title: string;
  /** What the action does, in a sentence. */
  description: string;
  /** The weeks that change (`weekLines`); null while the summary loads. */
  weeks: readonly WeekLine[] | null;
  /** The totals (`7 drafts in 2 weeks`), or what is said when nothing would change. */
  total: string | null;
  /** Nothing would change: the action is not offered. */
  empty: boolean;
  /** The summary could not be made, or the action was refused (a stale summary). */
  error: string | null;
  confirmLabel: string;
  cancelLabel: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Confirms a bulk schedule action with what it will change, week by week, as the server will do
 * it: weeks that are not on screen are named so. The action is only offered once the summary is
 * there; nothing changes until it is confirmed.
 */
export function ConfirmChangesDialog({ open, title, description, weeks, total, empty, error, confirmLabel, cancelLabel, loading, onConfirm, onClose }: ConfirmChangesDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      first="cancel"
      tone="primary"
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      pending={loading}
      confirmDisabled={weeks === null || empty}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {weeks === null && !error ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> Counting what changes…
        </p>
      ) : null}
      {weeks !== null && weeks.length > 0 ? (
        // Focusable: a long list scrolls, and the keyboard must reach all of it.
        <ul aria-label="What changes" tabIndex={0} className="max-h-72 space-y-1.5 overflow-y-auto rounded-lg text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600">
          {weeks.map((w) => (
            <li key={w.key} className="flex flex-col gap-0.5 rounded-lg bg-slate-50 px-3 py-2">
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-medium whitespace-nowrap">{w.label}</span>
                {w.offScreen ? <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900">not on screen</span> : null}
              </span>
              <span className="text-slate-600">{w.detail}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {total ? <p className="mt-3 text-sm font-medium text-slate-900">{total}</p> : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

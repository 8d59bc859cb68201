import { AppointmentFlagBadge } from './AppointmentFlagBadge';
import { cx } from '../../../ui/cx';

export interface AppointmentsListItem {
  id: number;
  /** When, as read in the list: `10:00–11:30`, or `Tue Mar 10 · 10:00–11:30` over a week. */
  when: string;
  title: string;
  detail: string | null;
  status: string;
  cancelled: boolean;
  flag: { label: string; message: string } | null;
}

export interface AppointmentsListGroup {
  id: number;
  name: string;
  color: string | null;
  /** What their shifts are (`10:00–18:00`, `No shift`, `5 shifts`). */
  shiftLabel: string;
  items: readonly AppointmentsListItem[];
}

export interface AppointmentsListProps {
  label: string;
  groups: readonly AppointmentsListGroup[];
  className?: string;
}

const FALLBACK_COLOR = '#94A3B8';

/**
 * Appointments as a list by staff member (the view on a phone): each staff member with their
 * shift, then their appointments in order; a flagged one says why, in words and with an icon.
 */
export function AppointmentsList({ label, groups, className }: AppointmentsListProps) {
  return (
    <div className={cx('space-y-4', className)} role="region" aria-label={label}>
      {groups.map((g) => (
        <section key={g.id} aria-labelledby={`appointments-list-${g.id}`} className="rounded-xl bg-white ring-1 ring-slate-200">
          <header className="flex items-center justify-between gap-2 border-b border-slate-100 px-3 py-2">
            <h3 id={`appointments-list-${g.id}`} className="flex min-w-0 items-center gap-2 text-sm font-semibold text-slate-900">
              <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full ring-1 ring-slate-900/10" style={{ backgroundColor: g.color ?? FALLBACK_COLOR }} />
              <span className="truncate">{g.name}</span>
            </h3>
            <span className="shrink-0 text-xs text-slate-600 tabular-nums">{g.shiftLabel}</span>
          </header>
          {g.items.length === 0 ? (
            <p className="px-3 py-2 text-sm text-slate-500">No appointments.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {g.items.map((a) => (
                <li key={a.id} className={cx('flex flex-col gap-0.5 px-3 py-2 text-sm', a.flag && 'bg-red-50/60')}>
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium text-slate-900 tabular-nums">{a.when}</span>
                    <span className="text-xs text-slate-600">{a.status}</span>
                  </span>
                  <span className={cx('text-slate-800', a.cancelled && 'line-through opacity-70')}>
                    {a.title}
                    {a.detail ? <span className="text-slate-600"> · {a.detail}</span> : null}
                  </span>
                  {a.flag ? <AppointmentFlagBadge label={a.flag.label} message={a.flag.message} className="self-start" /> : null}
                  {a.flag ? <span className="text-xs text-red-800">{a.flag.message}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

import { WarningIcon } from './AppointmentFlagBadge';
import { cx } from '../../../ui/cx';
import { type GridSpan, spanPercent } from '../../../components/ScheduleGrid/scheduleGridMath';

export interface WeekGridDay {
  /** `YYYY-MM-DD`. */
  key: string;
  /** `Mon`. */
  label: string;
  /** `Mar 9`. */
  sublabel: string;
  /** A holiday's name: the column says so. */
  holiday?: string | null;
  today?: boolean;
}

export interface WeekGridRow {
  id: number;
  name: string;
  color: string | null;
}

/** One staff member's day. */
export interface WeekGridCell {
  /** Published shifts, minutes since midnight. */
  shifts: readonly { start: number; end: number }[];
  /** `10–18`, `Off`. */
  shiftLabel: string;
  /** The appointments, for the strip: where they sit and whether they are flagged. */
  appointments: readonly { id: number; start: number; end: number; flagged: boolean }[];
  flagged: number;
}

export interface AppointmentsWeekGridProps {
  label: string;
  days: readonly WeekGridDay[];
  rows: readonly WeekGridRow[];
  /** By `${rowId}|${day}`; a missing cell is a day off without appointments. */
  cells: ReadonlyMap<string, WeekGridCell>;
  span: GridSpan;
  /** A cell chosen: open that day. */
  onOpenDay: (day: string, rowId: number) => void;
}

const FALLBACK_COLOR = '#94A3B8';
const EMPTY: WeekGridCell = { shifts: [], shiftLabel: 'Off', appointments: [], flagged: 0 };

export const weekCellKey = (rowId: number, day: string) => `${rowId}|${day}`;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A week of appointments, per staff member per day: each cell says the shift, how many
 * appointments and how many are flagged (icon and number, in words for screen readers), and
 * draws the day on a strip (the scheduler's grid math): the shift as a band, each appointment as a
 * tick, flagged ones red and taller. Each cell is a button that opens the day.
 */
export function AppointmentsWeekGrid({ label, days, rows, cells, span, onOpenDay }: AppointmentsWeekGridProps) {
  return (
    <div className="overflow-auto rounded-xl bg-white ring-1 ring-slate-200" data-testid="appointments-week-grid">
      <table className="w-full min-w-max border-separate border-spacing-0 text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="text-xs text-slate-600">
          <tr>
            <th scope="col" className="sticky top-0 left-0 z-20 border-b border-slate-200 bg-white px-3 py-2 font-semibold">
              Staff
            </th>
            {days.map((d) => (
              <th key={d.key} scope="col" className={cx('sticky top-0 z-10 min-w-28 border-b border-l border-slate-200 px-2 py-1.5', d.holiday ? 'bg-amber-50' : d.today ? 'bg-brand-50' : 'bg-white')}>
                <span className={cx('font-semibold', d.today ? 'text-brand-800' : 'text-slate-800')}>{d.label}</span> <span>{d.sublabel}</span>
                {d.holiday ? (
                  <span className="block truncate font-medium text-amber-900" title={d.holiday}>
                    Holiday: {d.holiday}
                  </span>
                ) : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const color = row.color ?? FALLBACK_COLOR;
            return (
              <tr key={row.id}>
                <th scope="row" className="sticky left-0 z-10 border-b border-slate-100 bg-white px-3 py-2 font-medium text-slate-800">
                  <span className="flex items-center gap-2">
                    <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full ring-1 ring-slate-900/10" style={{ backgroundColor: color }} />
                    <span className="truncate">{row.name}</span>
                  </span>
                </th>
                {days.map((d) => {
                  const cell = cells.get(weekCellKey(row.id, d.key)) ?? EMPTY;
                  const total = cell.appointments.length;
                  const name = `${row.name}, ${d.label} ${d.sublabel}: ${cell.shifts.length > 0 ? `shift ${cell.shiftLabel}` : 'no shift'}, ${count(total, 'appointment', 'appointments')}${cell.flagged > 0 ? `, ${cell.flagged} flagged` : ''}. Open the day.`;
                  return (
                    <td key={d.key} className="border-b border-l border-slate-100 p-1 align-top">
                      <button
                        type="button"
                        aria-label={name}
                        data-flagged={cell.flagged > 0 ? '' : undefined}
                        onClick={() => onOpenDay(d.key, row.id)}
                        className={cx(
                          'flex w-full flex-col gap-1 rounded-md px-1.5 py-1 text-left text-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600',
                          cell.flagged > 0 && 'ring-1 ring-red-600/40',
                        )}
                      >
                        <span className="flex items-center justify-between gap-1 tabular-nums">
                          <span className={cell.shifts.length > 0 ? 'text-slate-700' : 'text-slate-500'}>{cell.shiftLabel}</span>
                          <span className="font-medium text-slate-800">{total > 0 ? count(total, 'appt', 'appts') : ''}</span>
                        </span>
                        <span aria-hidden="true" className="relative block h-4 rounded-sm bg-slate-100">
                          {cell.shifts.map((s) => (
                            <span
                              key={`${s.start}-${s.end}`}
                              className="absolute inset-y-0 rounded-sm"
                              style={{ left: spanPercent(s.start, span), width: `calc(${spanPercent(s.end, span)} - ${spanPercent(s.start, span)})`, backgroundColor: `${color}66` }}
                            />
                          ))}
                          {cell.appointments.map((a) => (
                            <span
                              key={a.id}
                              data-tick={a.flagged ? 'flagged' : ''}
                              className={cx('absolute rounded-[1px]', a.flagged ? '-inset-y-0.5 bg-red-600' : 'inset-y-1 bg-slate-700')}
                              style={{ left: spanPercent(a.start, span), width: `max(3px, calc(${spanPercent(a.end, span)} - ${spanPercent(a.start, span)}))` }}
                            />
                          ))}
                        </span>
                        {cell.flagged > 0 ? (
                          <span className="flex items-center gap-1 font-semibold text-red-800">
                            <WarningIcon className="size-3.5" />
                            {cell.flagged} flagged
                          </span>
                        ) : null}
                      </button>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

import { type CSSProperties, type KeyboardEvent, useId, useMemo, useRef } from 'react';
import { AppointmentFlagBadge } from './AppointmentFlagBadge';
import { cx } from '../../../ui/cx';
import { closedShade, type GridSpan, hhmm, hourMarks, overlapLanes, spanPercent } from '../../../components/ScheduleGrid/scheduleGridMath';

/** A staff member's column of the day. */
export interface DayGridColumn {
  id: number;
  name: string;
  /** Their `schedulerColor`. */
  color: string | null;
  /** Their published shifts of the day, minutes since midnight (drawn behind the appointments). */
  shifts: readonly { start: number; end: number }[];
  /** What the heading says of them: `10:00–18:00`, `No shift`. */
  shiftLabel: string;
}

/** An appointment placed on the day's time axis. */
export interface DayGridItem {
  id: number;
  columnId: number;
  /** Minutes since midnight, wall clock. */
  start: number;
  end: number;
  /** `10:00–11:30`. */
  time: string;
  /** The customer. */
  title: string;
  /** The service. */
  detail: string | null;
  /** The status as shown (`Booked`). */
  status: string;
  /** Cancelled: drawn faint and struck through. */
  cancelled: boolean;
  /** Why it is flagged, or null. */
  flag: { label: string; message: string } | null;
}

export interface AppointmentsDayGridProps {
  /** What the grid is, for screen readers ("Appointments on Mon, Mar 9, 2026"). */
  label: string;
  columns: readonly DayGridColumn[];
  items: readonly DayGridItem[];
  span: GridSpan;
  /** The day's store hours: the time outside them is shaded. */
  hours?: { open: number; close: number } | null;
  selectedId?: number | null;
  /** An appointment clicked, or chosen with Enter or Space. */
  onSelect?: (id: number) => void;
}

const FALLBACK_COLOR = '#94A3B8';
/** Pixels per hour of the axis. */
const HOUR_HEIGHT = 96;

type Move = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End';

/**
 * Where an arrow key goes from an appointment: up and down to the one before or after it in its
 * column, left and right to the nearest in time in the next column that has any, Home and End to
 * the first and last of its column. Null when there is nowhere to go.
 */
export function nextAppointment(columnIds: readonly number[], items: readonly Pick<DayGridItem, 'id' | 'columnId' | 'start'>[], currentId: number, key: string): number | null {
  const current = items.find((i) => i.id === currentId);
  if (!current) return null;
  const inColumn = (columnId: number) => items.filter((i) => i.columnId === columnId).sort((a, b) => a.start - b.start || a.id - b.id);
  const own = inColumn(current.columnId);
  const at = own.findIndex((i) => i.id === currentId);
  switch (key as Move) {
    case 'ArrowUp':
      return own[at - 1]?.id ?? null;
    case 'ArrowDown':
      return own[at + 1]?.id ?? null;
    case 'Home':
      return own[0]?.id ?? null;
    case 'End':
      return own.at(-1)?.id ?? null;
    case 'ArrowLeft':
    case 'ArrowRight': {
      const step = key === 'ArrowRight' ? 1 : -1;
      for (let c = columnIds.indexOf(current.columnId) + step; c >= 0 && c < columnIds.length; c += step) {
        const list = inColumn(columnIds[c] as number);
        if (list.length === 0) continue;
        return list.reduce((best, i) => (Math.abs(i.start - current.start) < Math.abs(best.start - current.start) ? i : best)).id;
      }
      return null;
    }
    default:
      return null;
  }
}

/**
 * A day of appointments by staff member: one column each, a time axis down the side (the
 * scheduler's grid math), each staff member's published shifts drawn behind their appointments,
 * and the appointments as blocks at their times (side by side where they overlap). A flagged one
 * carries a warning icon and its reason in words. Every appointment is a button with its whole
 * story in its name; Tab goes through them, arrow keys move between them (`nextAppointment`).
 */
export function AppointmentsDayGrid({ label, columns, items, span, hours, selectedId = null, onSelect }: AppointmentsDayGridProps) {
  const helpId = useId();
  const root = useRef<HTMLDivElement>(null);
  const height = ((span.close - span.open) / 60) * HOUR_HEIGHT;
  const marks = hourMarks(span);
  const byColumn = useMemo(() => {
    const map = new Map<number, DayGridItem[]>();
    for (const item of [...items].sort((a, b) => a.start - b.start || a.id - b.id)) {
      const list = map.get(item.columnId);
      if (list) list.push(item);
      else map.set(item.columnId, [item]);
    }
    return map;
  }, [items]);
  const columnIds = useMemo(() => columns.map((c) => c.id), [columns]);
  const shade = closedShade(hours, span)?.replace('to right', 'to bottom');
  const lines: CSSProperties = {
    backgroundImage: [`repeating-linear-gradient(to bottom, rgb(226 232 240) 0 1px, transparent 1px ${HOUR_HEIGHT}px)`, shade].filter(Boolean).join(', '),
    backgroundPositionY: `${(((Math.ceil(span.open / 60) * 60 - span.open) / 60) * HOUR_HEIGHT).toFixed(2)}px, 0`,
  };
  const template = `3.5rem repeat(${Math.max(columns.length, 1)}, minmax(9rem, 1fr))`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>('[data-appointment-id]');
    if (!button || event.altKey || event.ctrlKey || event.metaKey) return;
    const next = nextAppointment(columnIds, items, Number(button.dataset.appointmentId), event.key);
    if (next === null) return;
    event.preventDefault();
    root.current?.querySelector<HTMLElement>(`[data-appointment-id="${next}"]`)?.focus();
  };

  return (
    <div ref={root} className="max-h-[calc(100dvh-14rem)] min-h-64 overflow-auto rounded-xl bg-white ring-1 ring-slate-200" onKeyDown={onKeyDown} data-testid="appointments-day-grid">
      <p id={helpId} className="sr-only">
        Up and down arrows move to the appointment before or after in the same column; left and right arrows to the nearest one of the next staff member.
      </p>
      <div role="group" aria-label={label} className="min-w-max" style={{ display: 'grid', gridTemplateColumns: template }}>
        <div className="sticky top-0 left-0 z-30 border-b border-slate-200 bg-white" />
        {columns.map((c) => (
          <div key={c.id} className="sticky top-0 z-20 min-w-0 border-b border-l border-slate-200 bg-white px-2 py-1.5">
            <div className="flex items-center gap-1.5">
              <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full ring-1 ring-slate-900/10" style={{ backgroundColor: c.color ?? FALLBACK_COLOR }} />
              <span className="truncate text-sm font-semibold text-slate-800" title={c.name}>
                {c.name}
              </span>
            </div>
            <div className="truncate text-xs text-slate-600 tabular-nums" data-testid="column-shift">
              {c.shiftLabel}
            </div>
          </div>
        ))}

        <div aria-hidden="true" className="sticky left-0 z-10 bg-white" style={{ height }}>
          {marks.map((m) => (
            <span key={m} className={cx('absolute right-1.5 text-[0.6875rem] text-slate-500 tabular-nums', m === span.open ? 'translate-y-0.5' : m === span.close ? '-translate-y-full' : '-translate-y-1/2')} style={{ top: spanPercent(m, span) }}>
              {hhmm(m)}
            </span>
          ))}
        </div>
        {columns.map((c) => {
          const list = byColumn.get(c.id) ?? [];
          const lanes = overlapLanes(list);
          const color = c.color ?? FALLBACK_COLOR;
          return (
            <div key={c.id} className="relative border-l border-slate-200" style={{ height, ...lines }} data-column-id={c.id}>
              {c.shifts.map((s) => (
                <div
                  key={`${s.start}-${s.end}`}
                  aria-hidden="true"
                  data-shift=""
                  title={`Shift ${hhmm(s.start)}–${hhmm(s.end)}`}
                  className="absolute inset-x-0 border-l-4"
                  style={{ top: spanPercent(s.start, span), height: `calc(${spanPercent(s.end, span)} - ${spanPercent(s.start, span)})`, borderColor: color, backgroundColor: `${color}2E` }}
                />
              ))}
              <ul aria-label={`${c.name}: ${list.length === 1 ? '1 appointment' : `${list.length} appointments`}`} className="absolute inset-0">
                {list.map((item) => {
                  const lane = lanes.get(item.id) ?? { lane: 0, lanes: 1 };
                  const selected = item.id === selectedId;
                  const name = `${item.time}, ${item.title}${item.detail ? `, ${item.detail}` : ''}, with ${c.name}, ${item.status}${item.flag ? `. Flagged: ${item.flag.message}` : ''}`;
                  return (
                    <li
                      key={item.id}
                      className="absolute px-0.5"
                      style={{
                        top: spanPercent(item.start, span),
                        height: `max(1.5rem, calc(${spanPercent(Math.max(item.end, item.start), span)} - ${spanPercent(item.start, span)}))`,
                        left: `${(lane.lane / lane.lanes) * 100}%`,
                        width: `${100 / lane.lanes}%`,
                      }}
                    >
                      <button
                        type="button"
                        data-appointment-id={item.id}
                        data-flagged={item.flag ? '' : undefined}
                        aria-label={name}
                        aria-describedby={helpId}
                        aria-pressed={onSelect ? selected : undefined}
                        onClick={() => onSelect?.(item.id)}
                        className={cx(
                          'flex size-full flex-col overflow-hidden rounded-md px-1.5 py-1 text-left text-xs shadow-sm ring-1 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
                          item.flag ? 'bg-white ring-2 ring-red-600' : 'bg-white ring-slate-300',
                          item.cancelled && 'opacity-60',
                          selected && 'outline-2 outline-brand-600',
                        )}
                        style={item.flag ? { backgroundImage: 'repeating-linear-gradient(135deg, rgb(254 242 242) 0 6px, white 6px 12px)' } : { borderLeft: `4px solid ${color}` }}
                      >
                        <span className="font-semibold text-slate-900 tabular-nums">{item.time}</span>
                        <span className={cx('truncate text-slate-800', item.cancelled && 'line-through')}>{item.title}</span>
                        {item.detail ? <span className="truncate text-slate-600">{item.detail}</span> : null}
                        {item.flag ? <AppointmentFlagBadge compact label={item.flag.label} className="mt-0.5 self-start" /> : null}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      </div>
    </div>
  );
}

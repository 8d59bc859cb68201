import { type KeyboardEvent, type MouseEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { buttonClasses } from './Button';
import { type ChartAxis, chartOption, chartSummary, type ChartData, type ChartSeries, DAY_AXIS, dayAtPoint, stepDay } from './chartOption';
import { cx } from './cx';
import { FigureLabel } from './FigureLabel';

export type { ChartAxis, ChartMeasure, ChartSeries } from './chartOption';

type Engine = typeof import('./chartEngine');
type Instance = ReturnType<Engine['init']>;

export interface ChartProps {
  /** What the chart shows: its accessible name and the caption of its table ("Net sales, last 30 days"). */
  title: string;
  /** The days on the horizontal axis (`YYYY-MM-DD`), oldest first. */
  days: readonly string[];
  /** One or more series of one value per day; a legend appears when there are several. */
  series: readonly (ChartSeries & { meaning?: string })[];
  /** A day as the axis names it (`Mar 1`) and in full (`Sat, Mar 1, 2025`). */
  formatDay: (day: string) => string;
  formatDayLong: (day: string) => string;
  /** Drill-down: opens a day (a click in its column, Enter on it, its link in the table). */
  onOpenDay?: (day: string) => void;
  /** Where a day's link in the table goes (so it opens in a new tab too); with `onOpenDay`. */
  dayHref?: (day: string) => string;
  /** Height of the drawing in pixels; the width follows the container. */
  height?: number;
  /** How ECharts is loaded (tests pass their own); by default on demand, in a chunk of its own. */
  loadEngine?: () => Promise<Engine>;
  /** What the points along the axis are, when not days (staff members, services): `days` then holds their keys. */
  axis?: ChartAxis;
}

const loadChartEngine = (): Promise<Engine> => import('./chartEngine');

/**
 * The one chart of the dashboard, on ECharts (loaded only when a chart is shown): days across,
 * formatted values up the side, a tooltip with the day's values in full, a legend when there are
 * several series, and each series named under the drawing with its meaning. It follows its
 * container's width. Drill-down: a click anywhere in a day's column, or Enter on the day chosen
 * with the arrow keys, calls `onOpenDay`. Screen readers hear a summary (totals and best days),
 * the day under the keyboard as it moves, and can read every value in a table — hidden, or shown
 * for everyone with "Show values", where each day is a link.
 */
export function Chart({ title, days, series, formatDay, formatDayLong, onOpenDay, dayHref, height = 256, loadEngine = loadChartEngine, axis = DAY_AXIS }: ChartProps) {
  const id = useId();
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<Instance | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [active, setActive] = useState<number | null>(null);
  const [tableShown, setTableShown] = useState(false);
  const data: ChartData = { days, series, formatDay, formatDayLong, axis };
  const summary = chartSummary(title, data);
  // The drawing changes when the figures do, not each time the screen renders new arrays.
  const signature = JSON.stringify([days, series.map((s) => [s.key, s.name, s.kind, s.measure.unit, s.values]), axis.label]);
  // The latest data and callbacks, for the handlers ECharts keeps.
  const latest = useRef({ data, onOpenDay });
  latest.current = { data, onOpenDay };
  const empty = days.length === 0;

  useEffect(() => {
    if (empty) return;
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    loadEngine().then(
      (engine) => {
        if (cancelled || !host.current) return;
        const instance = engine.init(host.current, undefined, { renderer: 'svg' });
        chart.current = instance;
        const zr = instance.getZr();
        zr.on('click', (event: { offsetX: number; offsetY: number }) => {
          const open = latest.current.onOpenDay;
          const day = open ? dayAtPoint(instance, latest.current.data.days, [event.offsetX, event.offsetY]) : null;
          if (open && day) open(day);
        });
        zr.on('mousemove', (event: { offsetX: number; offsetY: number }) => {
          const over = latest.current.onOpenDay !== undefined && instance.containPixel({ gridIndex: 0 }, [event.offsetX, event.offsetY]);
          zr.setCursorStyle(over ? 'pointer' : 'default');
        });
        observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => instance.resize());
        observer?.observe(host.current);
        setState('ready');
      },
      () => {
        if (!cancelled) setState('failed');
      },
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
      // A new instance (the figures back after an empty range) is drawn once it is ready again.
      setState('loading');
    };
  }, [empty, loadEngine]);

  const option = useMemo(
    () => chartOption(latest.current.data, { reducedMotion: typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the signature stands for the data
    [signature],
  );
  useEffect(() => {
    const instance = chart.current;
    if (state !== 'ready' || !instance) return;
    try {
      instance.setOption(option, { notMerge: true });
    } catch {
      // ECharts can fail to swap one kind of series for another in place (a bar chart made a line
      // one, in the question editor): the same option drawn on a cleared instance holds.
      instance.clear();
      instance.setOption(option, { notMerge: true });
    }
  }, [state, option]);

  const show = (index: number | null) => {
    const instance = chart.current;
    if (!instance) return;
    instance.dispatchAction({ type: 'downplay' });
    if (index === null) return void instance.dispatchAction({ type: 'hideTip' });
    instance.dispatchAction({ type: 'highlight', seriesIndex: series.map((_, i) => i), dataIndex: index });
    instance.dispatchAction({ type: 'showTip', seriesIndex: 0, dataIndex: index });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.key === 'Enter' || event.key === ' ') && active !== null && onOpenDay) {
      const day = days[active];
      if (day === undefined) return;
      event.preventDefault();
      onOpenDay(day);
      return;
    }
    const next = stepDay(days.length, active, event.key);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    show(next);
  };
  const activeDay = active === null ? undefined : days[active];
  const announcement =
    activeDay === undefined
      ? ''
      : `${formatDayLong(activeDay)}: ${series.map((s) => `${s.name} ${s.measure.format(s.values[active as number] ?? 0)}`).join(', ')}.${onOpenDay ? ' Enter opens its tickets.' : ''}`;
  const openFromLink = (event: MouseEvent<HTMLAnchorElement>, day: string) => {
    if (!onOpenDay || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpenDay(day);
  };

  if (empty) {
    return <p className="mt-4 rounded-xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-600">{title}: no {axis.many} to show.</p>;
  }

  return (
    <figure className="m-0 mt-3">
      <div
        tabIndex={0}
        role="group"
        aria-roledescription="chart"
        aria-label={summary}
        aria-describedby={`${id}-keys`}
        onKeyDown={onKeyDown}
        onBlur={() => show(null)}
        onFocus={() => show(active)}
        className="relative rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        style={{ height }}
        data-chart-state={state}
      >
        {/* ECharts draws here (SVG); what it draws is told by the summary, the live line and the table. */}
        <div ref={host} aria-hidden="true" className="absolute inset-0" />
        {state === 'loading' ? <span aria-hidden="true" className="absolute inset-0 animate-pulse rounded-md bg-slate-100" /> : null}
        {state === 'failed' ? (
          <p className="absolute inset-0 flex items-center justify-center px-4 text-center text-sm text-slate-600">The chart could not be drawn. Its values are in the table below.</p>
        ) : null}
      </div>
      <p id={`${id}-keys`} className="sr-only">
        {onOpenDay ? `Left and right arrow keys move between ${axis.many}; Enter opens the tickets of the ${axis.one}.` : `Left and right arrow keys move between ${axis.many}.`}
      </p>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <figcaption className="mt-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-xs text-slate-600">
        <span className="flex flex-wrap gap-x-4">
          {series.map((s) => (
            <span key={s.key}>
              {s.kind === 'bar' ? 'Each bar' : s.kind === 'pie' ? 'Each slice' : 'The line'}:{' '}
              {s.meaning ? <FigureLabel label={s.name} meaning={s.meaning} /> : s.name} of one {axis.one}
            </span>
          ))}
        </span>
        <button
          type="button"
          aria-expanded={tableShown || state === 'failed'}
          aria-controls={`${id}-table`}
          disabled={state === 'failed'}
          onClick={() => setTableShown(!tableShown)}
          className={buttonClasses({ variant: 'ghost', size: 'sm' })}
        >
          {tableShown || state === 'failed' ? 'Hide values' : 'Show values'}
        </button>
      </figcaption>
      {/* Hidden, the table is still read by screen readers (a table grows to its rows: the wrapper hides it). */}
      <div id={`${id}-table`} className={tableShown || state === 'failed' ? 'mt-3 max-h-80 overflow-auto rounded-lg ring-1 ring-slate-200' : 'sr-only'}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {axis.label}
              </th>
              {series.map((s) => (
                <th key={s.key} scope="col" className="px-3 py-2 text-right font-medium">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day, i) => (
              <tr key={day} className="border-t border-slate-100">
                <th scope="row" className="px-3 py-1.5 font-normal">
                  {/* A link only when the table is shown: hidden, a focusable link would take the keyboard nowhere visible. */}
                  {dayHref && onOpenDay && (tableShown || state === 'failed') ? (
                    <a href={dayHref(day)} onClick={(e) => openFromLink(e, day)} className="font-medium text-brand-700 hover:underline">
                      {formatDayLong(day)}
                    </a>
                  ) : (
                    formatDayLong(day)
                  )}
                </th>
                {series.map((s) => (
                  <td key={s.key} className={cx('px-3 py-1.5 text-right tabular-nums', active === i && 'font-semibold')}>
                    {s.measure.format(s.values[i] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

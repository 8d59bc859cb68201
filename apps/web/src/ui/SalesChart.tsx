import { FigureLabel } from './FigureLabel';

export interface SalesChartPoint {
  /** `YYYY-MM-DD` */
  day: string;
  value: number;
}

export interface SalesChartProps {
  points: readonly SalesChartPoint[];
  /** The figure each bar shows, with its meaning: named under the chart. */
  figure?: { label: string; meaning: string };
  /** What the chart shows, for its accessible name: "Net sales, last 30 days". */
  title: string;
  /** Formats a value for the labels and the table read by screen readers. */
  format: (value: number) => string;
  height?: number;
}

/**
 * A bar chart in plain SVG (no chart library: one series of at most ~90 bars needs none, and it
 * costs the dashboard nothing to load). The bars scale to the largest value; the newest day is
 * highlighted; a visually hidden table gives screen readers every figure.
 */
export function SalesChart({ points, figure, title, format, height = 160 }: SalesChartProps) {
  const width = 600;
  const max = Math.max(1, ...points.map((p) => p.value));
  const gap = 2;
  const barWidth = points.length > 0 ? width / points.length - gap : 0;
  const total = points.reduce((s, p) => s + p.value, 0);
  const best = points.reduce<SalesChartPoint | null>((b, p) => (b === null || p.value > b.value ? p : b), null);
  return (
    <figure className="m-0">
      <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className="h-40 w-full" role="img" aria-label={`${title}: total ${format(total)}${best ? `, best day ${best.day} with ${format(best.value)}` : ''}`}>
        <line x1="0" x2={width} y1={height - 0.5} y2={height - 0.5} stroke="#e2e8f0" />
        {points.map((p, i) => {
          const h = Math.max(0, (Math.max(0, p.value) / max) * (height - 8));
          return (
            <rect key={p.day} x={i * (barWidth + gap)} y={height - h} width={Math.max(1, barWidth)} height={h} rx="2" className={i === points.length - 1 ? 'fill-brand-600' : 'fill-brand-300'}>
              <title>{`${p.day}: ${format(p.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex flex-wrap justify-between gap-x-4 text-xs text-slate-500">
        <span>{points[0]?.day ?? ''}</span>
        {figure ? (
          <span>
            Each bar: <FigureLabel label={figure.label} meaning={figure.meaning} /> of one day
          </span>
        ) : null}
        <span>{points.at(-1)?.day ?? ''}</span>
      </figcaption>
      {/* A table grows to its rows whatever its height: the wrapper is what hides it. */}
      <div className="sr-only">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.day}>
              <td>{p.day}</td>
              <td>{format(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  );
}

import { createRoot } from 'react-dom/client';
import '../src/index.css';
import { type GridEntry, ScheduleGrid } from '../src/components/ScheduleGrid';

/**
 * The scheduler grid at 50 staff × 14 days with a full roster (about 600 shifts), or, with
 * `?baseline`, the same cells as a plain DOM table written in one `innerHTML` (no React): the
 * baseline measured in the same run. Reports `window.__bench` for `schedule-grid.mjs`.
 */
const STAFF = 50;
const DAYS = 14;
const columns = Array.from({ length: DAYS }, (_, i) => {
  const day = new Date(Date.UTC(2025, 5, 1 + i)).toISOString().slice(0, 10);
  return { key: day, label: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][i % 7] as string, sublabel: day.slice(5), holiday: i === 3 ? 'Holiday' : null };
});
const palette = ['#F87171', '#FB923C', '#FBBF24', '#A3E635', '#34D399', '#22D3EE', '#60A5FA', '#818CF8', '#C084FC', '#F472B6'];
const rows = Array.from({ length: STAFF }, (_, i) => ({ id: i + 1, name: `Staff member ${i + 1}`, color: palette[i % palette.length] as string }));
const entries: GridEntry[] = [];
let id = 1;
for (const row of rows) {
  columns.forEach((c, d) => {
    if ((row.id + d) % 7 < 2) return; // two days off a week
    const start = 540 + ((row.id + d) % 5) * 60;
    entries.push({ id: id++, rowId: row.id, columnKey: c.key, start, end: start + 480, tone: d % 3 === 0 ? 'draft' : 'published' });
  });
}

const root = document.getElementById('root') as HTMLElement;
const baseline = new URLSearchParams(location.search).has('baseline');
const started = performance.now();

function done() {
  requestAnimationFrame(() =>
    setTimeout(() => {
      (window as unknown as { __bench: unknown }).__bench = { firstRender: performance.now() - started, entries: entries.length };
    }),
  );
}

if (baseline) {
  const cells = (r: (typeof rows)[number]) =>
    columns
      .map((c) => {
        const bars = entries
          .filter((e) => e.rowId === r.id && e.columnKey === c.key)
          .map((e) => `<button style="position:absolute;left:${((e.start - 420) / 900) * 100}%;width:${((e.end - e.start) / 900) * 100}%;top:6px;bottom:6px;background:${r.color}">${e.start}–${e.end}</button>`)
          .join('');
        return `<td style="position:relative;height:48px;min-width:120px">${bars}</td>`;
      })
      .join('');
  root.innerHTML = `<div data-testid="schedule-grid-scroller" style="max-height:600px;overflow:auto"><table><thead><tr><th>Staff</th>${columns.map((c) => `<th>${c.label} ${c.sublabel}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr><th>${r.name}</th>${cells(r)}</tr>`)
    .join('')}</tbody></table></div>`;
  done();
} else {
  createRoot(root).render(
    <div ref={(el) => el && done()} style={{ padding: 16 }}>
      <ScheduleGrid label="Benchmark" columns={columns} rows={rows} entries={entries} span={{ open: 420, close: 1320, snap: 15 }} editable onChange={() => undefined} onCreate={() => undefined} />
    </div>,
  );
}

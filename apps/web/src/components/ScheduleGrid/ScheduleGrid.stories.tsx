import type { Story } from '@ladle/react';
import { useState } from 'react';
import { type GridEntry, ScheduleGrid } from '.';

const columns = ['2025-06-01', '2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-06', '2025-06-07'].map((day, i) => ({
  key: day,
  label: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][i] as string,
  sublabel: `Jun ${i + 1}`,
  holiday: i === 4 ? 'Staff training' : null,
  today: i === 2,
  // Business Hours: closed Sunday (the schedule's 07:00–22:00 apply), Monday 10–18, the rest 09–19.
  hours: i === 0 ? { open: 420, close: 1320 } : i === 1 ? { open: 600, close: 1080 } : { open: 540, close: 1140 },
  hoursLabel: i === 0 ? 'Closed · 07:00–22:00' : i === 1 ? '10:00–18:00' : '09:00–19:00',
  hoursTitle: i === 0 ? "Closed in Business Hours; the schedule's store hours 07:00–22:00 apply" : 'From Business Hours',
  summary: `${[0, 8, 16, 9, 0, 0, 0][i]} h staffed`,
  summaryLabel: `Staffed hours ${[0, 8, 16, 9, 0, 0, 0][i]} h`,
}));
const summaries = new Map([
  [1, { text: '8 h', label: 'Scheduled hours 8 h' }],
  [2, { text: '8 h', label: 'Scheduled hours 8 h' }],
  [3, { text: '9 h', label: 'Scheduled hours 9 h' }],
]);
const rows = [
  { id: 1, name: 'Ava Bennett', color: '#F87171' },
  { id: 2, name: 'Noah Diaz', color: '#60A5FA' },
  { id: 3, name: 'Priya Patel', color: '#34D399' },
];
const span = { open: 420, close: 1320, snap: 15 };

export const Editable: Story = () => {
  const [entries, setEntries] = useState<GridEntry[]>([
    { id: 1, rowId: 1, columnKey: '2025-06-02', start: 540, end: 1020, tone: 'published' },
    { id: 2, rowId: 2, columnKey: '2025-06-02', start: 720, end: 1200, tone: 'draft' },
    { id: 3, rowId: 3, columnKey: '2025-06-03', start: 600, end: 1140, tone: 'published', badge: '↻3', badgeLabel: 'Every 3 weeks from 2025-06-01' },
    { id: 4, rowId: 1, columnKey: '2025-06-06', start: 600, end: 1080, tone: 'ghost' },
  ]);
  let next = 10;
  return (
    <ScheduleGrid
      label="Schedule"
      columns={columns}
      rows={rows}
      entries={entries}
      span={span}
      editable
      rowSummaries={summaries}
      // Drafts of one person must not overlap: a drag over another shows why and is refused.
      placeError={(p, id) =>
        entries.some((e) => e.id !== id && e.tone !== 'ghost' && e.rowId === p.rowId && e.columnKey === p.columnKey && e.start < p.end && p.start < e.end) ? 'Cannot Set Overlapping Schedules' : null
      }
      onRefuse={(message) => window.alert(message)}
      onChange={(id, place) => setEntries((list) => list.map((e) => (e.id === id ? { ...e, ...place } : e)))}
      onCreate={(p) => setEntries((list) => [...list, { id: next++, rowId: p.rowId, columnKey: p.columnKey, start: p.start ?? 600, end: p.end ?? 1140, tone: 'draft' }])}
      onDelete={(id) => setEntries((list) => list.filter((e) => e.id !== id))}
    />
  );
};

/** Tells which days are on screen as the grid scrolls (narrow the window to see it change). */
export const VisibleColumns: Story = () => {
  const [shown, setShown] = useState<readonly string[]>([]);
  return (
    <div className="max-w-2xl">
      <p className="mb-2 text-sm text-slate-700">On screen: {shown.join(', ') || 'none'}</p>
      <ScheduleGrid label="Schedule" columns={columns} rows={rows} entries={[]} span={span} editable={false} onVisibleColumnsChange={setShown} />
    </div>
  );
};

export const ReadOnly: Story = () => (
  <ScheduleGrid label="Schedule" columns={columns} rows={rows} entries={[{ id: 1, rowId: 1, columnKey: '2025-06-02', start: 540, end: 1020, tone: 'published' }]} span={span} editable={false} />
);

/** A week that fits its container: the days share the width, nothing scrolls sideways. */
export const WeekThatFits: Story = () => (
  <div className="max-w-5xl">
    <ScheduleGrid label="Schedule" columns={columns} rows={rows} entries={[{ id: 1, rowId: 1, columnKey: '2025-06-02', start: 540, end: 1020, tone: 'published' }]} span={span} editable fit rowSummaries={summaries} />
  </div>
);

import { resolveScheduleSettings, weekStoreHours } from '@salondesk/core';
import { describe, expect, it } from 'vitest';
import { changeTotal, columnsFor, fallbackHoursNote, gridSpanFor, storeHoursNote, weekLines } from './scheduleView';

const settings = resolveScheduleSettings(null);
// The demo's Business Hours: Monday 10–18, Tuesday to Saturday 9–19 (Thursday until 21), Sunday closed.
const demo = weekStoreHours(
  settings,
  [0, 1, 2, 3, 4, 5, 6].map((dow) => ({ dow, open: dow !== 0, start: dow === 1 ? '10:00' : '09:00', end: dow === 4 ? '21:00' : dow === 1 ? '18:00' : '19:00' })),
);

describe('the store hours the scheduler shows', () => {
  it('says which days follow Business Hours and which the schedule’s own hours, in the order of the business’s week', () => {
    expect(storeHoursNote(demo, 0)).toBe(
      "Store hours follow Business Hours (Settings): Mon 10:00–18:00, Tue–Wed 09:00–19:00, Thu 09:00–21:00, Fri–Sat 09:00–19:00. Sun closed in Business Hours: the schedule's store hours 07:00–22:00 apply.",
    );
    expect(storeHoursNote(weekStoreHours(settings, []), 1)).toBe('Store hours 07:00–22:00, from the schedule settings (no day is set in Business Hours).');
    expect(fallbackHoursNote(demo, 0)).toBe('Days set open in Business Hours (Settings) keep those hours; these apply to the other days: Sun (closed there).');
    expect(fallbackHoursNote(weekStoreHours(settings, []), 0)).toBe('Days set open in Business Hours (Settings) keep those hours; these apply to the other days: every day at present, none is set there.');
  });

  it('gives each day its hours in the header and draws every column on one span wide enough for every shift', () => {
    const columns = columnsFor('publish', '2025-06-01', settings, [], '2025-06-02', demo);
    expect(columns.slice(0, 2).map((c) => [c.label, c.hoursLabel, c.hours])).toEqual([
      ['Sun', 'Closed · 07:00–22:00', { open: 420, close: 1320 }],
      ['Mon', '10:00–18:00', { open: 600, close: 1080 }],
    ]);
    const weekdays = columns.filter((c) => c.label !== 'Sun');
    expect(gridSpanFor(weekdays, [], settings.storeHours, 15)).toEqual({ open: 540, close: 1260, snap: 15 });
    // A shift saved before the hours changed still fits.
    expect(gridSpanFor(weekdays, [{ id: 1, rowId: 1, columnKey: '2025-06-02', start: 480, end: 1020, tone: 'published' }], settings.storeHours, 15).open).toBe(480);
    // The template starts on the week's first day.
    expect(columnsFor('template', '2025-06-01', { ...settings, weekStartsOn: 1 }, [], '', demo)[0]).toMatchObject({ key: '1', label: 'Monday', hoursLabel: '10:00–18:00' });
  });
});

describe('a bulk action’s confirmation', () => {
  const summary = {
    start: '2025-06-01',
    end: '2025-06-14',
    weeks: [
      { weekStart: '2025-06-01', weekEnd: '2025-06-07', from: '2025-06-01', to: '2025-06-07', added: 2, replaced: 0, days: ['2025-06-03'] },
      { weekStart: '2025-06-08', weekEnd: '2025-06-14', from: '2025-06-08', to: '2025-06-14', added: 1, replaced: 1, days: ['2025-06-11'] },
    ],
    added: 3,
    replaced: 1,
  };

  it('names the weeks whose changes are not on screen', () => {
    const shown = new Set(['2025-06-01', '2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-06']);
    expect(weekLines(summary, 'publish', shown)).toEqual([
      { key: '2025-06-01', label: 'Jun 1 – Jun 7', detail: '2 drafts published', offScreen: false },
      { key: '2025-06-08', label: 'Jun 8 – Jun 14', detail: '1 draft published, 1 published shift replaced', offScreen: true },
    ]);
    expect(changeTotal(summary, 'publish')).toBe('3 drafts in 2 weeks, replacing 1 published shift.');
    expect(weekLines(summary, 'republish', shown)[1]?.detail).toBe('1 shift created, 1 template-made shift replaced');
    expect(changeTotal({ ...summary, weeks: [], added: 0, replaced: 0 }, 'publish')).toBe('No drafts to publish from Jun 1 to Jun 14.');
  });
});

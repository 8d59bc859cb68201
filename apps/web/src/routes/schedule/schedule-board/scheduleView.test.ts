import { copyShift, MESSAGES, planCopies, resolveScheduleSettings, type ScheduleEntry, weekStoreHours } from '@salondesk/core';
import { describe, expect, it } from 'vitest';
import { changeTotal, columnsFor, copyInput, copyPreviewText, draftLines, fallbackHoursNote, gridSpanFor, hoursEntries, hoursSummaries, overlapAt, storeHoursNote, viewOf, weekLines } from './scheduleView';

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

const entry = (over: Partial<ScheduleEntry>): ScheduleEntry => ({
  id: 1,
  business_id: 1,
  employee_id: 8,
  day: '2025-06-02',
  dow: null,
  start_time: '09:00',
  end_time: '13:00',
  published: true,
  auto: false,
  template_id: null,
  detail: null,
  archived_at: null,
  ...over,
});

describe('building a week', () => {
  it('takes the view from the address, else from the settings’ viewDays', () => {
    expect([viewOf('week', 14), viewOf('fortnight', 7), viewOf(null, 7), viewOf(null, 14), viewOf('month', 28), viewOf(null, undefined)]).toEqual(['week', 'fortnight', 'week', 'fortnight', 'fortnight', 'fortnight']);
  });

  it('counts hours per staff member and week and per day, from what the mode shows', () => {
    const columns = columnsFor('edit', '2025-06-01', settings, [], '', demo, 14);
    const dated = [
      entry({ id: 1 }),
      entry({ id: 2, start_time: '12:00', end_time: '17:00' }), // overlaps: counted once
      entry({ id: 3, employee_id: 9, day: '2025-06-09', start_time: '10:00', end_time: '18:00' }),
      entry({ id: 4, employee_id: 9, day: '2025-06-09', start_time: '10:00', end_time: '12:00', published: false }), // the draft replaces that day
    ];
    const published = hoursSummaries('publish', columns, hoursEntries('publish', dated, [], 'master'), [8, 9]);
    expect(published.rows.get(8)).toEqual({ text: '8 h · 0 h', label: 'Scheduled hours 8 h Jun 1 to Jun 7, 0 h Jun 8 to Jun 14' });
    expect(published.rows.get(9)?.text).toBe('0 h · 8 h');
    expect(published.columns.get('2025-06-02')).toEqual({ summary: '8 h staffed', summaryLabel: 'Staffed hours 8 h' });
    const drafts = hoursSummaries('edit', columns, hoursEntries('edit', dated, [], 'master'), [8, 9]);
    expect(drafts.rows.get(9)?.text).toBe('0 h · 2 h');
    expect(drafts.columns.get('2025-06-09')?.summary).toBe('2 h staffed');
  });

  it('refuses a place where the person already has a shift of the same kind, not another person’s or a published one under a draft', () => {
    const competing = [entry({ id: 1, published: false }), entry({ id: 2, employee_id: 9 })];
    const place = { rowId: 8, columnKey: '2025-06-02', start: 720, end: 900 };
    expect(overlapAt('edit', place, undefined, competing, 'master', 0)).toBe(MESSAGES.overlappingSchedules);
    expect(overlapAt('edit', { ...place, start: 780 }, undefined, competing, 'master', 0)).toBeNull();
    expect(overlapAt('edit', place, competing[0], competing, 'master', 0)).toBeNull();
    expect(overlapAt('publish', place, undefined, competing, 'master', 0)).toBeNull();
    expect(overlapAt('publish', { ...place, rowId: 9 }, undefined, competing, 'master', 0)).toBe(MESSAGES.overlappingSchedules);
  });

  it('says what a copy will do and sends it as addbatch takes it', () => {
    const plan = planCopies(copyShift(entry({}), { columns: ['2025-06-02', '2025-06-03'], staff: [8, 9] }), [entry({ id: 5, employee_id: 9, published: false })]);
    expect(copyPreviewText(plan)).toBe('2 drafts will be created; 1 skipped: 1 overlaps a shift already there.');
    expect(copyPreviewText(planCopies([], []))).toBe('Choose other days or staff members to copy to.');
    expect(plan.create.map(copyInput)).toEqual([
      { employee_id: 8, day: '2025-06-03', start_time: '09:00', end_time: '13:00', published: false },
      { employee_id: 9, day: '2025-06-03', start_time: '09:00', end_time: '13:00', published: false },
    ]);
  });

  it('lists the drafts of the weeks shown by day, staff order and time', () => {
    const staff = [
      { id: 9, name: 'Noah Diaz' },
      { id: 8, name: 'Ava Bennett' },
    ];
    const dated = [
      entry({ id: 1, published: false, start_time: '14:00', end_time: '16:00' }),
      entry({ id: 2, published: false, employee_id: 9 }),
      entry({ id: 3, published: false, day: '2025-06-01' }),
      entry({ id: 4 }),
      entry({ id: 5, published: false, day: '2025-06-20' }),
    ];
    expect(draftLines(dated, '2025-06-01', '2025-06-14', staff)).toEqual([
      { id: 3, label: 'Sun Jun 1 · Ava Bennett · 09:00–13:00' },
      { id: 2, label: 'Mon Jun 2 · Noah Diaz · 09:00–13:00' },
      { id: 1, label: 'Mon Jun 2 · Ava Bennett · 14:00–16:00' },
    ]);
  });
});

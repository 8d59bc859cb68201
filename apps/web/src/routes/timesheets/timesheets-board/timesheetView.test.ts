import { entryInstants, MESSAGES, type TimesheetActivity, type TimesheetEntry } from '@salondesk/core';
import { describe, expect, it } from 'vitest';
import { activitySentence, activityWho, changesLabel, clockoutHint, dayChanges, dayTotals, dayUpdateOf, draftsOf, personTotals, rowInstants, rowProblems, timeOnDay } from './timesheetView';

const ZONE = 'America/Los_Angeles';
const at = (day: string, time: string) => entryInstants(day, time, time, ZONE).start.toISOString();
const slot = (id: number, employee: number, name: string, day: string, clockin: string, clockout: string | null): TimesheetEntry => ({
  id,
  business_id: 1,
  employee_id: employee,
  employee_name: name,
  day,
  clockin_at: at(day, clockin),
  clockout_at: clockout === null ? null : at(clockout < clockin ? '2026-11-03' : day, clockout),
  original_clockin: at(day, clockin),
  original_clockout: null,
  status: clockout === null ? 'IN' : 'OUT',
  hours: 0,
  original_hours: 0,
  payroll_hours: 0,
  is_modified: false,
  updated_at: '2026-11-03T00:00:00.000Z',
  source: 'clock',
});
const now = new Date('2026-11-04T00:00:00Z');

describe('the day editor', () => {
  const day = '2026-11-02';
  const slots = [slot(7, 1, 'Ava', day, '09:00', null), slot(8, 2, 'Leo', day, '20:00', '02:00')];

  it('reads slots as wall-clock rows and sends them back unchanged as the same instants', () => {
    const rows = draftsOf(slots, ZONE);
    expect(rows.map((r) => [r.clockin, r.clockout])).toEqual([
      ['09:00', ''],
      ['20:00', '02:00'],
    ]);
    expect(dayUpdateOf(rows, day, ZONE)).toEqual({
      slots: slots.map((s) => ({ id: s.id, employee_id: s.employee_id, clockin_at: s.clockin_at, clockout_at: s.clockout_at, updated_at: s.updated_at })),
      remove: [],
    });
    expect(dayChanges(rows)).toEqual({ added: 0, changed: 0, removed: 0 });
    expect(changesLabel(dayChanges(rows))).toBe('No changes');
  });

  it('corrects a forgotten clock-out, removes and adds, and counts each', () => {
    const [ava, leo] = draftsOf(slots, ZONE) as [ReturnType<typeof draftsOf>[number], ReturnType<typeof draftsOf>[number]];
    const rows = [{ ...ava, clockout: '17:30' }, { ...leo, removed: true }, { key: 'new-1', employee_id: 3, clockin: '10:00', clockout: '14:00', removed: false }];
    const update = dayUpdateOf(rows, day, ZONE);
    expect(update.remove).toEqual([8]);
    expect(update.slots.map((s) => [s.id ?? null, s.clockout_at])).toEqual([
      [7, at(day, '17:30')],
      [null, at(day, '14:00')],
    ]);
    expect(changesLabel(dayChanges(rows))).toBe('1 corrected, 1 added, 1 removed');
  });

  it('counts as corrected only the slots changed here: clock times with seconds, a slot of no time and an overnight one are sent back as they were', () => {
    const withSeconds = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();
    const clock = [
      { ...slot(1, 1, 'Ava', day, '08:58', '17:02'), clockin_at: withSeconds(at(day, '08:58'), 23), clockout_at: withSeconds(at(day, '17:02'), 41) },
      // Clocked in and out by mistake within the same minute.
      { ...slot(2, 2, 'Leo', day, '09:00', '09:00'), clockin_at: withSeconds(at(day, '09:00'), 10), clockout_at: withSeconds(at(day, '09:00'), 50) },
      { ...slot(3, 3, 'Mia', day, '20:00', '02:00'), clockin_at: withSeconds(at(day, '20:00'), 5) },
      { ...slot(4, 4, 'Noa', day, '10:00', null), is_modified: true },
    ];
    const rows = draftsOf(clock, ZONE);
    expect(changesLabel(dayChanges(rows))).toBe('No changes');
    expect(dayUpdateOf(rows, day, ZONE).slots.map((s) => [s.clockin_at, s.clockout_at])).toEqual(clock.map((s) => [s.clockin_at, s.clockout_at]));
    // The slot of no time is on its day; the overnight one ends on the next.
    expect(rows.map((r) => clockoutHint(r, day, ZONE))).toEqual([undefined, undefined, 'On the next day', 'Empty: still clocked in']);

    // One clock-out corrected: one counted, the others still sent as they were.
    const edited = rows.map((r) => (r.id === 1 ? { ...r, clockout: '17:30' } : r));
    expect(changesLabel(dayChanges(edited))).toBe('1 corrected');
    const sent = dayUpdateOf(edited, day, ZONE).slots;
    expect(sent[0]).toMatchObject({ clockin_at: clock[0]?.clockin_at, clockout_at: at(day, '17:30') });
    expect(sent.slice(1).map((s) => s.clockout_at)).toEqual(clock.slice(1).map((s) => s.clockout_at));
    // Typed back to what it was: no change.
    expect(changesLabel(dayChanges(edited.map((r) => (r.id === 1 ? { ...r, clockout: '17:02' } : r))))).toBe('No changes');
  });

  it('reads a clock-out typed on the night the clocks go back as the one after the clock-in, on the same day', () => {
    const night = '2026-11-01';
    const rows = [{ key: 'n', employee_id: 1, clockin: '01:30', clockout: '01:10', removed: false }];
    const times = rowInstants(rows[0] as (typeof rows)[number], night, ZONE);
    expect(times).toEqual({ clockin_at: '2026-11-01T08:30:00.000Z', clockout_at: '2026-11-01T09:10:00.000Z' });
    expect(clockoutHint(rows[0] as (typeof rows)[number], night, ZONE)).toBeUndefined();
    expect(clockoutHint({ ...(rows[0] as (typeof rows)[number]), clockout: '07:30', clockin: '09:00' }, night, ZONE)).toBe('On the next day');
  });

  it('says what is wrong with a row before anything is sent', () => {
    const rows = [
      { key: 'a', employee_id: 1, clockin: '09:00', clockout: '17:00', removed: false },
      { key: 'b', employee_id: 1, clockin: '16:00', clockout: '18:00', removed: false },
      { key: 'c', employee_id: null, clockin: '', clockout: '', removed: false },
      { key: 'd', employee_id: 2, clockin: '09:00', clockout: '', removed: false },
    ];
    const problems = rowProblems(rows, day, ZONE, now);
    expect(problems.get('a')).toEqual([{ field: 'clockout_at', message: MESSAGES.timesheetOverlap }]);
    expect(problems.get('b')).toEqual([{ field: 'clockout_at', message: MESSAGES.timesheetOverlap }]);
    expect(problems.get('c')?.map((p) => p.field)).toEqual(['employee_id', 'clockin_at']);
    expect(problems.has('d')).toBe(false);
    // A removed row is not judged.
    expect(rowProblems([{ ...(rows[1] as (typeof rows)[number]), removed: true }, rows[0] as (typeof rows)[number]], day, ZONE, now).size).toBe(0);
  });
});

describe('totals', () => {
  it('deduct the break per person and day, once the day reaches the threshold', () => {
    const slots = [
      slot(1, 1, 'Ava', '2026-11-02', '09:00', '13:00'),
      slot(2, 1, 'Ava', '2026-11-02', '13:30', '17:30'),
      slot(3, 2, 'Leo', '2026-11-02', '09:00', '14:00'),
      slot(4, 1, 'Ava', '2026-11-03', '09:00', '15:00'),
    ];
    const settings = { breakMinutes: 30, breakThresholdHours: 6 };
    expect(personTotals(slots, ZONE, now, settings)).toEqual([
      { employee_id: 1, name: 'Ava', days: 2, hours: 14, breakHours: 1, hoursAfterBreak: 13 },
      { employee_id: 2, name: 'Leo', days: 1, hours: 5, breakHours: 0, hoursAfterBreak: 5 },
    ]);
    expect(dayTotals(slots, ZONE, now, settings)).toEqual([
      { day: '2026-11-02', people: 2, hours: 13, breakHours: 0.5, hoursAfterBreak: 12.5 },
      { day: '2026-11-03', people: 1, hours: 6, breakHours: 0.5, hoursAfterBreak: 5.5 },
    ]);
  });
});

describe('the activity', () => {
  const base: TimesheetActivity = {
    id: 1,
    slot_id: 7,
    employee_id: 1,
    employee_name: 'Ava Bennett',
    user_id: 2,
    user_name: 'Olivia Laurent',
    action: 'edit',
    reason: 'Forgot to clock out',
    day: '2026-11-02',
    before: { clockin_at: at('2026-11-02', '09:02'), clockout_at: null },
    after: { clockin_at: at('2026-11-02', '09:02'), clockout_at: at('2026-11-02', '17:30') },
    created_at: '2026-11-03T17:00:00.000Z',
  };

  it('says who changed what and why, in the business’s time', () => {
    expect(activitySentence(base, ZONE)).toBe('Corrected Ava Bennett’s slot of Mon, Nov 2, 2026: 09:02 AM – still clocked in → 09:02 AM – 05:30 PM. Reason: Forgot to clock out');
    expect(activityWho(base)).toBe('Olivia Laurent');
    const clock = { ...base, action: 'clockin' as const, user_id: null, user_name: null, reason: null, before: null };
    expect(activitySentence(clock, ZONE)).toBe('Ava Bennett clocked in at 09:02 AM.');
    expect(activityWho(clock)).toBe('Staff clock');
    expect(activitySentence({ ...base, action: 'close-period', employee_id: null, employee_name: null, slot_id: null, before: null, after: null, reason: null, day: '2026-11-15' }, ZONE)).toBe(
      'Closed a pay period (Sun, Nov 15, 2026).',
    );
  });

  it('marks a time of the next day', () => {
    expect(timeOnDay(at('2026-11-03', '01:00'), '2026-11-02', ZONE)).toBe('01:00 AM (next day)');
  });
});

import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { ScheduleEntry } from '../models/schedule';
import { datedEntriesArb, intervalArb } from './schedule.arb';
import { isDraft, isPublished, scheduleOnceDraftsPublished } from './scheduleDrafts';
import { scheduledHours, staffMinutes, unionMinutes } from './scheduledHours';
import { addDays, parseTime } from './scheduleTime';

const minutesOf = (t: { start_time: string; end_time: string }) => ({ start: parseTime(t.start_time) as number, end: parseTime(t.end_time) as number });

/** The oracle: minute by minute, which minutes of the day some interval covers. */
function coveredMinutes(intervals: readonly { start: number; end: number }[]): number {
  const day = new Array<boolean>(1440).fill(false);
  for (const { start, end } of intervals) for (let m = start; m < end; m++) day[m] = true;
  return day.filter(Boolean).length;
}

const intervalsArb = fc.array(intervalArb.map(minutesOf), { maxLength: 12 });

describe('unionMinutes', () => {
  it('counts overlapping shifts of one person once, touching ones end to end', () => {
    expect(unionMinutes([])).toBe(0);
    expect(unionMinutes([{ start: 540, end: 780 }])).toBe(240);
    expect(unionMinutes([{ start: 540, end: 780 }, { start: 720, end: 1020 }])).toBe(480);
    expect(unionMinutes([{ start: 540, end: 780 }, { start: 780, end: 1020 }])).toBe(480);
    expect(unionMinutes([{ start: 540, end: 1020 }, { start: 600, end: 660 }])).toBe(480);
    expect(unionMinutes([{ start: 600, end: 660 }, { start: 540, end: 570 }])).toBe(90);
  });

  test.prop([intervalsArb])('is the number of minutes some shift covers', (intervals) => {
    expect(unionMinutes(intervals)).toBe(coveredMinutes(intervals));
  });

  test.prop([intervalsArb])('lies between the longest shift and the sum of the shifts', (intervals) => {
    const lengths = intervals.map((i) => i.end - i.start);
    const total = unionMinutes(intervals);
    expect(total).toBeGreaterThanOrEqual(Math.max(0, ...lengths));
    expect(total).toBeLessThanOrEqual(lengths.reduce((a, b) => a + b, 0));
  });

  test.prop([intervalsArb, fc.nat()])('does not change when a shift is repeated or the order changes', (intervals, seed) => {
    const shuffled = [...intervals].sort((a, b) => ((a.start * 31 + seed) % 97) - ((b.start * 31 + seed) % 97));
    const doubled = intervals.length > 0 ? [...intervals, intervals[seed % intervals.length] as { start: number; end: number }] : intervals;
    expect(unionMinutes(shuffled)).toBe(unionMinutes(intervals));
    expect(unionMinutes(doubled)).toBe(unionMinutes(intervals));
  });
});

const START = '2025-06-01';
const live = (entries: ScheduleEntry[]) => entries.filter((e) => e.archived_at === null);

describe('scheduledHours', () => {
  it('gives each person their union per day and each day the sum over staff', () => {
    const e = (employee_id: number, day: string, start_time: string, end_time: string) => ({ employee_id, day, start_time, end_time });
    const hours = scheduledHours([e(1, START, '09:00', '13:00'), e(1, START, '12:00', '17:00'), e(2, START, '09:00', '17:00'), e(1, '2025-06-02', '10:00', '12:00')]);
    expect(hours.staff.get(1)?.get(START)).toBe(480);
    expect(hours.staff.get(2)?.get(START)).toBe(480);
    expect(hours.columns.get(START)).toBe(960);
    expect(staffMinutes(hours, 1, [START, '2025-06-02', '2025-06-03'])).toBe(600);
    expect(staffMinutes(hours, 3, [START])).toBe(0);
  });

  it('keys template entries by their day of the week', () => {
    const hours = scheduledHours([{ employee_id: 1, day: null, dow: 2, start_time: '09:00', end_time: '17:00' }]);
    expect(hours.columns.get('2')).toBe(480);
  });

  test.prop([datedEntriesArb(START, 7)])('a day is the sum of its staff, each their covered minutes', (entries) => {
    const hours = scheduledHours(live(entries));
    for (const [day, minutes] of hours.columns) {
      let sum = 0;
      for (const [employee, byDay] of hours.staff) {
        const own = byDay.get(day) ?? 0;
        const intervals = live(entries).filter((e) => e.employee_id === employee && e.day === day).map(minutesOf);
        expect(own).toBe(coveredMinutes(intervals));
        expect(own).toBeLessThanOrEqual(1440);
        sum += own;
      }
      expect(minutes).toBe(sum);
    }
  });

  test.prop([datedEntriesArb(START, 14)])('a week of one person is the sum of their days, and a fortnight the sum of its weeks', (entries) => {
    const hours = scheduledHours(live(entries));
    const week = (from: string) => Array.from({ length: 7 }, (_, i) => addDays(from, i));
    for (const employee of hours.staff.keys()) {
      const perDay = week(START).map((d) => staffMinutes(hours, employee, [d]));
      expect(staffMinutes(hours, employee, week(START))).toBe(perDay.reduce((a, b) => a + b, 0));
      expect(staffMinutes(hours, employee, [...week(START), ...week(addDays(START, 7))])).toBe(
        staffMinutes(hours, employee, week(START)) + staffMinutes(hours, employee, week(addDays(START, 7))),
      );
    }
  });

  test.prop([datedEntriesArb(START, 7)])('copying a shift onto itself changes no figure', (entries) => {
    const list = live(entries);
    fc.pre(list.length > 0);
    const again = [...list, { ...(list[0] as ScheduleEntry), id: 999_999 }];
    const [a, b] = [scheduledHours(list), scheduledHours(again)];
    expect([...b.columns]).toEqual([...a.columns]);
  });
});

describe('scheduleOnceDraftsPublished', () => {
  test.prop([datedEntriesArb(START, 7)])('each staff-day keeps its drafts when it has some, else its published shifts', (entries) => {
    const result = scheduleOnceDraftsPublished(entries);
    const key = (e: ScheduleEntry) => `${e.employee_id}|${e.day}`;
    const withDrafts = new Set(entries.filter(isDraft).map(key));
    for (const e of entries) {
      const kept = result.includes(e);
      if (e.archived_at !== null) expect(kept).toBe(false);
      else if (withDrafts.has(key(e))) expect(kept).toBe(isDraft(e));
      else expect(kept).toBe(isPublished(e));
    }
  });
});

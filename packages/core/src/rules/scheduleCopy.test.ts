import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { shiftsCopied } from '../messages';
import type { ScheduleEntry } from '../models/schedule';
import { datedEntriesArb, datedEntryArb, dayArb, templateEntryArb, weekStartsOnArb } from './schedule.arb';
import { copyDays, copyShift, MAX_REPEAT_WEEKS, planCopies, repeatDays, type ShiftCopy, skipOverlapping } from './scheduleCopy';
import { scheduleOnceDraftsPublished } from './scheduleDrafts';
import { entriesOverlap, findOverlap } from './scheduleOverlap';
import { addDays, dayOfWeekOf, daysBetween } from './scheduleTime';

const START = '2025-06-01';
const week = (from: string) => Array.from({ length: 7 }, (_, i) => addDays(from, i));
const draft = (employee_id: number, day: string, start_time: string, end_time: string): ShiftCopy => ({
  employee_id,
  day,
  dow: null,
  start_time,
  end_time,
  published: false,
  template_id: null,
  detail: null,
});

describe('copyShift', () => {
  const source = { employee_id: 1, day: START, dow: null, start_time: '09:00', end_time: '13:00', template_id: null, detail: null };

  it('copies a shift to the days and staff chosen as drafts, never onto itself', () => {
    const copies = copyShift(source, { columns: [START, addDays(START, 1)], staff: [1, 2] });
    expect(copies).toEqual([draft(2, START, '09:00', '13:00'), draft(1, addDays(START, 1), '09:00', '13:00'), draft(2, addDays(START, 1), '09:00', '13:00')]);
  });

  it('copies a template entry to days of the week of the same template, rotation kept', () => {
    const detail = { alternate: 2, start: START, except: [] };
    const copies = copyShift({ ...source, day: null, dow: 1, template_id: 'summer', detail }, { columns: ['1', '3'], staff: [1] });
    expect(copies).toEqual([{ employee_id: 1, day: null, dow: 3, start_time: '09:00', end_time: '13:00', published: true, template_id: 'summer', detail }]);
  });

  test.prop([datedEntryArb, fc.uniqueArray(fc.integer({ min: 0, max: 13 }), { maxLength: 14 }), fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 6 })])(
    'makes one draft per chosen day and staff member, the source place left out, same times',
    (entry, offsets, staff) => {
      const columns = offsets.map((o) => addDays(START, o));
      const copies = copyShift(entry, { columns: [...columns, ...columns], staff: [...staff, ...staff] });
      const includesOwn = columns.includes(entry.day as string) && staff.includes(entry.employee_id);
      expect(copies).toHaveLength(columns.length * staff.length - (includesOwn ? 1 : 0));
      expect(copies.every((c) => !c.published && c.day !== null && c.start_time === entry.start_time && c.end_time === entry.end_time)).toBe(true);
      expect(copies.some((c) => c.day === entry.day && c.employee_id === entry.employee_id)).toBe(false);
      expect(new Set(copies.map((c) => `${c.employee_id}|${c.day}`)).size).toBe(copies.length);
    },
  );
});

describe('repeatDays', () => {
  it('repeats for a number of weeks or up to a day', () => {
    expect(repeatDays(START, { weeks: 3 })).toEqual([addDays(START, 7), addDays(START, 14), addDays(START, 21)]);
    expect(repeatDays(START, { until: addDays(START, 20) })).toEqual([addDays(START, 7), addDays(START, 14)]);
    expect(repeatDays(START, { until: addDays(START, 21) })).toHaveLength(3);
    expect(repeatDays(START, { until: START })).toEqual([]);
    expect(repeatDays(START, { until: addDays(START, -30) })).toEqual([]);
    expect(repeatDays(START, { weeks: 500 })).toHaveLength(MAX_REPEAT_WEEKS);
  });

  test.prop([dayArb, fc.oneof(fc.integer({ min: -5, max: 80 }).map((weeks) => ({ weeks })), fc.integer({ min: -40, max: 600 }).map((n) => ({ until: n })))])(
    'gives the same day of the week in each following week, in order, within the limit',
    (day, repeat) => {
      const asked = 'until' in repeat ? { until: addDays(day, repeat.until) } : repeat;
      const days = repeatDays(day, asked);
      expect(days.length).toBeLessThanOrEqual(MAX_REPEAT_WEEKS);
      days.forEach((d, i) => {
        expect(daysBetween(day, d)).toBe(7 * (i + 1));
        expect(dayOfWeekOf(d)).toBe(dayOfWeekOf(day));
        if ('until' in asked) expect(d <= asked.until).toBe(true);
      });
      if ('weeks' in asked) expect(days).toHaveLength(Math.max(0, Math.min(asked.weeks, MAX_REPEAT_WEEKS)));
      // Up to a day: every week that fits, unless the limit stops it.
      else if (days.length < MAX_REPEAT_WEEKS) expect(addDays(days.at(-1) ?? day, 7) > asked.until).toBe(true);
    },
  );
});

describe('copyDays', () => {
  test.prop([datedEntriesArb(START, 7), fc.integer({ min: 1, max: 20 })])(
    'copies each day of the week as it stands once its drafts are published, the same weekday later',
    (entries, weeks) => {
      const to = addDays(START, 7 * weeks);
      const copies = copyDays(entries, START, to);
      const source = scheduleOnceDraftsPublished(entries.filter((e) => e.day !== null && e.day >= START && e.day <= addDays(START, 6)));
      expect(copies).toHaveLength(source.length);
      expect(copies.every((c) => !c.published && c.day !== null && week(to).includes(c.day))).toBe(true);
      const key = (e: { employee_id: number; day: string | null; start_time: string; end_time: string }, shift: number) =>
        `${e.employee_id}|${addDays(e.day as string, shift)}|${e.start_time}|${e.end_time}`;
      expect(copies.map((c) => key(c, 0)).sort()).toEqual(source.map((e) => key(e, 7 * weeks)).sort());
    },
  );
});

describe('skipOverlapping and planCopies', () => {
  const candidatesArb = datedEntriesArb(START, 3).map((list) => list.map((e) => ({ ...e, published: false, id: undefined, archived_at: null })));

  test.prop([datedEntriesArb(START, 3), candidatesArb, weekStartsOnArb])(
    'keeps what fits and skips only what overlaps something already there or kept before it',
    (existing, candidates, weekStartsOn) => {
      const { kept, skipped } = skipOverlapping(existing, candidates, weekStartsOn);
      expect(kept.length + skipped.length).toBe(candidates.length);
      const live = existing.filter((e) => e.archived_at === null);
      // Nothing kept overlaps what is there or another kept one.
      for (const [i, k] of kept.entries()) {
        expect(live.some((e) => entriesOverlap(e, k, weekStartsOn))).toBe(false);
        expect(kept.slice(i + 1).some((o) => entriesOverlap(o, k, weekStartsOn))).toBe(false);
      }
      // Everything skipped would have overlapped.
      for (const s of skipped) expect([...live, ...kept].some((e) => entriesOverlap(e, s, weekStartsOn))).toBe(true);
      // Adding the kept ones to a schedule without overlaps keeps it without overlaps.
      const clean = skipOverlapping([], live, weekStartsOn).kept;
      expect(findOverlap([...clean, ...skipOverlapping(clean, candidates, weekStartsOn).kept], weekStartsOn)).toBeNull();
    },
  );

  test.prop([fc.array(templateEntryArb(1), { maxLength: 8 }), fc.array(templateEntryArb(1), { maxLength: 8 }), weekStartsOnArb])(
    'template entries on rotations are skipped only when they meet in some week',
    (existing, candidates, weekStartsOn) => {
      const { kept, skipped } = skipOverlapping(existing, candidates, weekStartsOn);
      for (const s of skipped) expect([...existing, ...kept].some((e) => entriesOverlap(e, s, weekStartsOn))).toBe(true);
    },
  );

  it('leaves out holidays, then overlaps, and says so', () => {
    const existing = [{ ...draft(1, START, '09:00', '12:00'), id: 5 }];
    const candidates = [draft(1, START, '11:00', '15:00'), draft(1, START, '12:00', '15:00'), draft(2, addDays(START, 1), '09:00', '17:00'), draft(2, addDays(START, 2), '09:00', '17:00')];
    const plan = planCopies(candidates, existing, { holidays: [{ day: addDays(START, 1), name: 'Holiday' }] });
    expect(plan.create).toEqual([candidates[1], candidates[3]]);
    expect(plan).toMatchObject({ overlapping: 1, holidays: 1 });
    expect(shiftsCopied(plan.create.length, plan)).toBe('2 drafts created; 2 skipped: 1 overlaps a shift already there, 1 on a holiday.');
    expect(shiftsCopied(1, { overlapping: 0, holidays: 0 })).toBe('1 draft created.');
    expect(shiftsCopied(3, { overlapping: 2, holidays: 0 }, 'template shift')).toBe('3 template shifts created; 2 skipped: 2 overlap shifts already there.');
  });

  it('a draft never competes with a published shift (publishing replaces that day)', () => {
    const published: ScheduleEntry = { id: 1, business_id: 1, employee_id: 1, day: START, dow: null, start_time: '09:00', end_time: '17:00', published: true, auto: false, template_id: null, detail: null, archived_at: null };
    expect(skipOverlapping([published], [draft(1, START, '10:00', '12:00')]).kept).toHaveLength(1);
  });
});

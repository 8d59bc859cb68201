import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { ScheduleEntry } from '../models/schedule';
import { datedEntriesArb, dayRangeArb, templateEntryArb, weekStartsOnArb } from './schedule.arb';
import { changesByWeek, planFingerprint, summarizePublish, summarizeRepublish, type ChangeSummary } from './scheduleChanges';
import { materializeTemplate, planPublish, planRepublish } from './scheduleDrafts';
import { resolveScheduleSettings } from './scheduleSettings';
import { addDays, dayOfWeekOf, daysBetween, weekStartOf } from './scheduleTime';

/** Every week of a summary is a real week of the business, inside the range, in order, once. */
function expectWellFormed(summary: ChangeSummary, weekStartsOn: number) {
  let previous = '';
  for (const w of summary.weeks) {
    expect(dayOfWeekOf(w.weekStart)).toBe(weekStartsOn);
    expect(w.weekEnd).toBe(addDays(w.weekStart, 6));
    expect(w.weekStart <= w.from && w.from <= w.to && w.to <= w.weekEnd).toBe(true);
    expect(summary.start <= w.from && w.to <= summary.end).toBe(true);
    expect(w.weekStart > previous).toBe(true);
    expect(w.added + w.replaced).toBeGreaterThan(0);
    expect(w.days.length).toBeGreaterThan(0);
    expect(w.days.every((d) => w.from <= d && d <= w.to)).toBe(true);
    expect(w.days).toEqual([...new Set(w.days)].sort());
    previous = w.weekStart;
  }
}

const countBy = (days: readonly string[], weekStartsOn: number) => {
  const counts = new Map<string, number>();
  for (const d of days) counts.set(weekStartOf(d, weekStartsOn), (counts.get(weekStartOf(d, weekStartsOn)) ?? 0) + 1);
  return counts;
};

describe('what publishing drafts changes, per week', () => {
  test.prop([dayRangeArb.chain((range) => fc.tuple(fc.constant(range), datedEntriesArb(range.start, daysBetween(range.start, range.end) + 1), weekStartsOnArb))])(
    'counts exactly the drafts the plan publishes and the shifts it replaces, each in the week of its day',
    ([range, entries, weekStartsOn]) => {
      const plan = planPublish(entries, range);
      const summary = summarizePublish(entries, plan, range, weekStartsOn);
      expectWellFormed(summary, weekStartsOn);
      expect(summary.added).toBe(plan.publish.length);
      expect(summary.replaced).toBe(plan.archive.length);
      const day = (id: number) => entries.find((e) => e.id === id)?.day as string;
      const added = countBy(plan.publish.map(day), weekStartsOn);
      const replaced = countBy(plan.archive.map(day), weekStartsOn);
      for (const w of summary.weeks) {
        expect(w.added).toBe(added.get(w.weekStart) ?? 0);
        expect(w.replaced).toBe(replaced.get(w.weekStart) ?? 0);
      }
      // The days named are exactly the days of the shifts that change.
      expect(summary.weeks.flatMap((w) => w.days)).toEqual([...new Set([...plan.publish, ...plan.archive].map(day))].sort());
      // Every week with a change is listed: none is left out, drafts far from the screen included.
      expect(new Set(summary.weeks.map((w) => w.weekStart))).toEqual(new Set([...added.keys(), ...replaced.keys()]));
    },
  );

  it('names both weeks of a fortnight, the second one too', () => {
    const draft = (id: number, day: string, published = false): ScheduleEntry => ({
      id,
      business_id: 1,
      employee_id: 1,
      day,
      dow: null,
      start_time: '09:00',
      end_time: '17:00',
      published,
      auto: false,
      template_id: null,
      detail: null,
      archived_at: null,
    });
    // Sunday 1 June 2025 to Saturday 14 June: two drafts in the first week, one in the second replacing a shift.
    const entries = [draft(1, '2025-06-02'), draft(2, '2025-06-03'), draft(3, '2025-06-10'), draft(4, '2025-06-10', true)];
    const range = { start: '2025-06-01', end: '2025-06-14' };
    const summary = summarizePublish(entries, planPublish(entries, range), range, 0);
    expect(summary.weeks).toEqual([
      { weekStart: '2025-06-01', weekEnd: '2025-06-07', from: '2025-06-01', to: '2025-06-07', added: 2, replaced: 0, days: ['2025-06-02', '2025-06-03'] },
      { weekStart: '2025-06-08', weekEnd: '2025-06-14', from: '2025-06-08', to: '2025-06-14', added: 1, replaced: 1, days: ['2025-06-10'] },
    ]);
    // Weeks from Monday: the Sunday starts the range mid-week.
    expect(summarizePublish(entries, planPublish(entries, range), range, 1).weeks.map((w) => [w.from, w.to, w.added])).toEqual([
      ['2025-06-02', '2025-06-08', 2],
      ['2025-06-09', '2025-06-14', 1],
    ]);
  });
});

describe('what republishing from the templates changes, per week', () => {
  test.prop([
    fc.array(templateEntryArb(1), { maxLength: 4 }),
    fc.array(templateEntryArb(2), { maxLength: 4 }),
    fc.integer({ min: 1, max: 60 }),
    weekStartsOnArb,
    fc.constantFrom('2025-03-02', '2025-06-01', '2025-11-01'),
  ])('counts every shift created and every template-made shift replaced, each in the week of its day', (a, b, days, weekStartsOn, start) => {
    const range = { from: start, to: addDays(start, days - 1) };
    const settings = resolveScheduleSettings({ weekStartsOn });
    // Template entries that overlap one another are refused when saved; keep one per employee and day of the week.
    const template = [...new Map([...a, ...b].map((e) => [`${e.employee_id}|${e.dow}`, e])).values()];
    const generated = materializeTemplate(template, { from: range.from, to: range.to, settings });
    const existing = materializeTemplate(template, { from: addDays(range.from, -7), to: addDays(range.to, 7), settings }).map((g, i) => ({
      id: 10_000 + i,
      business_id: 1,
      employee_id: g.employee_id,
      day: g.day,
      dow: null,
      start_time: g.start_time,
      end_time: g.end_time,
      published: true,
      auto: i % 3 !== 0,
      template_id: g.template_id,
      detail: null,
      archived_at: null,
    }));
    const plan = planRepublish(existing, generated, range);
    const summary = summarizeRepublish(existing, plan, range, weekStartsOn);
    expectWellFormed(summary, weekStartsOn);
    expect(summary.added).toBe(plan.create.length);
    expect(summary.replaced).toBe(plan.remove.length);
    const created = countBy(plan.create.map((g) => g.day), weekStartsOn);
    for (const w of summary.weeks) expect(w.added).toBe(created.get(w.weekStart) ?? 0);
  });
});

describe('a plan’s fingerprint', () => {
  test.prop([fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 30 }), fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 30 })])(
    'does not depend on order, and changes when the plan publishes or replaces one shift more',
    (publish, archive) => {
      const print = planFingerprint({ publish, archive });
      expect(planFingerprint({ publish: [...publish].reverse(), archive: [...archive].reverse() })).toBe(print);
      expect(print).toMatch(/^[0-9a-z]{11}$/);
      const extra = Math.max(0, ...publish, ...archive) + 1;
      expect(planFingerprint({ publish: [...publish, extra], archive })).not.toBe(print);
      expect(planFingerprint({ publish, archive: [...archive, extra] })).not.toBe(print);
    },
  );

  it('tells a republish plan from another one with a shift moved by a quarter of an hour', () => {
    const shift = { employee_id: 1, day: '2025-06-02', start_time: '09:00', end_time: '17:00', template_id: 'master' };
    const print = planFingerprint({ remove: [3], create: [shift] });
    expect(planFingerprint({ remove: [3], create: [{ ...shift }] })).toBe(print);
    expect(planFingerprint({ remove: [3], create: [{ ...shift, end_time: '17:15' }] })).not.toBe(print);
    expect(planFingerprint({ remove: [], create: [shift] })).not.toBe(print);
  });
});

describe('changes by week', () => {
  it('lists nothing when nothing changes', () => {
    expect(changesByWeek({ start: '2025-06-01', end: '2025-06-28' }, [], [])).toEqual({ start: '2025-06-01', end: '2025-06-28', weeks: [], added: 0, replaced: 0 });
  });
});

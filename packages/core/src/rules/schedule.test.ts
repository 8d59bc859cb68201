import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import type { ScheduleEntry } from '../models/schedule';
import { datedEntryArb, DST_ZONES, dstDayArb, entryArb, intervalArb, rotationArb, storeHoursArb, templateEntryArb, timeArb } from './schedule.arb';
import { applyPublish, clearAllScope, materializeTemplate, nextDraftFlag, planClearDrafts, planPublish, planRepublish } from './scheduleDrafts';
import { entriesOverlap, findOverlap, findOverlapPairwise } from './scheduleOverlap';
import { describeRotation, rotationAppliesOn, rotationsShareAWeek, rotationWeeks, weekIndex } from './scheduleRotation';
import { resolveScheduleSettings, SCHEDULE_DEFAULTS, templateForDay } from './scheduleSettings';
import {
  addDays,
  dayOfWeekOf,
  entryInstants,
  formatInstantIn,
  normalizeEntryTimes,
  parseTime,
  ScheduleTimeError,
  snapMinutes,
  todayIn,
  wallClockOf,
  weekStartOf,
} from './scheduleTime';

const STORE = { start: '07:00', end: '22:00' };

describe('defaults and clamping', () => {
  it('gives a missing start 09:00 and a missing end eight hours later', () => {
    expect(normalizeEntryTimes({}, STORE)).toEqual({ start_time: '09:00', end_time: '17:00' });
    expect(normalizeEntryTimes({ start_time: '12:30' }, STORE)).toEqual({ start_time: '12:30', end_time: '20:30' });
    expect(normalizeEntryTimes({ start_time: '', end_time: null }, STORE)).toEqual({ start_time: '09:00', end_time: '17:00' });
  });

  it('raises a start before opening and lowers an end after closing', () => {
    expect(normalizeEntryTimes({ start_time: '05:00', end_time: '23:30' }, STORE)).toEqual({ start_time: '07:00', end_time: '22:00' });
    expect(normalizeEntryTimes({ start_time: '16:00' }, STORE)).toEqual({ start_time: '16:00', end_time: '22:00' });
  });

  it('answers Invalid Date for a time that is not one, or an entry left with no time', () => {
    for (const bad of [{ start_time: '25:00' }, { start_time: '9:00' }, { end_time: 'noon' }, { start_time: '18:00', end_time: '10:00' }, { start_time: '22:30', end_time: '23:00' }]) {
      expect(() => normalizeEntryTimes(bad, STORE)).toThrow(ScheduleTimeError);
      expect(() => normalizeEntryTimes(bad, STORE)).toThrow(MESSAGES.invalidDate);
    }
  });

  test.prop([fc.option(timeArb(1), { nil: undefined }), fc.option(timeArb(1), { nil: undefined }), storeHoursArb])(
    'a clamped entry always lies within store hours, start before end',
    (start_time, end_time, store) => {
      let result: { start_time: string; end_time: string };
      try {
        result = normalizeEntryTimes({ start_time, end_time }, store);
      } catch (error) {
        expect(error).toBeInstanceOf(ScheduleTimeError);
        return;
      }
      const [s, e, open, close] = [result.start_time, result.end_time, store.start, store.end].map((t) => parseTime(t) as number) as [number, number, number, number];
      expect(open <= s && s < e && e <= close).toBe(true);
    },
  );

  it('uses the constants of spec 000 §9 as defaults, overridable per business', () => {
    expect(SCHEDULE_DEFAULTS).toMatchObject({ viewDays: 14, syncDays: 28, snap: '00:15', slot: '00:30', defaultStartTime: '10:00', defaultDuration: '09:00', storeHours: STORE, republishWeeks: 4 });
    const custom = resolveScheduleSettings({ viewDays: 7, storeHours: { start: '08:00' } as never });
    expect(custom.viewDays).toBe(7);
    expect(custom.storeHours).toEqual({ start: '08:00', end: '22:00' });
    expect(custom.syncDays).toBe(28);
  });

  test.prop([fc.integer({ min: 0, max: 1440 })])('snapping lands on the 15-minute grid, at most 7.5 minutes away', (m) => {
    const s = snapMinutes(m);
    expect(s % 15).toBe(0);
    expect(Math.abs(s - m)).toBeLessThanOrEqual(7.5);
  });
});

describe('daylight saving', () => {
  test.prop([fc.constantFrom(...DST_ZONES), dstDayArb, intervalArb.filter((t) => t.start_time >= '07:00' && t.end_time <= '22:00')])(
    'entries keep their wall-clock times across DST changes',
    (zone, day, t) => {
      const { start, end } = entryInstants(day, t.start_time, t.end_time, zone);
      expect(wallClockOf(start, zone)).toBe(t.start_time);
      expect(wallClockOf(end, zone)).toBe(t.end_time);
      expect(todayIn(zone, start)).toBe(day);
      // No zone here changes its clocks between 07:00 and 22:00, so real time equals wall-clock time.
      expect((end.getTime() - start.getTime()) / 60_000).toBe((parseTime(t.end_time) as number) - (parseTime(t.start_time) as number));
    },
  );

  it('counts a 23-hour and a 25-hour day as one day each', () => {
    expect(addDays('2025-03-08', 1)).toBe('2025-03-09');
    expect(addDays('2025-03-09', 1)).toBe('2025-03-10');
    expect(addDays('2025-11-01', 2)).toBe('2025-11-03');
    expect(dayOfWeekOf('2025-03-09')).toBe(0);
    const spring = entryInstants('2025-03-09', '09:00', '17:00', 'America/Los_Angeles');
    expect(spring.start.toISOString()).toBe('2025-03-09T16:00:00.000Z'); // PDT, UTC-7
    const before = entryInstants('2025-03-08', '09:00', '17:00', 'America/Los_Angeles');
    expect(before.start.toISOString()).toBe('2025-03-08T17:00:00.000Z'); // PST, UTC-8
    expect(entryInstants('2025-04-06', '09:00', '17:00', 'Australia/Sydney').start.toISOString()).toBe('2025-04-05T23:00:00.000Z'); // AEST
    expect(entryInstants('2025-03-09', '09:00', '17:00', 'Asia/Kathmandu').start.toISOString()).toBe('2025-03-09T03:15:00.000Z'); // +05:45
  });

  it('materializes a template with the same wall-clock times on the DST Sunday as on any other', () => {
    const template: ScheduleEntry = { id: 1, business_id: 1, employee_id: 7, day: null, dow: 0, start_time: '10:00', end_time: '18:00', published: true, auto: false, template_id: 'master', detail: null, archived_at: null };
    const out = materializeTemplate([template], { from: '2025-03-02', to: '2025-03-16', settings: SCHEDULE_DEFAULTS });
    expect(out.map((e) => [e.day, e.start_time, e.end_time])).toEqual([
      ['2025-03-02', '10:00', '18:00'],
      ['2025-03-09', '10:00', '18:00'],
      ['2025-03-16', '10:00', '18:00'],
    ]);
  });
});

describe('rotations', () => {
  test.prop([rotationArb, fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 200 })])(
    "a rotation's weeks agree with a brute-force enumeration",
    (rotation, weekStartsOn, span) => {
      const from = addDays(rotation.start, -20);
      const to = addDays(from, span);
      const brute: string[] = [];
      const anchorWeek = weekStartOf(rotation.start, weekStartsOn);
      const excepted = new Set(rotation.except.map((d) => weekStartOf(d, weekStartsOn)));
      // Walk week by week from the anchor, counting weeks by hand.
      for (let w = anchorWeek, k = 0; w <= to; w = addDays(w, 7), k++) {
        if (w >= weekStartOf(from, weekStartsOn) && k % rotation.alternate === 0 && !excepted.has(w)) brute.push(w);
      }
      expect(rotationWeeks(rotation, from, to, weekStartsOn)).toEqual(brute);
    },
  );

  test.prop([rotationArb, rotationArb])('two rotations share a week exactly when some week within one full cycle has both', (a, b) => {
    const lcm = (x: number, y: number): number => (x * y) / gcdOf(x, y);
    const from = a.start > b.start ? a.start : b.start;
    const horizon = lcm(a.alternate, b.alternate) * (a.except.length + b.except.length + 2);
    let met = false;
    for (let k = 0; k < horizon * 7 + 7 && !met; k += 7) {
      const w = addDays(weekStartOf(from), k);
      met = rotationAppliesOn(a, w) && rotationAppliesOn(b, w);
    }
    expect(rotationsShareAWeek(a, b)).toBe(met);
  });

  it('handles three-week A/B/C rotations', () => {
    const a = { alternate: 3, start: '2025-06-01', except: [] };
    const b = { alternate: 3, start: '2025-06-08', except: [] };
    const c = { alternate: 3, start: '2025-06-15', except: ['2025-07-06'] };
    expect(rotationWeeks(a, '2025-06-01', '2025-07-31')).toEqual(['2025-06-01', '2025-06-22', '2025-07-13']);
    expect(rotationWeeks(c, '2025-06-01', '2025-07-31')).toEqual(['2025-06-15', '2025-07-27']);
    expect(rotationsShareAWeek(a, b)).toBe(false);
    expect(rotationsShareAWeek(a, { ...b, alternate: 2 })).toBe(true);
    expect(weekIndex('2025-06-08') - weekIndex('2025-06-01')).toBe(1);
    expect(describeRotation(a)).toBe('Every 3 weeks from 2025-06-01');
    expect(describeRotation({ ...a, alternate: 2, except: ['2025-06-15'] })).toBe('Every other week from 2025-06-01, except 1 week');
  });
});

const gcdOf = (a: number, b: number): number => (b === 0 ? a : gcdOf(b, a % b));

describe('overlap', () => {
  test.prop([entryArb, entryArb])('overlap is symmetric', (a, b) => {
    expect(entriesOverlap(a, b)).toBe(entriesOverlap(b, a));
  });

  test.prop([fc.array(fc.oneof(datedEntryArb, templateEntryArb(1), templateEntryArb(2)), { maxLength: 30 })])(
    'the O(n log n) batch check finds a conflict exactly when the pairwise check does, and a real one',
    (entries) => {
      const fast = findOverlap(entries);
      const slow = findOverlapPairwise(entries);
      expect(fast === null).toBe(slow === null);
      if (fast) expect(entriesOverlap(fast[0], fast[1])).toBe(true);
    },
  );

  it('refuses the same employee twice at once on a day, allows touching, other days and other people', () => {
    const base = { employee_id: 1, day: '2025-06-02', dow: null, published: false, detail: null };
    expect(entriesOverlap({ ...base, start_time: '09:00', end_time: '13:00' }, { ...base, start_time: '12:00', end_time: '18:00' })).toBe(true);
    expect(entriesOverlap({ ...base, start_time: '09:00', end_time: '13:00' }, { ...base, start_time: '13:00', end_time: '18:00' })).toBe(false);
    expect(entriesOverlap({ ...base, start_time: '09:00', end_time: '13:00' }, { ...base, day: '2025-06-03', start_time: '09:00', end_time: '13:00' })).toBe(false);
    expect(entriesOverlap({ ...base, start_time: '09:00', end_time: '13:00' }, { ...base, employee_id: 2, start_time: '09:00', end_time: '13:00' })).toBe(false);
  });

  it('lets alternate-week template entries overlap in time when they never share a week', () => {
    const base = { employee_id: 1, day: null, dow: 2, template_id: 'master', start_time: '09:00', end_time: '17:00' };
    const weekA = { ...base, detail: { alternate: 2, start: '2025-06-01', except: [] } };
    const weekB = { ...base, detail: { alternate: 2, start: '2025-06-08', except: [] } };
    expect(entriesOverlap(weekA, weekB)).toBe(false);
    expect(entriesOverlap(weekA, { ...base, detail: null })).toBe(true);
    expect(findOverlap([weekA, weekB])).toBeNull();
  });
});

describe('draft lifecycle', () => {
  const entry = (over: Partial<ScheduleEntry>): ScheduleEntry => ({ id: 0, business_id: 1, employee_id: 1, day: '2025-06-02', dow: null, start_time: '09:00', end_time: '17:00', published: false, auto: false, template_id: null, detail: null, archived_at: null, ...over });

  test.prop([fc.uniqueArray(datedEntryArb, { selector: (e) => e.id, maxLength: 25 })])('publishing twice equals publishing once', (entries) => {
    const request = { start: '2025-03-08', end: '2025-03-10' };
    const once = applyPublish(entries, planPublish(entries, request), '2025-03-01T00:00:00.000Z');
    const twice = applyPublish(once, planPublish(once, request), '2025-03-02T00:00:00.000Z');
    expect(twice).toEqual(once);
    expect(once.filter((e) => !e.published && e.archived_at === null && e.day !== null && e.day >= request.start && e.day <= request.end)).toEqual([]);
  });

  it('publishing a day replaces that employee-day’s published entries; clearing removes only drafts', () => {
    const entries = [entry({ id: 1, published: true }), entry({ id: 2 }), entry({ id: 3, employee_id: 2, published: true }), entry({ id: 4, day: '2025-06-20' })];
    expect(planPublish(entries, { start: '2025-06-01', end: '2025-06-07' })).toEqual({ publish: [2], archive: [1] });
    expect(planClearDrafts(entries, { start: '2025-06-01', end: '2025-06-30' })).toEqual([2, 4]);
    expect(planClearDrafts(entries, { start: '2025-06-10' })).toEqual([4]);
  });

  it('sets the unsaved-draft flag on any edit and clears it on publish or clear', () => {
    expect(nextDraftFlag(false, { type: 'edit' })).toBe(true);
    expect(nextDraftFlag(true, { type: 'published' })).toBe(false);
    expect(nextDraftFlag(true, { type: 'cleared' })).toBe(false);
    expect(nextDraftFlag(false, { type: 'loaded', drafts: 3 })).toBe(true);
    expect(nextDraftFlag(false, { type: 'loaded', drafts: 0 })).toBe(false);
  });

  it('turns the flag off on moving to a week without drafts (it stayed on until publish or clear)', () => {
    let flag = false;
    for (const event of [{ type: 'loaded', drafts: 4 }, { type: 'edit' }, { type: 'loaded', drafts: 4 }, { type: 'loaded', drafts: 0 }] as const) flag = nextDraftFlag(flag, event);
    expect(flag).toBe(false);
    // Removing the last draft by hand is an edit; the fresh copy that follows has none.
    expect(nextDraftFlag(nextDraftFlag(false, { type: 'edit' }), { type: 'loaded', drafts: 0 })).toBe(false);
  });

  const flagEventArb = fc.oneof(
    fc.constant({ type: 'edit' } as const),
    fc.constant({ type: 'published' } as const),
    fc.constant({ type: 'cleared' } as const),
    fc.nat({ max: 5 }).map((drafts) => ({ type: 'loaded', drafts }) as const),
  );

  test.prop([fc.boolean(), fc.array(flagEventArb, { maxLength: 20 })])('after any history, the flag reflects its last event: edits set it, publish/clear clear it, a fresh copy tells whether drafts exist', (start, events) => {
    const flag = events.reduce(nextDraftFlag, start);
    const last = events.at(-1);
    if (!last) expect(flag).toBe(start);
    else if (last.type === 'edit') expect(flag).toBe(true);
    else if (last.type === 'loaded') expect(flag).toBe(last.drafts > 0);
    else expect(flag).toBe(false);
  });

  test.prop([fc.array(fc.oneof(datedEntryArb, templateEntryArb(1), templateEntryArb(2)), { maxLength: 40 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 4 })])(
    'clearing all of one employee counts their template entries and their entries from the day on, and no one else’s',
    (entries, employee, offset) => {
      const from = addDays('2025-03-08', offset);
      const scope = clearAllScope(entries, employee, from);
      const mine = entries.filter((e) => e.employee_id === employee && e.archived_at === null);
      const kept = mine.filter((e) => e.day !== null && e.day < from);
      expect(scope.template + scope.published + scope.drafts).toBe(mine.length - kept.length);
      expect(scope.drafts).toBe(mine.filter((e) => e.day !== null && e.day >= from && !e.published).length);
      const others = clearAllScope(entries.filter((e) => e.employee_id !== employee), employee, from);
      expect(others).toEqual({ template: 0, published: 0, drafts: 0 });
    },
  );

  it('clears all from a day: template entries of every template, later dated entries, never archived ones', () => {
    const entries = [
      entry({ id: 1, published: true, day: '2025-06-01' }),
      entry({ id: 2, day: '2025-06-02' }),
      entry({ id: 3, day: '2025-06-03', published: true }),
      entry({ id: 4, day: null, dow: 1, template_id: 'summer' }),
      entry({ id: 5, day: null, dow: 2, archived_at: '2025-01-01T00:00:00.000Z' }),
      entry({ id: 6, employee_id: 2, day: '2025-06-03' }),
    ];
    expect(clearAllScope(entries, 1, '2025-06-02')).toEqual({ template: 1, published: 1, drafts: 1 });
  });

  it('tells when something happened in the business’s time zone, daylight saving included', () => {
    expect(formatInstantIn('2025-06-02T21:05:00.000Z', 'America/Los_Angeles')).toBe('Mon, Jun 2, 2025, 14:05 PDT');
    expect(formatInstantIn('2025-01-02T21:05:00.000Z', 'America/Los_Angeles')).toBe('Thu, Jan 2, 2025, 13:05 PST');
    // 2025-03-09 10:30 UTC is 03:30 PDT, the first hour after the clocks went forward.
    expect(formatInstantIn('2025-03-09T10:30:00.000Z', 'America/Los_Angeles')).toBe('Sun, Mar 9, 2025, 03:30 PDT');
    expect(formatInstantIn('2025-06-02T21:05:00.000Z', 'Asia/Kathmandu')).toMatch(/^Tue, Jun 3, 2025, 02:50 /);
    expect(formatInstantIn('not a date', 'America/Los_Angeles')).toBe('');
  });

  it('copies a template into dated entries, skipping holidays and weeks off-rotation', () => {
    const tpl = [
      entry({ id: 10, day: null, dow: 1, template_id: 'master' }),
      entry({ id: 11, day: null, dow: 2, template_id: 'master', detail: { alternate: 2, start: '2025-06-01', except: [] } }),
      entry({ id: 12, day: null, dow: 1, template_id: 'summer' }),
    ];
    const out = materializeTemplate(tpl, { from: '2025-06-01', to: '2025-06-14', settings: SCHEDULE_DEFAULTS, holidays: [{ day: '2025-06-09', name: 'Closed' }], templateId: 'master' });
    expect(out.map((e) => e.day)).toEqual(['2025-06-02', '2025-06-03']);
  });

  it('picks the named template whose dates contain the day when multipleTemplate is on', () => {
    const settings = resolveScheduleSettings({ multipleTemplate: true, templates: [{ id: 'summer', name: 'Summer', start: '2025-06-01', end: '2025-08-31' }] });
    expect(templateForDay(settings, '2025-07-01').id).toBe('summer');
    expect(templateForDay(settings, '2025-09-01').id).toBe('master');
    expect(templateForDay({ ...settings, multipleTemplate: false }, '2025-07-01').id).toBe('master');
  });

  it('republishing replaces template-made entries and leaves a manager’s own days alone', () => {
    const entries = [entry({ id: 1, published: true, auto: true }), entry({ id: 2, day: '2025-06-03', published: true, auto: false })];
    const generated = [
      { employee_id: 1, day: '2025-06-02', start_time: '10:00', end_time: '18:00', template_id: 'master' },
      { employee_id: 1, day: '2025-06-03', start_time: '10:00', end_time: '18:00', template_id: 'master' },
    ];
    expect(planRepublish(entries, generated, { from: '2025-06-01', to: '2025-06-28' })).toEqual({ remove: [1], create: [generated[0]] });
  });
});

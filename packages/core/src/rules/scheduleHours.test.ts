import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { dayArb, savedBusinessHoursArb, storeHoursArb, timeArb, weekStartsOnArb } from './schedule.arb';
import { storeHoursFor, weekStoreHours } from './scheduleHours';
import { resolveScheduleSettings } from './scheduleSettings';
import { dayOfWeekOf, normalizeEntryTimes, parseTime, ScheduleTimeError } from './scheduleTime';

describe('store hours, day by day', () => {
  test.prop([storeHoursArb, savedBusinessHoursArb])(
    'a day the business set open follows its Business Hours; any other day the schedule settings, marked closed when set closed',
    (storeHours, saved) => {
      const week = weekStoreHours({ storeHours }, saved);
      expect(week.map((d) => d.dow)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      for (const day of week) {
        const set = saved.find((s) => s.dow === day.dow);
        if (set?.open) {
          expect(day).toEqual({ dow: day.dow, start: set.start, end: set.end, source: 'business-hours', closed: false });
        } else {
          expect(day).toEqual({ dow: day.dow, start: storeHours.start, end: storeHours.end, source: 'schedule-settings', closed: set !== undefined });
        }
        expect((parseTime(day.start) as number) < (parseTime(day.end) as number)).toBe(true);
      }
    },
  );

  test.prop([storeHoursArb, savedBusinessHoursArb, dayArb, fc.option(timeArb(1), { nil: undefined }), fc.option(timeArb(1), { nil: undefined })])(
    'a shift saved on a day lies within that day’s store hours',
    (storeHours, saved, day, start_time, end_time) => {
      const hours = storeHoursFor(weekStoreHours({ storeHours }, saved), { day });
      expect(hours.dow).toBe(dayOfWeekOf(day));
      try {
        const times = normalizeEntryTimes({ start_time, end_time }, hours);
        expect(times.start_time >= hours.start && times.end_time <= hours.end && times.start_time < times.end_time).toBe(true);
      } catch (error) {
        expect(error).toBeInstanceOf(ScheduleTimeError);
      }
    },
  );

  it('the demo week: open Monday to Saturday, closed Sunday, nothing saved for a new location', () => {
    const settings = resolveScheduleSettings(null);
    const saved = [0, 1, 2, 3, 4, 5, 6].map((dow) => ({ dow, open: dow !== 0, start: dow === 1 ? '10:00' : '09:00', end: '19:00' }));
    const week = weekStoreHours(settings, saved);
    expect(storeHoursFor(week, { day: '2025-06-02' })).toEqual({ dow: 1, start: '10:00', end: '19:00', source: 'business-hours', closed: false });
    expect(storeHoursFor(week, { dow: 0 })).toEqual({ dow: 0, start: '07:00', end: '22:00', source: 'schedule-settings', closed: true });
    expect(weekStoreHours(settings, []).every((d) => d.source === 'schedule-settings' && !d.closed && d.start === '07:00' && d.end === '22:00')).toBe(true);
  });
});

describe('the first day of the week', () => {
  test.prop([fc.option(weekStartsOnArb, { nil: undefined }), fc.option(fc.oneof(weekStartsOnArb, fc.constantFrom(7, -1, 1.5, '1', null)), { nil: undefined })])(
    'is the schedule settings’ when saved, else the business calendar’s when it is a day of the week, else Sunday',
    (saved, calendar) => {
      const settings = resolveScheduleSettings(saved === undefined ? {} : { weekStartsOn: saved }, { weekStartsOn: calendar });
      const fromCalendar = typeof calendar === 'number' && Number.isInteger(calendar) && calendar >= 0 && calendar <= 6 ? calendar : 0;
      expect(settings.weekStartsOn).toBe(saved ?? fromCalendar);
    },
  );
});

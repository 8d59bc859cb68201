import { MASTER_TEMPLATE_ID, type ScheduleSettings, type ScheduleTemplate } from '../models/schedule';

/** The scheduler's constants (spec 000 §9), the defaults of every business's schedule settings. */
export const SCHEDULE_DEFAULTS: ScheduleSettings = Object.freeze({
  mode: 'publish',
  snap: '00:15',
  slot: '00:30',
  viewDays: 14,
  syncDays: 28,
  defaultStartTime: '10:00',
  defaultDuration: '09:00',
  storeHours: Object.freeze({ start: '07:00', end: '22:00' }),
  multipleTemplate: false,
  templates: Object.freeze([]) as unknown as ScheduleTemplate[],
  republishWeeks: 4,
  weekStartsOn: 0,
}) as ScheduleSettings;

/** The master template as the settings list it: every business has it, whatever it saved. */
export const MASTER_TEMPLATE: ScheduleTemplate = Object.freeze({ id: MASTER_TEMPLATE_ID, name: 'Master', start: null, end: null });

/** A business's calendar settings (`info.calendarSettings`, spec 000 §3), as far as the scheduler reads them. */
export interface CalendarSettings {
  weekStartsOn?: unknown;
}

const isDayOfWeek = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 6;

/**
 * A business's settings: what it saved over the defaults (storeHours merged field by field). The
 * week starts on the schedule settings' `weekStartsOn` when the business saved one, else on its
 * calendar's (`info.calendarSettings.weekStartsOn`), else on Sunday.
 */
export function resolveScheduleSettings(saved: Partial<ScheduleSettings> | null | undefined, calendar?: CalendarSettings | null): ScheduleSettings {
  const s = saved ?? {};
  return {
    ...SCHEDULE_DEFAULTS,
    ...(isDayOfWeek(calendar?.weekStartsOn) ? { weekStartsOn: calendar.weekStartsOn } : {}),
    ...s,
    storeHours: { ...SCHEDULE_DEFAULTS.storeHours, ...(s.storeHours ?? {}) },
    templates: [...(s.templates ?? [])].filter((t) => t.id !== MASTER_TEMPLATE_ID),
  };
}

/** Every template a business can use: the master first, then its named ones (when `multipleTemplate` is on). */
export const templatesOf = (settings: ScheduleSettings): ScheduleTemplate[] =>
  settings.multipleTemplate ? [MASTER_TEMPLATE, ...settings.templates] : [MASTER_TEMPLATE];

/**
 * The template that applies on `day`: the first named template whose `start`…`end` contains it
 * (when `multipleTemplate` is on), else the master.
 */
export function templateForDay(settings: ScheduleSettings, day: string): ScheduleTemplate {
  if (settings.multipleTemplate) {
    const named = settings.templates.find((t) => (t.start === null || t.start <= day) && (t.end === null || day <= t.end));
    if (named) return named;
  }
  return MASTER_TEMPLATE;
}

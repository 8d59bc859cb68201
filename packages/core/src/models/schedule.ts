import { z } from 'zod/mini';
import { day, id, instant, reportedDay, timeOfDay } from './ids';
import { text } from './input';

/**
 * Staff scheduling (spec 000 §3 Schedule entry, Schedule settings, Holidays).
 *
 * A schedule entry is either
 * - **dynamic**: dated (`day`, `YYYY-MM-DD` in the business's time zone); `published` false makes it
 *   a draft, true a published shift; or
 * - **static**: a template entry (`dow` 0 = Sunday … 6 = Saturday) of the template `template_id`,
 *   optionally on a week rotation (`detail`).
 * Times are wall-clock `HH:mm` in the business's time zone; they are never shifted by daylight
 * saving (convert with `rules/scheduleTime.ts` where an instant is needed).
 */

/** The scheduler's modes (spec 000 §4). */
export const SCHEDULE_MODE = { PUBLISH: 'publish', EDIT: 'edit', TEMPLATE: 'template' } as const;
export type ScheduleMode = (typeof SCHEDULE_MODE)[keyof typeof SCHEDULE_MODE];
export const SCHEDULE_MODE_LABEL: Record<ScheduleMode, string> = {
  publish: 'Published',
  edit: 'Edit draft',
  template: 'Template',
};

/** The kind of an entry, as the `update/{id}/static|dynamic` and `delete` paths name it. */
export const SCHEDULE_KIND = { STATIC: 'static', DYNAMIC: 'dynamic' } as const;
export type ScheduleKind = (typeof SCHEDULE_KIND)[keyof typeof SCHEDULE_KIND];
export const SCHEDULE_KIND_LABEL: Record<ScheduleKind, string> = { static: 'Template entry', dynamic: 'Dated entry' };

/** The template every business has; named templates are added in the settings. */
export const MASTER_TEMPLATE_ID = 'master';

/** A day of the week, 0 = Sunday … 6 = Saturday. */
export const dayOfWeek = z.int({ error: "Must be a whole number" }).check(z.minimum(0), z.maximum(6, { error: 'Must be a day of the week, 0 to 6' }));

/** A template's id: a short slug (`master`, `summer`, `t-2`). */
export const templateId = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: 'Must be a template id (lowercase letters, digits, dashes)' }));

/**
 * A week rotation: the entry applies every `alternate` weeks counted from the week containing
 * `start` (the anchor), except the weeks listed in `except`, given by **the first day of the week**
 * (`YYYY-MM-DD`, the business's week start). `alternate: 2` is the classic A/B week; `3` an A/B/C
 * rotation; `1` every week.
 */
export const rotation = z.object({
  alternate: z.int({ error: "Must be a whole number" }).check(z.minimum(1, { error: 'Must be every 1 or more weeks' }), z.maximum(52, { error: 'Must be at most every 52 weeks' })),
  start: day,
  except: z._default(z.array(day).check(z.maxLength(104)), []),
});
export type Rotation = z.infer<typeof rotation>;

/** A schedule entry as the API returns it. */
export const scheduleEntry = z.object({
  id,
  business_id: id,
  employee_id: id,
  /** Shifts republished from a template may run up to a year past the last day a request may name. */
  day: z.nullable(reportedDay),
  dow: z.nullable(dayOfWeek),
  start_time: timeOfDay,
  end_time: timeOfDay,
  published: z.boolean(),
  /** Made by republishing from a template (republishing replaces these, never hand-made ones). */
  auto: z.boolean(),
  template_id: z.nullable(templateId),
  detail: z.nullable(rotation),
  archived_at: z.nullable(instant),
});
export type ScheduleEntry = z.infer<typeof scheduleEntry>;

/** A named template; `start`/`end` are the days it applies (inclusive; `end` null = open). */
export const scheduleTemplate = z.object({
  id: templateId,
  name: text(60, { trim: true, min: 1, tooShort: 'Enter a name' }),
  start: z.nullable(day),
  end: z.nullable(day),
});
export type ScheduleTemplate = z.infer<typeof scheduleTemplate>;

/** A duration as `HH:mm` (`00:15`, `09:00`). */
export const duration = z.string().check(z.regex(/^([01]\d|2[0-4]):[0-5]\d$/, { error: 'Must be a duration as HH:mm' }));

/** Schedule settings of a business (spec 000 §3); defaults in `rules/scheduleSettings.ts`. */
export const scheduleSettings = z.object({
  mode: z.enum(['publish', 'edit', 'template']),
  snap: duration,
  slot: duration,
  viewDays: z.int().check(z.minimum(1), z.maximum(62)),
  syncDays: z.int().check(z.minimum(1), z.maximum(366)),
  defaultStartTime: timeOfDay,
  defaultDuration: duration,
  storeHours: z.object({ start: timeOfDay, end: timeOfDay }),
  multipleTemplate: z.boolean(),
  templates: z.array(scheduleTemplate).check(z.maxLength(50)),
  /** How many weeks `clear/republish` covers when the call names none (spec 000 §9: 4). */
  republishWeeks: z.int().check(z.minimum(1), z.maximum(52)),
  /** The first day of a week, 0 = Sunday. */
  weekStartsOn: dayOfWeek,
});
export type ScheduleSettings = z.infer<typeof scheduleSettings>;

/**
 * The store hours of one day of the week in the scheduler (`rules/scheduleHours.ts`): the
 * business's Business Hours for that day when it set the day open, else the schedule settings'
 * `storeHours`; `closed` when Business Hours has the day closed.
 */
export const dayStoreHours = z.object({
  dow: dayOfWeek,
  start: timeOfDay,
  end: timeOfDay,
  source: z.enum(['business-hours', 'schedule-settings']),
  closed: z.boolean(),
});

/** One holiday of a business. */
export const holiday = z.object({
  day,
  name: text(80, { trim: true, min: 1, tooShort: 'Enter a name' }),
});
export type Holiday = z.infer<typeof holiday>;

/** A staff member as the scheduler shows them, with their entries. */
export const scheduleStaff = z.object({
  id,
  name: z.string(),
  nickname: z.nullable(z.string()),
  full_name: z.string(),
  /** The name to show, unique within the business (core's `staffDisplayNames`). */
  display_name: z.string(),
  status: z.string(),
  order: z.number(),
  schedulerColor: z.nullable(z.string()),
  schedules: z.array(scheduleEntry),
});
export type ScheduleStaff = z.infer<typeof scheduleStaff>;

/** One line of the schedule's activity log. */
export const scheduleActivity = z.object({
  id,
  at: instant,
  user_id: z.nullable(id),
  user_name: z.nullable(z.string()),
  action: z.string(),
  summary: z.string(),
});
export type ScheduleActivity = z.infer<typeof scheduleActivity>;

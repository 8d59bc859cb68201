import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { day, id, reportedDay, timeOfDay } from '../models/ids';
import { text, wholeNumber } from '../models/input';
import {
  dayOfWeek,
  dayStoreHours,
  holiday,
  rotation,
  scheduleActivity,
  scheduleEntry,
  scheduleSettings,
  scheduleStaff,
  scheduleTemplate,
  templateId,
} from '../models/schedule';
import { defineEndpoint } from './endpoint';
import type { Transport } from './transport';

/**
 * Staff scheduling calls (spec 000 §7 Schedule). Every path is under
 * `/protected/business/{id}/`; reading needs `operation.view-staff`, changing `operation.staff`.
 * The server applies the rules of `rules/schedule*.ts` itself: times are defaulted and clamped to
 * store hours, overlaps are refused with `Cannot Set Overlapping Schedules`, bad times with
 * `Invalid Date`.
 */
const base = '/protected/business/{id}';
const businessParams = z.object({ id });
const scheduleParams = z.object({ id, scheduleId: id });
const employeeParams = z.object({ id, employeeId: id });

/** Any string for a time: the server answers `Invalid Date` for one that is not a time. */
const timeInput = z.optional(z.nullable(text(10)));

/** A new entry: a `day` (dated) or a `dow` (template entry), never both. */
export const scheduleInput = z.object({
  employee_id: id,
  day: z.optional(z.nullable(day)),
  dow: z.optional(z.nullable(dayOfWeek)),
  start_time: timeInput,
  end_time: timeInput,
  /** Dated entries: false (default) makes a draft, true a published entry. */
  published: z.optional(z.boolean()),
  /** Template entries: which template (default the master). */
  template_id: z.optional(z.nullable(templateId)),
  /** Template entries: a week rotation. */
  detail: z.optional(z.nullable(rotation)),
});
export type ScheduleInput = z.input<typeof scheduleInput>;

export const dynamicUpdate = z.object({
  employee_id: z.optional(id),
  day: z.optional(day),
  start_time: timeInput,
  end_time: timeInput,
});
export type DynamicUpdate = z.input<typeof dynamicUpdate>;

export const staticUpdate = z.object({
  employee_id: z.optional(id),
  dow: z.optional(dayOfWeek),
  start_time: timeInput,
  end_time: timeInput,
  detail: z.optional(z.nullable(rotation)),
});
export type StaticUpdate = z.input<typeof staticUpdate>;

const range = { start: z.optional(day), end: z.optional(day) };

/** A plan's fingerprint (`planFingerprint`): sent back with the action it summarised. */
const fingerprint = z.string().check(z.regex(/^[0-9a-z]{11}$/, { error: 'Must be the fingerprint of a change summary' }));

/** What a bulk action will change, week by week (`rules/scheduleChanges.ts`), and the plan's fingerprint. */
export const changeSummary = z.object({
  start: reportedDay,
  end: reportedDay,
  weeks: z.array(
    z.object({ weekStart: reportedDay, weekEnd: reportedDay, from: reportedDay, to: reportedDay, added: z.number(), replaced: z.number(), days: z.array(reportedDay) }),
  ),
  added: z.number(),
  replaced: z.number(),
  fingerprint,
});
export type ChangeSummaryResponse = z.infer<typeof changeSummary>;
const republishQuery = z.object({
  start: z.optional(day),
  days: z.optional(wholeNumber(1, 366)),
});
const settingsPatch = z.partial(
  z.extend(scheduleSettings, { templates: z.array(scheduleTemplate).check(z.maxLength(50)) }),
);

export const scheduleEndpoints = {
  getDynamic: defineEndpoint({
    name: 'schedule.getDynamic',
    method: 'GET',
    path: `${base}/schedule/get/dynamic`,
    access: 'business',
    permission: 'operation.view-staff',
    params: businessParams,
    /** `start` defaults to today in the business's time zone, `days` to the settings' `viewDays`. */
    query: z.object({ start: z.optional(day), days: z.optional(wholeNumber(1, 62)) }),
    /** `hours`: the store hours of each day of the week (index = dow), and where they come from. */
    response: z.object({
      start: reportedDay,
      end: reportedDay,
      today: reportedDay,
      timezone: z.string(),
      settings: scheduleSettings,
      hours: z.array(dayStoreHours),
      schedules: z.array(scheduleEntry),
    }),
    errorMessage: MESSAGES.failedToFetchData,
  }),
  add: defineEndpoint({
    name: 'schedule.add',
    method: 'POST',
    path: `${base}/schedule/add`,
    access: 'business',
    permission: 'operation.staff',
    params: businessParams,
    body: scheduleInput,
    response: scheduleEntry,
    errorMessage: MESSAGES.failedToSave,
  }),
  updateStatic: defineEndpoint({
    name: 'schedule.updateStatic',
    method: 'POST',
    path: `${base}/schedule/update/{scheduleId}/static`,
    access: 'business',
    permission: 'operation.staff',
    params: scheduleParams,
    body: staticUpdate,
    response: scheduleEntry,
    errorMessage: MESSAGES.failedToUpdate,
  }),
  updateDynamic: defineEndpoint({
    name: 'schedule.updateDynamic',
    method: 'POST',
    path: `${base}/schedule/update/{scheduleId}/dynamic`,
    access: 'business',
    permission: 'operation.staff',
    params: scheduleParams,
    body: dynamicUpdate,
    response: scheduleEntry,
    errorMessage: MESSAGES.failedToUpdate,
  }),
  deleteStatic: defineEndpoint({
    name: 'schedule.deleteStatic',
    method: 'POST',
    path: `${base}/schedule/delete/{scheduleId}/static`,
    access: 'business',
    permission: 'operation.staff',
    params: scheduleParams,
    response: z.object({ id }),
    errorMessage: MESSAGES.failedToDeleteSchedule,
  }),
  deleteDynamic: defineEndpoint({
    name: 'schedule.deleteDynamic',
    method: 'POST',
    path: `${base}/schedule/delete/{scheduleId}/dynamic`,
    access: 'business',
    permission: 'operation.staff',
    params: scheduleParams,
    response: z.object({ id }),
    errorMessage: MESSAGES.failedToDeleteSchedule,
  }),
  addBatch: defineEndpoint({
    name: 'schedule.addBatch',
    method: 'POST',
    path: `${base}/schedule/addbatch`,
    access: 'business',
    permission: 'operation.staff',
    params: businessParams,
    /**
     * `skip_overlaps`: entries that would overlap a saved entry or an earlier one of the batch are
     * left out (the response lists only those added) instead of refusing the whole batch with
     * `Cannot Set Overlapping Schedules`; a bulk copy counts what it skipped from the difference.
     */
    body: z.object({
      schedules: z.array(scheduleInput).check(z.minLength(1, { error: 'Add at least one schedule' }), z.maxLength(5000)),
      skip_overlaps: z.optional(z.boolean()),
    }),
    /** The entries added, in the order sent. */
    response: z.array(scheduleEntry),
    errorMessage: MESSAGES.failedToSave,
  }),
  publish: defineEndpoint({
    name: 'schedule.publish',
    method: 'POST',
    path: `${base}/schedule/publish`,
    access: 'business',
    permission: 'operation.staff',
    params: businessParams,
    /** `expected`: the fingerprint of the `publishPreview` the user confirmed; refused (409) when the plan changed since. */
    body: z.object({ drafts: z.optional(z.array(id).check(z.maxLength(10000))), start: day, end: day, expected: z.optional(fingerprint) }),
    response: z.object({ published: z.number(), replaced: z.number() }),
    errorMessage: MESSAGES.couldntPublishSchedules,
    successMessage: MESSAGES.draftsPublished,
  }),
  publishPreview: defineEndpoint({
    name: 'schedule.publishPreview',
    method: 'GET',
    path: `${base}/schedule/publish/preview`,
    access: 'business',
    permission: 'operation.staff',
    params: businessParams,
    /** What `publish` with the same range would change, per week; changes nothing. */
    query: z.object({ start: day, end: day }),
    response: changeSummary,
    errorMessage: MESSAGES.couldntPublishSchedules,
  }),
  clearDrafts: defineEndpoint({
    name: 'schedule.clearDrafts',
    method: 'POST',
    path: `${base}/schedule/clear/drafts`,
    access: 'business',
    permission: 'operation.staff',
    params: businessParams,
    body: z.object(range),
    response: z.object({ cleared: z.number() }),
    errorMessage: MESSAGES.failedToUpdateData,
    successMessage: MESSAGES.draftsCleared,
  }),
  republish: defineEndpoint({
    name: 'schedule.republish',
    method: 'POST',
    path: `${base}/schedule/clear/republish`,
    access: 'business',
    permission: 'operation.staff',
    params: businessParams,
    /**
     * `start` defaults to today, `days` to the settings' `republishWeeks` × 7 (4 weeks). `expected`:
     * the fingerprint of the `republishPreview` the user confirmed; refused (409) when the plan changed since.
     */
    body: z.object({ start: z.optional(day), days: z.optional(z.int().check(z.minimum(1), z.maximum(366))), expected: z.optional(fingerprint) }),
    response: z.object({ start: reportedDay, end: reportedDay, days: z.number(), created: z.number(), removed: z.number() }),
    errorMessage: MESSAGES.couldntPublishSchedules,
  }),
  republishPreview: defineEndpoint({
    name: 'schedule.republishPreview',
    method: 'GET',
    path: `${base}/schedule/clear/republish/preview`,
    access: 'business',
    permission: 'operation.staff',
    params: businessParams,
    /** What `republish` with the same `start` and `days` would change, per week; changes nothing. */
    query: republishQuery,
    response: changeSummary,
    errorMessage: MESSAGES.couldntPublishSchedules,
  }),
  republishFor: defineEndpoint({
    name: 'schedule.republishFor',
    method: 'POST',
    path: `${base}/schedule/clear/republishfor/{employeeId}`,
    access: 'business',
    permission: 'operation.staff',
    params: employeeParams,
    body: z.object({ start: z.optional(day), days: z.optional(z.int().check(z.minimum(1), z.maximum(366))) }),
    response: z.object({ start: reportedDay, end: reportedDay, days: z.number(), created: z.number(), removed: z.number() }),
    errorMessage: MESSAGES.couldntPublishSchedules,
  }),
  clearTemplates: defineEndpoint({
    name: 'schedule.clearTemplates',
    method: 'POST',
    path: `${base}/schedule/clear/templates`,
    access: 'business',
    permission: 'operation.staff',
    params: businessParams,
    body: z.object({ template_id: z.optional(templateId) }),
    response: z.object({ cleared: z.number() }),
    errorMessage: MESSAGES.templateNotFound,
    successMessage: MESSAGES.masterTemplateCleared,
  }),
  copyTemplate: defineEndpoint({
    name: 'schedule.copyTemplate',
    method: 'POST',
    path: `${base}/schedule/update/templates`,
    access: 'business',
    permission: 'operation.staff',
    params: businessParams,
    /** Drafts for `from`…`to` from template `template_id` (default the master); they replace that range's drafts. */
    body: z.object({ template_id: z.optional(templateId), from: day, to: day }),
    response: z.object({ created: z.number(), replaced: z.number() }),
    errorMessage: MESSAGES.templateNotFound,
    successMessage: MESSAGES.draftsCopiedFromTemplate,
  }),
  clearAll: defineEndpoint({
    name: 'schedule.clearAll',
    method: 'POST',
    path: `${base}/schedule/clearall/{employeeId}`,
    access: 'business',
    permission: 'operation.staff',
    params: employeeParams,
    /** Removes the employee's template entries and dated entries from `from` (default today) on. */
    body: z.object({ from: z.optional(day) }),
    response: z.object({ cleared: z.number() }),
    errorMessage: MESSAGES.failedToDeleteSchedule,
  }),
  settings: defineEndpoint({
    name: 'schedule.settings',
    method: 'POST',
    path: `${base}/schedule/settings`,
    access: 'business',
    permission: 'operation.staff',
    params: businessParams,
    /** The fields to change; an empty body changes nothing and returns the settings. */
    body: settingsPatch,
    response: scheduleSettings,
    errorMessage: MESSAGES.failedToUpdateData,
  }),
  holidaysFetch: defineEndpoint({
    name: 'schedule.holidaysFetch',
    method: 'GET',
    path: `${base}/holidays/fetch`,
    access: 'business',
    permission: 'operation.view-staff',
    params: businessParams,
    response: z.array(holiday),
    errorMessage: MESSAGES.failedToFetchData,
  }),
  holidaysUpdate: defineEndpoint({
    name: 'schedule.holidaysUpdate',
    method: 'POST',
    path: `${base}/holidays/update`,
    access: 'business',
    permission: 'operation.staff',
    params: businessParams,
    /** The whole list (it replaces the saved one); one holiday per day. */
    body: z.object({ holidays: z.array(holiday).check(z.maxLength(400)) }),
    response: z.array(holiday),
    errorMessage: MESSAGES.failedToUpdateData,
    successMessage: MESSAGES.successfullyUpdated,
  }),
  staffSchedules: defineEndpoint({
    name: 'schedule.staffSchedules',
    method: 'GET',
    path: `${base}/staff/schedules`,
    access: 'business',
    permission: 'operation.view-staff',
    params: businessParams,
    /** Active staff in scheduler order, each with their template entries and dated entries of `start`…+`days`. */
    query: z.object({ start: z.optional(day), days: z.optional(wholeNumber(1, 62)) }),
    response: z.array(scheduleStaff),
    errorMessage: MESSAGES.failedToFetchEmployees,
  }),
  activity: defineEndpoint({
    name: 'schedule.activity',
    method: 'GET',
    path: `${base}/activity/schedule`,
    access: 'business',
    permission: 'operation.view-staff',
    params: businessParams,
    query: z.object({ limit: z.optional(wholeNumber(1, 200)) }),
    response: z.array(scheduleActivity),
    errorMessage: MESSAGES.failedToFetchActivity,
  }),
} as const;

type Range = { start?: string; days?: number };

/** The schedule area of the client. Mutations return the server's data; messages are the endpoints'. */
export function scheduleClient(transport: Transport) {
  const e = scheduleEndpoints;
  return {
    /** Dated entries (published and drafts) of a range, with the settings. */
    getDynamic: (businessId: number, query: Range = {}) => transport.request(e.getDynamic, { params: { id: businessId }, query }),
    /** Active staff with their entries. */
    listStaff: (businessId: number, query: Range = {}) => transport.request(e.staffSchedules, { params: { id: businessId }, query }),
    create: (businessId: number, body: ScheduleInput) => transport.request(e.add, { params: { id: businessId }, body }),
    /** Adds entries at once; with `skipOverlaps` those that would overlap are left out (the result lists what was added). */
    createBatch: (businessId: number, schedules: ScheduleInput[], options: { skipOverlaps?: boolean } = {}) =>
      transport.request(e.addBatch, { params: { id: businessId }, body: { schedules, ...(options.skipOverlaps ? { skip_overlaps: true } : {}) } }),
    updateDynamic: (businessId: number, scheduleId: number, body: DynamicUpdate) =>
      transport.request(e.updateDynamic, { params: { id: businessId, scheduleId }, body }),
    updateStatic: (businessId: number, scheduleId: number, body: StaticUpdate) =>
      transport.request(e.updateStatic, { params: { id: businessId, scheduleId }, body }),
    removeDynamic: (businessId: number, scheduleId: number) => transport.request(e.deleteDynamic, { params: { id: businessId, scheduleId } }),
    removeStatic: (businessId: number, scheduleId: number) => transport.request(e.deleteStatic, { params: { id: businessId, scheduleId } }),
    publishDrafts: (businessId: number, body: { start: string; end: string; drafts?: number[]; expected?: string }) =>
      transport.request(e.publish, { params: { id: businessId }, body }),
    /** What publishing the drafts of `start`…`end` would change, per week (nothing changes). */
    publishPreview: (businessId: number, query: { start: string; end: string }) => transport.request(e.publishPreview, { params: { id: businessId }, query }),
    clearDrafts: (businessId: number, body: { start?: string; end?: string } = {}) => transport.request(e.clearDrafts, { params: { id: businessId }, body }),
    /** Republishes from the templates; the screen shows `schedulePublishedFor(result.days)`. */
    republish: (businessId: number, body: { start?: string | undefined; days?: number | undefined; expected?: string | undefined } = {}) =>
      transport.request(e.republish, { params: { id: businessId }, body }),
    /** What republishing from the templates would change, per week (nothing changes). */
    republishPreview: (businessId: number, query: Range = {}) => transport.request(e.republishPreview, { params: { id: businessId }, query }),
    republishFor: (businessId: number, employeeId: number, body: { start?: string; days?: number } = {}) =>
      transport.request(e.republishFor, { params: { id: businessId, employeeId }, body }),
    clearTemplate: (businessId: number, templateId?: string) =>
      transport.request(e.clearTemplates, { params: { id: businessId }, body: templateId ? { template_id: templateId } : {} }),
    copyDraftsFromTemplate: (businessId: number, body: { from: string; to: string; template_id?: string }) =>
      transport.request(e.copyTemplate, { params: { id: businessId }, body }),
    clearAll: (businessId: number, employeeId: number, body: { from?: string } = {}) =>
      transport.request(e.clearAll, { params: { id: businessId, employeeId }, body }),
    /** Saves the fields given (none: just reads the settings). */
    updateSettings: (businessId: number, body: z.input<typeof settingsPatch> = {}) => transport.request(e.settings, { params: { id: businessId }, body }),
    listHolidays: (businessId: number) => transport.request(e.holidaysFetch, { params: { id: businessId } }),
    updateHolidays: (businessId: number, holidays: { day: string; name: string }[]) =>
      transport.request(e.holidaysUpdate, { params: { id: businessId }, body: { holidays } }),
    activity: (businessId: number, limit?: number) => transport.request(e.activity, { params: { id: businessId }, query: limit ? { limit } : {} }),
  };
}

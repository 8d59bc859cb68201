import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { day, id, instant, instantInput, reportedDay } from '../models/ids';
import { text, wholeNumber } from '../models/input';
import { payrollSettings, TIMESHEET_SOURCE, TIMESHEET_UPDATE_MAX_SLOTS, type TimesheetSource, timesheetActivity, timesheetReason, timesheetSlot } from '../models/payroll';
import { CLOCK_PIN_PATTERN } from '../rules/clockPin';
import { defineEndpoint } from './endpoint';
import type { Transport } from './transport';

/**
 * Timesheets and the staff clock (spec 001 §3 Timesheet slot, §4, §7 Timesheets, §8). Every path
 * is under `/protected/business/{id}/`. The timesheet calls need `payroll.staffreport`; the staff
 * clock (`clock/…`) any user of the location — the member's PIN is what proves who clocks —, and a
 * member's PIN is set with `operation.staff`.
 *
 * Slots are saved a day at a time (`ts/updateall/{date}`: every slot of that business-zone day at
 * once, all or nothing, with a reason); a correction keeps the times first recorded
 * (`original_clockin`, `original_clockout`) and writes one activity row per changed slot. Slots of
 * a closed pay period (before `lastPayoutStartDate`) are refused until the period is reopened.
 */
const base = '/protected/business/{id}';
const businessParams = z.object({ id });

/** The most days `timesheets` and `activity/timesheets` cover at once. */
export const TIMESHEET_RANGE_MAX_DAYS = 62;
/** The most activity rows a page holds. */
export const TIMESHEET_ACTIVITY_PAGE_MAX = 200;

/** A slot as the timesheet calls send it: `timesheetSlot` with where it came from. */
export const timesheetEntry = z.extend(timesheetSlot, {
  source: z.enum([TIMESHEET_SOURCE.CLOCK, TIMESHEET_SOURCE.MANAGER, TIMESHEET_SOURCE.DEMO] as [TimesheetSource, ...TimesheetSource[]]),
});
export type TimesheetEntry = z.infer<typeof timesheetEntry>;

/** A member a timesheet can name: everyone with a slot in the range, and every active member (to add a slot for). */
export const timesheetStaff = z.object({ id, name: z.string(), active: z.boolean() });
export type TimesheetStaff = z.infer<typeof timesheetStaff>;

/** The slots of a range, with what the screen needs to total them: the break rule and the open pay period. */
export const timesheetRange = z.object({
  start: reportedDay,
  end: reportedDay,
  today: reportedDay,
  timezone: z.string(),
  /** The §9 break rule of the business (`payrollinfo` settings), for each day's totals. */
  breakSettings: z.pick(payrollSettings, { breakMinutes: true, breakThresholdHours: true }),
  /** The first day of the open pay period: slots before it are closed (null: none closed). */
  lastPayoutStartDate: z.nullable(reportedDay),
  staff: z.array(timesheetStaff),
  /** By day, then clock-in. */
  slots: z.array(timesheetEntry),
});
export type TimesheetRange = z.infer<typeof timesheetRange>;

/** An open slot, and from when it counts as "still clocked in" (`stillClockedInFrom`). */
export const openTimesheetEntry = z.extend(timesheetEntry, { still_clocked_in_from: instant, still_clocked_in: z.boolean() });
export type OpenTimesheetEntry = z.infer<typeof openTimesheetEntry>;

/** One slot of a day as `ts/updateall/{date}` takes it: an existing slot (`id`) as it should be, or a new one. */
export const timesheetSlotInput = z.object({
  id: z.optional(id),
  employee_id: id,
  clockin_at: instantInput,
  clockout_at: z.nullable(instantInput),
  /** The slot's `updated_at` as the screen read it: refused (409) when the slot changed since. */
  updated_at: z.optional(instantInput),
});
export type TimesheetSlotInput = z.input<typeof timesheetSlotInput>;

/**
 * The body of `ts/updateall/{date}`: every slot of the day as it should be — listed ones are kept
 * or corrected, those without an id are added — and the ids of the day's slots to remove. A slot of
 * the day that is neither listed nor removed means the day changed since the screen read it (409).
 */
export const timesheetDayUpdate = z.object({
  slots: z.array(timesheetSlotInput).check(z.maxLength(TIMESHEET_UPDATE_MAX_SLOTS)),
  remove: z._default(z.array(id).check(z.maxLength(TIMESHEET_UPDATE_MAX_SLOTS)), []),
  reason: timesheetReason,
});
export type TimesheetDayUpdate = z.input<typeof timesheetDayUpdate>;

/** What a day's update did, and the day's slots after it. */
export const timesheetDayResult = z.object({
  day: reportedDay,
  added: z.number(),
  changed: z.number(),
  removed: z.number(),
  slots: z.array(timesheetEntry),
});

/** A clock PIN as typed: 4 to 8 digits. */
export const clockPin = z.string().check(z.regex(CLOCK_PIN_PATTERN, { error: MESSAGES.clockPinFormat }));

/** A member as the staff clock lists them. */
export const clockMember = z.object({
  id,
  name: z.string(),
  has_pin: z.boolean(),
  /** The open slot's clock-in, or null when not clocked in. */
  clocked_in_at: z.nullable(instant),
  /** From when the open slot is past its usual clock-out (`stillClockedInFrom`), or null when not clocked in. */
  still_clocked_in_from: z._default(z.nullable(instant), null),
});
export type ClockMember = z.infer<typeof clockMember>;

const clockRequest = z.object({ employee_id: id, pin: clockPin });
const clockPinState = z.object({ has_pin: z.boolean(), updated_at: z.nullable(instant) });

export const timesheetEndpoints = {
  list: defineEndpoint({
    name: 'timesheets.list',
    method: 'GET',
    path: `${base}/timesheets`,
    access: 'business',
    permission: 'payroll.staffreport',
    params: businessParams,
    /** At most `TIMESHEET_RANGE_MAX_DAYS` days, business-zone days of clock-in. */
    query: z.object({ start: day, end: day }),
    response: timesheetRange,
    errorMessage: MESSAGES.failedToFetchStaffTimesheets,
  }),
  open: defineEndpoint({
    name: 'timesheets.open',
    method: 'GET',
    path: `${base}/timesheets/open`,
    access: 'business',
    permission: 'payroll.staffreport',
    params: businessParams,
    /** Every slot still open, oldest first; `still_clocked_in` past the location's clock-out time and grace, or too long. */
    response: z.object({ timezone: z.string(), slots: z.array(openTimesheetEntry) }),
    errorMessage: MESSAGES.failedToFetchStaffTimesheets,
  }),
  updateAll: defineEndpoint({
    name: 'timesheets.updateAll',
    method: 'POST',
    path: `${base}/ts/updateall/{date}`,
    access: 'business',
    permission: 'payroll.staffreport',
    params: z.object({ id, date: day }),
    body: timesheetDayUpdate,
    response: timesheetDayResult,
    errorMessage: MESSAGES.failedToUpdateTimesheet,
    successMessage: MESSAGES.timesheetUpdated,
  }),
  clockOut: defineEndpoint({
    name: 'timesheets.clockOut',
    method: 'POST',
    path: `${base}/ts/{slotId}/clockout`,
    access: 'business',
    permission: 'payroll.staffreport',
    params: z.object({ id, slotId: id }),
    /** `clockout_at` defaults to now; `reason` goes to the activity. */
    body: z.object({ clockout_at: z.optional(instantInput), reason: z.optional(text(500, { trim: true })) }),
    response: timesheetEntry,
    errorMessage: MESSAGES.failedToClockOut,
    successMessage: MESSAGES.clockedOut,
  }),
  activity: defineEndpoint({
    name: 'timesheets.activity',
    method: 'GET',
    path: `${base}/activity/timesheets`,
    access: 'business',
    permission: 'payroll.staffreport',
    params: businessParams,
    /**
     * Newest first, `limit` a page (default 50); `before` an activity id (the next page starts
     * after it); `start`/`end` the slots' days (both or neither); `employee_id` one member.
     */
    query: z.object({
      start: z.optional(day),
      end: z.optional(day),
      employee_id: z.optional(id),
      before: z.optional(id),
      limit: z.optional(wholeNumber(1, TIMESHEET_ACTIVITY_PAGE_MAX)),
    }),
    /** `next`: the `before` of the next page, or null on the last. */
    response: z.object({ timezone: z.string(), rows: z.array(timesheetActivity), next: z.nullable(id) }),
    errorMessage: MESSAGES.failedToFetchActivity,
  }),

  clockStaff: defineEndpoint({
    name: 'timesheets.clockStaff',
    method: 'GET',
    path: `${base}/clock/staff`,
    access: 'business',
    params: businessParams,
    /** Active members in scheduler order, whether each has a PIN and is clocked in. */
    response: z.object({ timezone: z.string(), staff: z.array(clockMember) }),
    errorMessage: MESSAGES.failedToFetchEmployees,
  }),
  clockIn: defineEndpoint({
    name: 'timesheets.clockIn',
    method: 'POST',
    path: `${base}/clock/in`,
    access: 'business',
    params: businessParams,
    body: clockRequest,
    response: timesheetEntry,
    errorMessage: MESSAGES.failedToClockIn,
  }),
  clockOutSelf: defineEndpoint({
    name: 'timesheets.clockOutSelf',
    method: 'POST',
    path: `${base}/clock/out`,
    access: 'business',
    params: businessParams,
    body: clockRequest,
    response: timesheetEntry,
    errorMessage: MESSAGES.failedToClockOut,
    successMessage: MESSAGES.clockedOut,
  }),
  clockPinGet: defineEndpoint({
    name: 'timesheets.clockPinGet',
    method: 'GET',
    path: `${base}/staff/{staffId}/clockpin`,
    access: 'business',
    permission: 'operation.view-staff',
    params: z.object({ id, staffId: id }),
    response: clockPinState,
    errorMessage: MESSAGES.failedToFetchEmployees,
  }),
  clockPinSet: defineEndpoint({
    name: 'timesheets.clockPinSet',
    method: 'POST',
    path: `${base}/staff/{staffId}/clockpin`,
    access: 'business',
    permission: 'operation.staff',
    params: z.object({ id, staffId: id }),
    /** A new PIN, or null to remove it (the member cannot use the clock until a new one is set). */
    body: z.object({ pin: z.nullable(clockPin) }),
    response: clockPinState,
    errorMessage: MESSAGES.failedToSaveClockPin,
    successMessage: MESSAGES.clockPinSaved,
  }),
} as const;

export interface TimesheetActivityQuery {
  start?: string;
  end?: string;
  employee_id?: number;
  before?: number;
  limit?: number;
}

/** The timesheet area of the client: slots, corrections, the activity, the staff clock and PINs. */
export function timesheetsClient(transport: Transport) {
  const e = timesheetEndpoints;
  return {
    /** The slots of `start`…`end` (business-zone days of clock-in), with the break rule and the open pay period. */
    list: (businessId: number, start: string, end: string) => transport.request(e.list, { params: { id: businessId }, query: { start, end } }),
    /** Every open slot, and which are still clocked in past the location's clock-out time. */
    open: (businessId: number) => transport.request(e.open, { params: { id: businessId } }),
    /** Saves every slot of `day` at once (all or nothing), with the reason. */
    updateAll: (businessId: number, date: string, body: TimesheetDayUpdate) => transport.request(e.updateAll, { params: { id: businessId, date }, body }),
    /** Clocks out an open slot (now, or at `clockout_at`). */
    clockOut: (businessId: number, slotId: number, body: { clockout_at?: string; reason?: string } = {}) =>
      transport.request(e.clockOut, { params: { id: businessId, slotId }, body }),
    activity: (businessId: number, query: TimesheetActivityQuery = {}) => transport.request(e.activity, { params: { id: businessId }, query }),
    clockStaff: (businessId: number) => transport.request(e.clockStaff, { params: { id: businessId } }),
    clockIn: (businessId: number, body: { employee_id: number; pin: string }) => transport.request(e.clockIn, { params: { id: businessId }, body }),
    clockOutSelf: (businessId: number, body: { employee_id: number; pin: string }) => transport.request(e.clockOutSelf, { params: { id: businessId }, body }),
    clockPin: (businessId: number, staffId: number) => transport.request(e.clockPinGet, { params: { id: businessId, staffId } }),
    /** Sets a member's PIN (null removes it). */
    setClockPin: (businessId: number, staffId: number, pin: string | null) => transport.request(e.clockPinSet, { params: { id: businessId, staffId }, body: { pin } }),
  };
}

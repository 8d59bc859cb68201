import {
  addDays,
  breaksOverDays,
  clockoutFromTime,
  dayLabel,
  daySlotProblems,
  type DayBreak,
  entryInstants,
  hoursByEmployeeDay,
  MESSAGES,
  type PayrollSettings,
  parseTime,
  slotDay,
  TIMESHEET_ACTION_LABEL,
  timeInZone,
  type TimesheetActivity,
  type TimesheetEntry,
  type TimesheetSlotInput,
  type TimesheetTimes,
  wallClockOf,
} from '@salondesk/core';

/**
 * What the Staff timesheets screen shows and sends, worked out from the API's answers with core's
 * rules: the day editor's rows and the request they make, each day's and person's totals with
 * the break rule, and the activity as sentences. Times are the business's wall clock.
 */

type BreakSettings = Pick<PayrollSettings, 'breakMinutes' | 'breakThresholdHours'>;

/** An instant as the business reads it, `09:02 AM`, with `(next day)` when it falls after `day`. */
export function timeOnDay(at: string, day: string, timeZone: string): string {
  const onDay = slotDay(at, timeZone);
  const time = timeInZone(at, timeZone);
  if (onDay === day) return time;
  return onDay === addDays(day, 1) ? `${time} (next day)` : `${time} (${dayLabel(onDay)})`;
}

/**
 * A slot's times as people read them: `09:02 AM – 05:30 PM`, or with no clock-out `09:02 AM –
 * still clocked in` (`open` words it otherwise: the times first recorded say `no clock-out`).
 */
export function slotTimes(times: TimesheetTimes, day: string, timeZone: string, open = 'still clocked in'): string {
  return `${timeOnDay(times.clockin_at, day, timeZone)} – ${times.clockout_at === null ? open : timeOnDay(times.clockout_at, day, timeZone)}`;
}

// ——— The day editor ——————————————————————————————————————————————————————————————————————

/** One row of the day editor: a slot of the day (or a new one) as wall-clock times, `HH:mm`. */
export interface DraftRow {
  /** A stable key for the row (the slot's id, or `new-N`). */
  key: string;
  id?: number;
  employee_id: number | null;
  clockin: string;
  /** Empty: still clocked in. Earlier on the clock than the clock-in: the next day. */
  clockout: string;
  updated_at?: string;
  removed: boolean;
  /** The slot as the screen read it: a time left as it was keeps its own instant (seconds and day included). */
  original?: { clockin: string; clockout: string; clockin_at: string; clockout_at: string | null };
}

/** The editor's rows for a day's slots. */
export const draftsOf = (slots: readonly TimesheetEntry[], timeZone: string): DraftRow[] =>
  slots.map((s) => {
    const clockin = wallClockOf(new Date(s.clockin_at), timeZone);
    const clockout = s.clockout_at === null ? '' : wallClockOf(new Date(s.clockout_at), timeZone);
    return {
      key: String(s.id),
      id: s.id,
      employee_id: s.employee_id,
      clockin,
      clockout,
      updated_at: s.updated_at,
      removed: false,
      original: { clockin, clockout, clockin_at: s.clockin_at, clockout_at: s.clockout_at },
    };
  });

/** A wall-clock time of `day` in the zone, as an instant. */
const instantOf = (day: string, time: string, timeZone: string): string => entryInstants(day, time, time, timeZone).start.toISOString();

/** Did the person change this row's times in the editor (a new row: always)? */
export const rowTimesChanged = (row: Pick<DraftRow, 'clockin' | 'clockout' | 'original'>): boolean =>
  row.original === undefined || row.clockin !== row.original.clockin || row.clockout !== row.original.clockout;

/**
 * A row's instants, or null while a time is missing or not a time. A time left as it was read is
 * the slot's own instant; a clock-in typed is that time of `day`; a clock-out typed is the first
 * reading of it from the clock-in on (`clockoutFromTime`: the next day when it is earlier on the clock).
 */
export function rowInstants(row: DraftRow, day: string, timeZone: string): { clockin_at: string; clockout_at: string | null } | null {
  if (parseTime(row.clockin) === null || (row.clockout !== '' && parseTime(row.clockout) === null)) return null;
  const original = row.original;
  const clockin_at = original && row.clockin === original.clockin ? original.clockin_at : instantOf(day, row.clockin, timeZone);
  if (row.clockout === '') return { clockin_at, clockout_at: null };
  if (original && original.clockout_at !== null && row.clockout === original.clockout) return { clockin_at, clockout_at: original.clockout_at };
  const clockout = clockoutFromTime(clockin_at, row.clockout, timeZone);
  return clockout === null ? null : { clockin_at, clockout_at: clockout.toISOString() };
}

/** What the clock-out field says under it: still clocked in, or the day of a clock-out that is not on the clock-in's day. */
export function clockoutHint(row: DraftRow, day: string, timeZone: string): string | undefined {
  if (row.clockout === '') return 'Empty: still clocked in';
  const times = rowInstants(row, day, timeZone);
  if (times?.clockout_at == null) return undefined;
  const from = slotDay(times.clockin_at, timeZone);
  const to = slotDay(times.clockout_at, timeZone);
  if (to === from) return undefined;
  return to === addDays(from, 1) ? 'On the next day' : `On ${dayLabel(to)}`;
}

/** What is wrong with a row before anything is sent, by its key: a missing person or time, then core's rules of a day. */
export function rowProblems(rows: readonly DraftRow[], day: string, timeZone: string, now: Date): Map<string, { field: 'employee_id' | 'clockin_at' | 'clockout_at'; message: string }[]> {
  const out = new Map<string, { field: 'employee_id' | 'clockin_at' | 'clockout_at'; message: string }[]>();
  const add = (key: string, field: 'employee_id' | 'clockin_at' | 'clockout_at', message: string) => out.set(key, [...(out.get(key) ?? []), { field, message }]);
  const kept = rows.filter((r) => !r.removed);
  const checkable: { row: DraftRow; times: { clockin_at: string; clockout_at: string | null } }[] = [];
  for (const row of kept) {
    if (row.employee_id === null) add(row.key, 'employee_id', MESSAGES.timesheetChooseStaff);
    const times = rowInstants(row, day, timeZone);
    if (parseTime(row.clockin) === null) add(row.key, 'clockin_at', MESSAGES.timesheetClockinRequired);
    else if (times === null) add(row.key, 'clockout_at', MESSAGES.timesheetClockoutUnreadable);
    if (times && row.employee_id !== null) checkable.push({ row, times });
  }
  const problems = daySlotProblems(
    checkable.map(({ row, times }) => ({ ...(row.id === undefined ? {} : { id: row.id }), employee_id: row.employee_id as number, ...times })),
    { day, timeZone, now },
  );
  for (const p of problems) {
    const row = checkable[p.index]?.row;
    if (row && p.field !== 'id') add(row.key, p.field, p.message);
  }
  return out;
}

/** The request of the day editor's rows: every kept slot (listed with its version), and the removed ones. */
export function dayUpdateOf(rows: readonly DraftRow[], day: string, timeZone: string): { slots: TimesheetSlotInput[]; remove: number[] } {
  const slots: TimesheetSlotInput[] = [];
  for (const row of rows) {
    if (row.removed || row.employee_id === null) continue;
    const times = rowInstants(row, day, timeZone);
    if (!times) continue;
    slots.push({ ...(row.id === undefined ? {} : { id: row.id }), employee_id: row.employee_id, ...times, ...(row.updated_at ? { updated_at: row.updated_at } : {}) });
  }
  return { slots, remove: rows.filter((r) => r.removed && r.id !== undefined).map((r) => r.id as number) };
}

/**
 * How many slots the editor adds, corrects and removes: a slot is corrected when a time of it was
 * changed in the editor (and is not back to what it was); a slot corrected before is not counted
 * again (its badge says so).
 */
export function dayChanges(rows: readonly DraftRow[]): { added: number; changed: number; removed: number } {
  let added = 0;
  let changed = 0;
  let removed = 0;
  for (const row of rows) {
    if (row.id === undefined) {
      if (!row.removed) added++;
    } else if (row.removed) removed++;
    else if (rowTimesChanged(row)) changed++;
  }
  return { added, changed, removed };
}

/** `2 corrected, 1 added, 1 removed` (nothing: `No changes`). */
export function changesLabel(changes: { added: number; changed: number; removed: number }): string {
  const parts = [changes.changed ? `${changes.changed} corrected` : '', changes.added ? `${changes.added} added` : '', changes.removed ? `${changes.removed} removed` : ''].filter(Boolean);
  return parts.length === 0 ? 'No changes' : parts.join(', ');
}

// ——— Totals with the break rule ————————————————————————————————————————————————————————

export interface PersonTotals extends DayBreak {
  employee_id: number;
  name: string;
  days: number;
}

export interface DayTotals extends DayBreak {
  day: string;
  people: number;
}

/**
 * Each person's hours over the range, the break (§9) deducted day by day (`breaksOverDays`); open
 * slots count to `now`, as the screen shows them.
 */
export function personTotals(slots: readonly TimesheetEntry[], timeZone: string, now: Date, settings: BreakSettings): PersonTotals[] {
  const names = new Map(slots.map((s) => [s.employee_id, s.employee_name]));
  return [...hoursByEmployeeDay(slots, timeZone, now, true)]
    .map(([employee_id, days]) => ({ employee_id, name: names.get(employee_id) ?? `#${employee_id}`, days: days.size, ...breaksOverDays(days.values(), settings) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Each day's hours over everyone, each person's break deducted on their own day. */
export function dayTotals(slots: readonly TimesheetEntry[], timeZone: string, now: Date, settings: BreakSettings): DayTotals[] {
  const byDay = new Map<string, number[]>();
  for (const days of hoursByEmployeeDay(slots, timeZone, now, true).values()) {
    for (const [day, hours] of days) byDay.set(day, [...(byDay.get(day) ?? []), hours]);
  }
  return [...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([day, hours]) => ({ day, people: hours.length, ...breaksOverDays(hours, settings) }));
}

/** The break rule in a sentence, for the totals' caption. */
export function breakRuleLabel(settings: BreakSettings): string {
  if (settings.breakMinutes === null || settings.breakMinutes <= 0) return 'No break is deducted (no break minutes are set in the payroll settings).';
  const threshold = settings.breakThresholdHours === null ? 'on every day worked' : `on a day of ${settings.breakThresholdHours} hours or more`;
  return `A ${settings.breakMinutes}-minute break is deducted ${threshold}, never more than the day’s hours.`;
}

// ——— The activity ————————————————————————————————————————————————————————————————————————

/** Who did it: the person, or the staff clock when nobody signed in did. */
export const activityWho = (row: TimesheetActivity): string => row.user_name ?? (row.user_id === null && row.employee_id !== null ? 'Staff clock' : 'Former user');

/** What happened, in a sentence, with the reason when one was given. */
export function activitySentence(row: TimesheetActivity, timeZone: string): string {
  const who = row.employee_name ?? 'a former staff member';
  const day = row.day ?? (row.after ? slotDay(row.after.clockin_at, timeZone) : row.before ? slotDay(row.before.clockin_at, timeZone) : null);
  const on = day ? ` of ${dayLabel(day)}` : '';
  const times = (t: TimesheetTimes | null) => (t && day ? slotTimes(t, day, timeZone) : '—');
  let sentence: string;
  switch (row.action) {
    case 'clockin':
      sentence = row.after ? `${who} clocked in at ${timeInZone(row.after.clockin_at, timeZone)}.` : `${who} clocked in.`;
      break;
    case 'clockout':
      sentence =
        row.user_id === null && row.after?.clockout_at
          ? `${who} clocked out at ${timeInZone(row.after.clockout_at, timeZone)}.`
          : `Clocked out ${who}’s slot${on}: ${times(row.after)}.`;
      break;
    case 'add':
      sentence = `Added a slot for ${who}${day ? ` on ${dayLabel(day)}` : ''}: ${times(row.after)}.`;
      break;
    case 'edit':
      sentence = `Corrected ${who}’s slot${on}: ${times(row.before)} → ${times(row.after)}.`;
      break;
    case 'delete':
      sentence = `Removed ${who}’s slot${on}: ${times(row.before)}.`;
      break;
    default:
      sentence = `${TIMESHEET_ACTION_LABEL[row.action]}${day ? ` (${dayLabel(day)})` : ''}.`;
  }
  return row.reason ? `${sentence} Reason: ${row.reason}` : sentence;
}

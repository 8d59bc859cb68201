import type { Holiday, ScheduleEntry, ScheduleSettings } from '../models/schedule';
import { rotationAppliesOn } from './scheduleRotation';
import { templateForDay } from './scheduleSettings';
import { addDays, dayOfWeekOf, dayRange, daysBetween } from './scheduleTime';

/**
 * The draft lifecycle (spec 000 §4): drafts are unpublished dynamic entries; publishing turns
 * drafts into published entries; clearing drafts removes the unpublished ones; any edit sets the
 * unsaved-draft flag; drafts can be copied from a template; the master template can be cleared;
 * the schedule can be republished from the templates for a horizon.
 * Pure functions over lists of entries: the server applies the plans they return.
 */

export const isDraft = (e: Pick<ScheduleEntry, 'day' | 'published' | 'archived_at'>): boolean => e.day !== null && !e.published && e.archived_at === null;
export const isPublished = (e: Pick<ScheduleEntry, 'day' | 'published' | 'archived_at'>): boolean => e.day !== null && e.published && e.archived_at === null;
export const isTemplateEntry = (e: Pick<ScheduleEntry, 'dow' | 'archived_at'>): boolean => e.dow !== null && e.archived_at === null;

const inRange = (day: string | null, start: string, end: string): day is string => day !== null && start <= day && day <= end;
const employeeDay = (e: Pick<ScheduleEntry, 'employee_id' | 'day'>) => `${e.employee_id}|${e.day}`;

export interface PublishRequest {
  start: string;
  end: string;
  /** Only these drafts (ids); all drafts in the range when absent. */
  drafts?: readonly number[] | undefined;
}

export interface PublishPlan {
  /** Drafts that become published. */
  publish: number[];
  /** Published entries replaced by them (same employee and day): archived. */
  archive: number[];
}

/**
 * What publishing does: every chosen draft in `start`…`end` becomes published, and the published
 * entries of the employee-days it covers are archived (the draft week replaces them). Publishing
 * again finds no drafts and changes nothing.
 */
export function planPublish(entries: readonly ScheduleEntry[], request: PublishRequest): PublishPlan {
  const only = request.drafts ? new Set(request.drafts) : null;
  const drafts = entries.filter((e) => isDraft(e) && inRange(e.day, request.start, request.end) && (!only || only.has(e.id)));
  const covered = new Set(drafts.map(employeeDay));
  const archive = entries.filter((e) => isPublished(e) && covered.has(employeeDay(e))).map((e) => e.id);
  return { publish: drafts.map((e) => e.id), archive };
}

/** Applies a publish plan to a list (what the server does in SQL), `now` stamping the archived ones. */
export function applyPublish(entries: readonly ScheduleEntry[], plan: PublishPlan, now: string): ScheduleEntry[] {
  const publish = new Set(plan.publish);
  const archive = new Set(plan.archive);
  return entries.map((e) => (publish.has(e.id) ? { ...e, published: true } : archive.has(e.id) ? { ...e, archived_at: now } : e));
}

/**
 * The dated schedule as it will stand once every draft is published (what the draft view shows,
 * and what its hours count): each employee-day with drafts has its drafts, every other day its
 * published entries. The same plan as publishing (`planPublish`), applied to the whole list.
 */
export function scheduleOnceDraftsPublished<T extends ScheduleEntry>(entries: readonly T[]): T[] {
  const plan = planPublish(entries, { start: '0000-01-01', end: '9999-12-31' });
  const publish = new Set(plan.publish);
  const archive = new Set(plan.archive);
  return entries.filter((e) => publish.has(e.id) || (isPublished(e) && !archive.has(e.id)));
}

/** Drafts removed by clearing drafts in `start`…`end` (every day when absent). */
export function planClearDrafts(entries: readonly ScheduleEntry[], range?: { start?: string | undefined; end?: string | undefined }): number[] {
  const start = range?.start ?? '0000-01-01';
  const end = range?.end ?? '9999-12-31';
  return entries.filter((e) => isDraft(e) && inRange(e.day, start, end)).map((e) => e.id);
}

/**
 * The unsaved-draft indicator's events. `edit`: a draft was added, changed or removed (send it
 * when the change is sent, before the schedule is fetched again); `published` / `cleared`: the
 * drafts were published or cleared; `loaded`: a fresh copy of the visible range arrived (send it
 * after every fetch, including the one each change triggers), with the drafts it holds.
 */
export type DraftFlagEvent = { type: 'edit' } | { type: 'published' } | { type: 'cleared' } | { type: 'loaded'; drafts: number };

/**
 * The unsaved-draft flag (spec 000 §4): any edit sets it at once and publishing or clearing the
 * drafts clears it at once, so the indicator answers a manager's action immediately; each fresh
 * copy of the visible range then settles it to the truth: on exactly when that range holds
 * unpublished drafts. It never stays on in a week without drafts (moving to another week, or
 * removing the last draft by hand) and never stays off in a week that has them.
 */
export function nextDraftFlag(flag: boolean, event: DraftFlagEvent): boolean {
  switch (event.type) {
    case 'edit':
      return true;
    case 'published':
    case 'cleared':
      return false;
    case 'loaded':
      return event.drafts > 0;
    default:
      return flag;
  }
}

/** What `schedule/clearall/{id}` removes for one employee, by kind. */
export interface ClearAllScope {
  /** Template entries of every template (rotations included). */
  template: number;
  /** Published dated entries from `from` on. */
  published: number;
  /** Drafts from `from` on. */
  drafts: number;
}

/**
 * What clearing all of one employee's schedules from `from` on removes among `entries` (the
 * server's `clearall`): their template entries of every template, and their published entries
 * and drafts dated `from` or later. Earlier days and other employees keep theirs.
 */
export function clearAllScope(entries: readonly ScheduleEntry[], employeeId: number, from: string): ClearAllScope {
  const scope: ClearAllScope = { template: 0, published: 0, drafts: 0 };
  for (const e of entries) {
    if (e.employee_id !== employeeId || e.archived_at !== null) continue;
    if (e.dow !== null) scope.template += 1;
    else if (e.day !== null && e.day >= from) scope[e.published ? 'published' : 'drafts'] += 1;
  }
  return scope;
}

/** A dated entry a template produces (no id yet). */
export interface GeneratedEntry {
  employee_id: number;
  day: string;
  start_time: string;
  end_time: string;
  template_id: string;
}

export interface MaterializeOptions {
  from: string;
  to: string;
  settings: ScheduleSettings;
  holidays?: readonly Holiday[];
  /** Only this template (copy from template); else the template that applies on each day (republish). */
  templateId?: string | undefined;
  /** Only these employees. */
  employees?: readonly number[] | undefined;
}

/**
 * The dated entries the templates give for `from`…`to`: for each day, the entries of the template
 * (the one named, or the one that applies that day) on that day of the week whose rotation
 * applies that week. Holidays get none. Times are copied as wall-clock times, so a daylight-saving
 * day gets the same `HH:mm` as any other.
 */
export function materializeTemplate(templateEntries: readonly ScheduleEntry[], options: MaterializeOptions): GeneratedEntry[] {
  const holidays = new Set((options.holidays ?? []).map((h) => h.day));
  const employees = options.employees ? new Set(options.employees) : null;
  const byDow = new Map<number, ScheduleEntry[]>();
  for (const e of templateEntries) {
    if (!isTemplateEntry(e) || (employees && !employees.has(e.employee_id))) continue;
    const list = byDow.get(e.dow as number) ?? [];
    list.push(e);
    byDow.set(e.dow as number, list);
  }
  const out: GeneratedEntry[] = [];
  const count = daysBetween(options.from, options.to) + 1;
  for (const day of dayRange(options.from, count)) {
    if (holidays.has(day)) continue;
    const template = options.templateId ?? templateForDay(options.settings, day).id;
    for (const e of byDow.get(dayOfWeekOf(day)) ?? []) {
      if (e.template_id !== template) continue;
      if (!rotationAppliesOn(e.detail, day, options.settings.weekStartsOn)) continue;
      out.push({ employee_id: e.employee_id, day, start_time: e.start_time, end_time: e.end_time, template_id: template });
    }
  }
  return out;
}

export interface RepublishPlan {
  /** Published entries made from templates earlier, in the horizon: removed. */
  remove: number[];
  /** Entries to create (published, `auto`). */
  create: GeneratedEntry[];
}

/**
 * Republishing from the templates for a horizon: earlier template-made (`auto`) published entries
 * in it are replaced by what the templates give now; an employee-day that has hand-made published
 * entries or drafts keeps them and gets nothing generated (a manager's edit wins).
 */
export function planRepublish(entries: readonly ScheduleEntry[], generated: readonly GeneratedEntry[], range: { from: string; to: string }): RepublishPlan {
  const inHorizon = entries.filter((e) => e.archived_at === null && inRange(e.day, range.from, range.to));
  const remove = inHorizon.filter((e) => e.published && e.auto).map((e) => e.id);
  const kept = new Set(inHorizon.filter((e) => !(e.published && e.auto)).map(employeeDay));
  return { remove, create: generated.filter((g) => inRange(g.day, range.from, range.to) && !kept.has(employeeDay(g))) };
}

/** The horizon `clear/republish` covers: `days` days from `start` (inclusive). */
export const republishRange = (start: string, days: number): { from: string; to: string } => ({ from: start, to: addDays(start, days - 1) });

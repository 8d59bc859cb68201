import {
  addDays,
  type DayStoreHours,
  daysBetween,
  endpoints,
  MASTER_TEMPLATE_ID,
  materializeTemplate,
  MESSAGES,
  type OverlapCandidate,
  planClearDrafts,
  planFingerprint,
  planPublish,
  planRepublish,
  republishRange,
  type ScheduleInput,
  skipOverlapping,
  type ScheduleSettings,
  storeHoursFor,
  summarizePublish,
  summarizeRepublish,
  templatesOf,
  todayIn,
  weekStartOf,
} from '@salondesk/core';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { users } from '../db/schema';
import { staff } from '../staff/schema';
import { HttpError } from '../http/errors';
import { type HandlerContext, implement, businessOf } from '../http/registry';
import {
  assertNoOverlap,
  invalidDate,
  loadCompeting,
  loadHolidays,
  loadSettings,
  loadStoreHours,
  lockEmployees,
  logActivity,
  normalizeTimesOrThrow,
  requireStaff,
  type ScheduleRow,
  staffNames,
  toEntry,
} from './queries';
import type { DatabaseTransaction } from '../db/client';
import type { Executor } from '../db/executor';
import { holidays, scheduleActivityTable, schedules, scheduleSettingsTable } from './schema';
import { rosterDisplayNames } from '../staff/queries';

const MAX_RANGE_DAYS = 62;

const userIdOf = (ctx: HandlerContext) => ctx.auth?.user.id ?? null;
const today = (ctx: HandlerContext) => todayIn(businessOf(ctx).timezone, ctx.now());
/** The first day of this week in the business's time zone (the settings' `weekStartsOn`). */
const thisWeek = (ctx: HandlerContext, settings: ScheduleSettings) => weekStartOf(today(ctx), settings.weekStartsOn);
/** A summary the user confirmed no longer matches what the action would do. */
const changedSinceSummary = () => new HttpError(409, MESSAGES.scheduleChangedSinceSummary);

/** A range `start`…`end` that is in order and not too long, else `Invalid Date` / a clear 400. */
function checkRange(start: string, end: string, max = MAX_RANGE_DAYS) {
  const span = daysBetween(start, end);
  if (span < 0) throw invalidDate(['end']);
  if (span + 1 > max) throw new HttpError(400, MESSAGES.scheduleRangeTooLong);
}

type NewRow = typeof schedules.$inferInsert;

/** Validates one new entry against the rules and returns the row to insert. */
function prepareNew(
  input: ScheduleInput,
  settings: ScheduleSettings,
  hours: readonly DayStoreHours[],
  businessId: number,
  userId: number | null,
  path: (string | number)[],
): NewRow & OverlapCandidate {
  const dated = input.day !== undefined && input.day !== null;
  const weekly = input.dow !== undefined && input.dow !== null;
  if (dated === weekly) throw new HttpError(400, MESSAGES.scheduleDayOrDow, { issues: [{ path: [...path, 'day'], message: MESSAGES.scheduleDayOrDow }] });
  if (dated && input.detail) throw new HttpError(400, MESSAGES.scheduleRotationTemplateOnly, { issues: [{ path: [...path, 'detail'], message: MESSAGES.scheduleRotationTemplateOnly }] });
  const times = normalizeTimesOrThrow(input, storeHoursFor(hours, dated ? { day: input.day as string } : { dow: input.dow as number }), path);
  let templateId: string | null = null;
  if (weekly) {
    templateId = input.template_id ?? MASTER_TEMPLATE_ID;
    if (!templatesOf(settings).some((t) => t.id === templateId)) throw new HttpError(404, MESSAGES.templateNotFound);
  }
  return {
    business_id: businessId,
    employee_id: Number(input.employee_id),
    day: dated ? (input.day as string) : null,
    dow: weekly ? (input.dow as number) : null,
    ...times,
    published: dated ? input.published === true : true,
    auto: false,
    template_id: templateId,
    detail: weekly && input.detail ? { ...input.detail, except: input.detail.except ?? [] } : null,
    created_by: userId,
  };
}

/**
 * Inserts entries after the per-employee lock and the overlap check, in one transaction; with
 * `skipOverlaps` those that would overlap (a saved entry or an earlier one) are left out instead.
 */
async function insertEntries(tx: DatabaseTransaction, businessId: number, candidates: (NewRow & OverlapCandidate)[], settings: ScheduleSettings, skipOverlaps = false) {
  const employees = candidates.map((r) => r.employee_id);
  await lockEmployees(tx, businessId, employees);
  await requireStaff(tx, businessId, employees);
  const existing = await loadCompeting(tx, businessId, candidates);
  const rows = skipOverlaps ? skipOverlapping(existing, candidates, settings.weekStartsOn).kept : candidates;
  assertNoOverlap(existing, rows, settings.weekStartsOn);
  const inserted: ScheduleRow[] = [];
  // Chunks keep each statement under PostgreSQL's parameter limit.
  for (let i = 0; i < rows.length; i += 1000) {
    inserted.push(...(await tx.insert(schedules).values(rows.slice(i, i + 1000)).returning()));
  }
  return inserted;
}

const describeEntry = (r: { day: string | null; dow: number | null; start_time: string; end_time: string; employee_id: number }, nameOf: (id: number) => string) =>
  `${r.day ?? ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][r.dow ?? 0]} ${r.start_time}–${r.end_time} for ${nameOf(r.employee_id)}`;

async function findEntry(db: Executor, businessId: number, scheduleId: number, kind: 'static' | 'dynamic', lock = false) {
  const query = db
    .select()
    .from(schedules)
    .where(
      and(
        eq(schedules.id, scheduleId),
        eq(schedules.business_id, businessId),
        isNull(schedules.archived_at),
        kind === 'static' ? isNotNull(schedules.dow) : isNotNull(schedules.day),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, MESSAGES.scheduleNotFound);
  return row;
}

type RepublishBody = { start?: string | undefined; days?: number | undefined };

/**
 * What republishing from the templates would do (`planRepublish` over the live entries of the
 * horizon): the shared first half of the action and of its preview. In the action it runs after
 * the employees' locks, so the plan is the one applied.
 */
async function planRepublishFor(tx: Executor, ctx: HandlerContext, body: RepublishBody, employeeId: number | null, lock: ((employees: number[]) => Promise<void>) | null) {
  const business = businessOf(ctx);
  const settings = await loadSettings(tx, business.id);
  const days = body.days ?? settings.republishWeeks * 7;
  const range = republishRange(body.start ?? today(ctx), days);
  let employees: number[];
  if (employeeId !== null) {
    await requireStaff(tx, business.id, [employeeId]);
    employees = [employeeId];
  } else {
    const rows = await tx.select({ id: staff.id }).from(staff).where(and(eq(staff.business_id, business.id), isNull(staff.deleted_at), eq(staff.status, 'ACTIVE')));
    employees = rows.map((r) => r.id);
  }
  if (lock) await lock(employees);
  const rows =
    employees.length === 0
      ? []
      : await tx
          .select()
          .from(schedules)
          .where(
            and(
              eq(schedules.business_id, business.id),
              inArray(schedules.employee_id, employees),
              isNull(schedules.archived_at),
              or(isNotNull(schedules.dow), and(gte(schedules.day, range.from), lte(schedules.day, range.to))),
            ),
          );
  const entries = rows.map(toEntry);
  const generated = materializeTemplate(entries.filter((e) => e.dow !== null), { from: range.from, to: range.to, settings, holidays: await loadHolidays(tx, business.id), employees });
  const plan = planRepublish(entries, generated, range);
  return { settings, days, range, entries, plan };
}

async function republishFor(ctx: HandlerContext, body: RepublishBody & { expected?: string | undefined }, employeeId: number | null) {
  const business = businessOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const { days, range, plan } = await planRepublishFor(tx, ctx, body, employeeId, (employees) => lockEmployees(tx, business.id, employees));
    if (body.expected !== undefined && body.expected !== planFingerprint(plan)) throw changedSinceSummary();
    if (plan.remove.length > 0) await tx.delete(schedules).where(inArray(schedules.id, plan.remove));
    for (let i = 0; i < plan.create.length; i += 1000) {
      await tx.insert(schedules).values(
        plan.create.slice(i, i + 1000).map((g) => ({ business_id: business.id, ...g, dow: null, published: true, auto: true, template_id: g.template_id, created_by: userIdOf(ctx) })),
      );
    }
    await logActivity(tx, business.id, userIdOf(ctx), 'republish', `Republished ${range.from}…${range.to}${employeeId ? ` for ${(await staffNames(tx, business.id, [employeeId]))(employeeId)}` : ''}: ${plan.create.length} created, ${plan.remove.length} replaced`);
    return { start: range.from, end: range.to, days, created: plan.create.length, removed: plan.remove.length };
  });
}

/** The publish plan of `start`…`end` over the live entries of that range (after the employees' locks in the action). */
async function planPublishFor(tx: Executor, businessId: number, body: { start: string; end: string; drafts?: number[] | undefined }, lock: ((employees: number[]) => Promise<void>) | null) {
  const inRange = and(eq(schedules.business_id, businessId), isNull(schedules.archived_at), gte(schedules.day, body.start), lte(schedules.day, body.end));
  if (lock) {
    const employees = await tx.selectDistinct({ id: schedules.employee_id }).from(schedules).where(and(inRange, eq(schedules.published, false)));
    await lock(employees.map((r) => r.id));
  }
  const entries = (await tx.select().from(schedules).where(inRange)).map(toEntry);
  return { entries, plan: planPublish(entries, body) };
}

export function scheduleHandlers() {
  const e = endpoints.schedule;
  return [
    implement(e.getDynamic, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const settings = await loadSettings(ctx.db, business.id);
      const hours = await loadStoreHours(ctx.db, business.id, settings);
      const start = query.start ?? thisWeek(ctx, settings);
      const end = addDays(start, (query.days ?? settings.viewDays) - 1);
      const rows = await ctx.db
        .select()
        .from(schedules)
        .where(and(eq(schedules.business_id, business.id), isNull(schedules.archived_at), gte(schedules.day, start), lte(schedules.day, end)))
        .orderBy(asc(schedules.day), asc(schedules.start_time), asc(schedules.id));
      return { start, end, today: today(ctx), timezone: business.timezone, settings, hours, schedules: rows.map(toEntry) };
    }),

    implement(e.staffSchedules, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const settings = await loadSettings(ctx.db, business.id);
      const start = query.start ?? thisWeek(ctx, settings);
      const end = addDays(start, (query.days ?? settings.viewDays) - 1);
      const members = await ctx.db
        .select()
        .from(staff)
        .where(and(eq(staff.business_id, business.id), isNull(staff.deleted_at), eq(staff.status, 'ACTIVE')))
        .orderBy(asc(staff.order), asc(staff.id));
      const rows = await ctx.db
        .select()
        .from(schedules)
        .where(
          and(
            eq(schedules.business_id, business.id),
            isNull(schedules.archived_at),
            or(isNotNull(schedules.dow), and(gte(schedules.day, start), lte(schedules.day, end))),
          ),
        )
        .orderBy(asc(schedules.start_time), asc(schedules.id));
      const byEmployee = new Map<number, ReturnType<typeof toEntry>[]>();
      for (const entry of rows.map(toEntry)) {
        const list = byEmployee.get(entry.employee_id);
        if (list) list.push(entry);
        else byEmployee.set(entry.employee_id, [entry]);
      }
      const names = await rosterDisplayNames(ctx.db, business.id);
      return members.map((m) => ({
        id: m.id,
        name: m.name,
        nickname: m.nickname,
        full_name: m.full_name,
        display_name: names.get(m.id) ?? m.full_name,
        status: m.status,
        order: m.order,
        schedulerColor: typeof m.attributes.schedulerColor === 'string' ? m.attributes.schedulerColor : null,
        schedules: byEmployee.get(m.id) ?? [],
      }));
    }),

    implement(e.add, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const settings = await loadSettings(tx, business.id);
        const row = prepareNew(body, settings, await loadStoreHours(tx, business.id, settings), business.id, userIdOf(ctx), []);
        const [inserted] = await insertEntries(tx, business.id, [row], settings);
        await logActivity(tx, business.id, userIdOf(ctx), 'add', `Added ${row.day ? (row.published ? 'shift' : 'draft') : 'template entry'} ${describeEntry(row, await staffNames(tx, business.id, [row.employee_id]))}`);
        return toEntry(inserted as ScheduleRow);
      });
    }),

    implement(e.addBatch, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const settings = await loadSettings(tx, business.id);
        const hours = await loadStoreHours(tx, business.id, settings);
        const rows = body.schedules.map((input, i) => prepareNew(input, settings, hours, business.id, userIdOf(ctx), ['schedules', i]));
        const inserted = await insertEntries(tx, business.id, rows, settings, body.skip_overlaps === true);
        const skipped = rows.length - inserted.length;
        await logActivity(tx, business.id, userIdOf(ctx), 'addbatch', `Added ${inserted.length} entries${skipped > 0 ? `, skipped ${skipped} that overlapped` : ''}`);
        return inserted.map(toEntry);
      });
    }),

    implement(e.updateDynamic, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const settings = await loadSettings(tx, business.id);
        const before = await findEntry(tx, business.id, params.scheduleId, 'dynamic');
        const employee = body.employee_id ?? before.employee_id;
        await lockEmployees(tx, business.id, [before.employee_id, employee]);
        const current = await findEntry(tx, business.id, params.scheduleId, 'dynamic', true);
        await requireStaff(tx, business.id, [employee]);
        const day = body.day ?? (current.day as string);
        const hours = storeHoursFor(await loadStoreHours(tx, business.id, settings), { day });
        const times = normalizeTimesOrThrow({ start_time: body.start_time ?? current.start_time, end_time: body.end_time ?? current.end_time }, hours);
        const next = { ...toEntry(current), employee_id: employee, day, ...times };
        assertNoOverlap(await loadCompeting(tx, business.id, [next]), [next], settings.weekStartsOn, new Set([current.id]));
        const [row] = await tx
          .update(schedules)
          .set({ employee_id: next.employee_id, day: next.day, start_time: next.start_time, end_time: next.end_time, auto: false, updated_at: ctx.now() })
          .where(eq(schedules.id, current.id))
          .returning();
        const names = await staffNames(tx, business.id, [current.employee_id, next.employee_id]);
        await logActivity(tx, business.id, userIdOf(ctx), 'update', `Changed ${describeEntry(current, names)} to ${describeEntry(next, names)}`);
        return toEntry(row as ScheduleRow);
      });
    }),

    implement(e.updateStatic, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const settings = await loadSettings(tx, business.id);
        const before = await findEntry(tx, business.id, params.scheduleId, 'static');
        const employee = body.employee_id ?? before.employee_id;
        await lockEmployees(tx, business.id, [before.employee_id, employee]);
        const current = await findEntry(tx, business.id, params.scheduleId, 'static', true);
        await requireStaff(tx, business.id, [employee]);
        const dow = body.dow ?? (current.dow as number);
        const hours = storeHoursFor(await loadStoreHours(tx, business.id, settings), { dow });
        const times = normalizeTimesOrThrow({ start_time: body.start_time ?? current.start_time, end_time: body.end_time ?? current.end_time }, hours);
        const detail = body.detail === undefined ? toEntry(current).detail : body.detail;
        const next = { ...toEntry(current), employee_id: employee, dow, detail, ...times };
        assertNoOverlap(await loadCompeting(tx, business.id, [next]), [next], settings.weekStartsOn, new Set([current.id]));
        const [row] = await tx
          .update(schedules)
          .set({ employee_id: next.employee_id, dow: next.dow, start_time: next.start_time, end_time: next.end_time, detail: next.detail, updated_at: ctx.now() })
          .where(eq(schedules.id, current.id))
          .returning();
        const names = await staffNames(tx, business.id, [current.employee_id, next.employee_id]);
        await logActivity(tx, business.id, userIdOf(ctx), 'update', `Changed template entry ${describeEntry(current, names)} to ${describeEntry(next, names)}`);
        return toEntry(row as ScheduleRow);
      });
    }),

    ...(['static', 'dynamic'] as const).map((kind) =>
      implement(kind === 'static' ? e.deleteStatic : e.deleteDynamic, async ({ params }, ctx) => {
        const business = businessOf(ctx);
        return ctx.db.transaction(async (tx) => {
          const row = await findEntry(tx, business.id, params.scheduleId, kind, true);
          // A draft was never seen by staff: it goes. Published and template entries are archived.
          if (kind === 'dynamic' && !row.published) await tx.delete(schedules).where(eq(schedules.id, row.id));
          else await tx.update(schedules).set({ archived_at: ctx.now() }).where(eq(schedules.id, row.id));
          await logActivity(tx, business.id, userIdOf(ctx), 'delete', `Removed ${describeEntry(row, await staffNames(tx, business.id, [row.employee_id]))}`);
          return { id: row.id };
        });
      }),
    ),

    implement(e.publish, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      if (daysBetween(body.start, body.end) < 0) throw invalidDate(['end']);
      return ctx.db.transaction(async (tx) => {
        const { plan } = await planPublishFor(tx, business.id, body, (employees) => lockEmployees(tx, business.id, employees));
        if (body.drafts && plan.publish.length !== new Set(body.drafts).size) throw new HttpError(400, MESSAGES.couldntPublishSchedules);
        if (body.expected !== undefined && body.expected !== planFingerprint(plan)) throw changedSinceSummary();
        if (plan.archive.length > 0) await tx.update(schedules).set({ archived_at: ctx.now() }).where(inArray(schedules.id, plan.archive));
        if (plan.publish.length > 0) await tx.update(schedules).set({ published: true, updated_at: ctx.now() }).where(inArray(schedules.id, plan.publish));
        await logActivity(tx, business.id, userIdOf(ctx), 'publish', `Published ${plan.publish.length} drafts for ${body.start}…${body.end} (${plan.archive.length} replaced)`);
        return { published: plan.publish.length, replaced: plan.archive.length };
      });
    }),

    implement(e.publishPreview, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      if (daysBetween(query.start, query.end) < 0) throw invalidDate(['end']);
      checkRange(query.start, query.end);
      const settings = await loadSettings(ctx.db, business.id);
      const { entries, plan } = await planPublishFor(ctx.db, business.id, query, null);
      return { ...summarizePublish(entries, plan, query, settings.weekStartsOn), fingerprint: planFingerprint(plan) };
    }),

    implement(e.clearDrafts, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      if (body.start && body.end && daysBetween(body.start, body.end) < 0) throw invalidDate(['end']);
      return ctx.db.transaction(async (tx) => {
        const drafts = await tx
          .select()
          .from(schedules)
          .where(and(eq(schedules.business_id, business.id), isNull(schedules.archived_at), eq(schedules.published, false), isNotNull(schedules.day)));
        const ids = planClearDrafts(drafts.map(toEntry), body);
        if (ids.length > 0) await tx.delete(schedules).where(inArray(schedules.id, ids));
        await logActivity(tx, business.id, userIdOf(ctx), 'clear-drafts', `Cleared ${ids.length} drafts`);
        return { cleared: ids.length };
      });
    }),

    implement(e.republish, async ({ body }, ctx) => republishFor(ctx, body, null)),
    implement(e.republishFor, async ({ params, body }, ctx) => republishFor(ctx, body, params.employeeId)),
    implement(e.republishPreview, async ({ query }, ctx) => {
      const { settings, range, entries, plan } = await planRepublishFor(ctx.db, ctx, query, null, null);
      return { ...summarizeRepublish(entries, plan, range, settings.weekStartsOn), fingerprint: planFingerprint(plan) };
    }),

    implement(e.clearTemplates, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const settings = await loadSettings(tx, business.id);
        const template = body.template_id ?? MASTER_TEMPLATE_ID;
        if (!templatesOf(settings).some((t) => t.id === template)) throw new HttpError(404, MESSAGES.templateNotFound);
        const cleared = await tx
          .update(schedules)
          .set({ archived_at: ctx.now() })
          .where(and(eq(schedules.business_id, business.id), isNull(schedules.archived_at), isNotNull(schedules.dow), eq(schedules.template_id, template)))
          .returning({ id: schedules.id });
        await logActivity(tx, business.id, userIdOf(ctx), 'clear-template', `Cleared template “${template}” (${cleared.length} entries)`);
        return { cleared: cleared.length };
      });
    }),

    implement(e.copyTemplate, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      checkRange(body.from, body.to);
      return ctx.db.transaction(async (tx) => {
        const settings = await loadSettings(tx, business.id);
        const template = body.template_id ?? MASTER_TEMPLATE_ID;
        if (!templatesOf(settings).some((t) => t.id === template)) throw new HttpError(404, MESSAGES.templateNotFound);
        const templateRows = await tx
          .select()
          .from(schedules)
          .innerJoin(staff, eq(staff.id, schedules.employee_id))
          .where(
            and(
              eq(schedules.business_id, business.id),
              isNull(schedules.archived_at),
              isNotNull(schedules.dow),
              eq(schedules.template_id, template),
              isNull(staff.deleted_at),
              eq(staff.status, 'ACTIVE'),
            ),
          );
        if (templateRows.length === 0) throw new HttpError(404, MESSAGES.templateNotFound);
        const entries = templateRows.map((r) => toEntry(r.schedules));
        await lockEmployees(tx, business.id, entries.map((x) => x.employee_id));
        const generated = materializeTemplate(entries, { from: body.from, to: body.to, settings, holidays: await loadHolidays(tx, business.id), templateId: template });
        // The copy replaces the range's drafts.
        const replaced = await tx
          .delete(schedules)
          .where(and(eq(schedules.business_id, business.id), eq(schedules.published, false), isNull(schedules.archived_at), gte(schedules.day, body.from), lte(schedules.day, body.to)))
          .returning({ id: schedules.id });
        for (let i = 0; i < generated.length; i += 1000) {
          await tx
            .insert(schedules)
            .values(generated.slice(i, i + 1000).map((g) => ({ business_id: business.id, ...g, dow: null, published: false, auto: false, created_by: userIdOf(ctx) })));
        }
        await logActivity(tx, business.id, userIdOf(ctx), 'copy-template', `Copied template “${template}” into drafts for ${body.from}…${body.to} (${generated.length} drafts)`);
        return { created: generated.length, replaced: replaced.length };
      });
    }),

    implement(e.clearAll, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      const from = body.from ?? today(ctx);
      return ctx.db.transaction(async (tx) => {
        await lockEmployees(tx, business.id, [params.employeeId]);
        const [member] = await tx.select({ id: staff.id, full_name: staff.full_name }).from(staff).where(and(eq(staff.id, params.employeeId), eq(staff.business_id, business.id)));
        if (!member) throw new HttpError(400, MESSAGES.scheduleStaffNotFound);
        const mine = and(eq(schedules.business_id, business.id), eq(schedules.employee_id, params.employeeId), isNull(schedules.archived_at));
        const drafts = await tx.delete(schedules).where(and(mine, eq(schedules.published, false), gte(schedules.day, from))).returning({ id: schedules.id });
        const archived = await tx
          .update(schedules)
          .set({ archived_at: ctx.now() })
          .where(and(mine, or(isNotNull(schedules.dow), and(eq(schedules.published, true), gte(schedules.day, from)))))
          .returning({ id: schedules.id });
        const cleared = drafts.length + archived.length;
        await logActivity(tx, business.id, userIdOf(ctx), 'clear-all', `Cleared every schedule of ${(await staffNames(tx, business.id, [member.id]))(member.id)} from ${from} (${cleared} entries)`);
        return { cleared };
      });
    }),

    implement(e.settings, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      return ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`salondesk:schedule-settings:${business.id}`}))`);
        const [row] = await tx.select().from(scheduleSettingsTable).where(eq(scheduleSettingsTable.business_id, business.id)).for('update');
        const saved = { ...(row?.settings ?? {}), ...body };
        const merged = { ...(await loadSettings(tx, business.id)), ...body };
        if (merged.storeHours.start >= merged.storeHours.end) throw new HttpError(400, MESSAGES.scheduleStoreHours);
        const ids = merged.templates.map((t) => t.id);
        if (new Set(ids).size !== ids.length || ids.includes(MASTER_TEMPLATE_ID)) throw new HttpError(400, MESSAGES.scheduleTemplateIds);
        if (merged.templates.some((t) => t.start && t.end && t.end < t.start)) throw new HttpError(400, MESSAGES.scheduleTemplateDates);
        if (Object.keys(body).length > 0) {
          await tx
            .insert(scheduleSettingsTable)
            .values({ business_id: business.id, settings: saved })
            .onConflictDoUpdate({ target: scheduleSettingsTable.business_id, set: { settings: saved, updated_at: ctx.now() } });
          await logActivity(tx, business.id, userIdOf(ctx), 'settings', `Changed schedule settings: ${Object.keys(body).join(', ')}`);
        }
        return loadSettings(tx, business.id);
      });
    }),

    implement(e.holidaysFetch, async (_request, ctx) => loadHolidays(ctx.db, businessOf(ctx).id)),

    implement(e.holidaysUpdate, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const days = body.holidays.map((h) => h.day);
      if (new Set(days).size !== days.length) throw new HttpError(400, MESSAGES.holidayDuplicate);
      return ctx.db.transaction(async (tx) => {
        await tx.delete(holidays).where(eq(holidays.business_id, business.id));
        if (body.holidays.length > 0) await tx.insert(holidays).values(body.holidays.map((h) => ({ business_id: business.id, day: h.day, name: h.name })));
        await logActivity(tx, business.id, userIdOf(ctx), 'holidays', `Saved ${body.holidays.length} holidays`);
        return loadHolidays(tx, business.id);
      });
    }),

    implement(e.activity, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const rows = await ctx.db
        .select({
          id: scheduleActivityTable.id,
          at: scheduleActivityTable.created_at,
          user_id: scheduleActivityTable.user_id,
          user_name: users.fullname,
          action: scheduleActivityTable.action,
          summary: scheduleActivityTable.summary,
        })
        .from(scheduleActivityTable)
        .leftJoin(users, eq(users.id, scheduleActivityTable.user_id))
        .where(eq(scheduleActivityTable.business_id, business.id))
        .orderBy(desc(scheduleActivityTable.id))
        .limit(query.limit ?? 50);
      return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
    }),
  ];
}

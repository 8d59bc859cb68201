import {
  endpoints,
  MESSAGES,
  nextStaffOrder,
  operations,
  parseStaffProperty,
  type RandomInt,
  sameNameMembers,
  staffNameInUse,
} from '@salondesk/core';
import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { categories, services } from '../catalogue/schema';
import { roles } from '../db/schema';
import { HttpError, noPermission } from '../http/errors';
import { type HandlerContext, implement, businessOf } from '../http/registry';
import { implementOperation } from '../proxy/registry';
import { toService } from '../catalogue/queries';
import { appointments, staff } from './schema';
import { findStaff, isUniqueViolation, listStaff, rosterDisplayNames, staffMonthlyReport, toStaffMember, usernameTaken } from './queries';
import { mediaOfBusiness } from '../media/queries';
import { refuseAclEscalation } from './aclGrant';

const bad = (message: string) => new HttpError(400, message);
const taken = () => new HttpError(409, MESSAGES.usernameTaken);
const memberNotFound = () => new HttpError(404, MESSAGES.staffNotFound);

/** Today as `YYYY-MM-DD` in a time zone. */
const todayIn = (timeZone: string, now: Date): string => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function staffHandlers(options: { randomInt: RandomInt }) {
  return [
    implement(endpoints.staff.list, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const rows = await listStaff(ctx.db, business.id, query.deleted === '1');
      const names = await rosterDisplayNames(ctx.db, business.id);
      return rows.map((row) => toStaffMember(row, names));
    }),

    /**
     * A new member at the end of the order, plus a random 0–100 (spec 000 §9); a taken username is
     * refused; a first or full name already in use (deleted members included) is refused with
     * `NAME_IN_USE` naming those members, unless `allowSameName` says the caller has asked.
     */
    implement(endpoints.staff.add, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      try {
        const { row, names } = await ctx.db.transaction(async (tx) => {
          // One add at a time per business, so two adds never read the same highest order (nor miss each other's name).
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('salondesk:staff-order'), ${business.id})`);
          if (body.username && (await usernameTaken(tx, body.username))) throw taken();
          if (!body.allowSameName) {
            const roster = await listStaff(tx, business.id, true);
            const same = sameNameMembers(roster, body);
            if (same.length > 0) {
              const names = await rosterDisplayNames(tx, business.id);
              const existing = same.map((m) => ({ name: names.get(m.id) ?? m.full_name, deleted: m.deleted_at !== null }));
              throw new HttpError(409, staffNameInUse(existing), { code: 'NAME_IN_USE' });
            }
          }
          const [highest] = await tx.select({ order: max(staff.order) }).from(staff).where(eq(staff.business_id, business.id));
          const order = nextStaffOrder(highest?.order === null || highest?.order === undefined ? [] : [highest.order], options.randomInt);
          const [created] = await tx
            .insert(staff)
            .values({
              business_id: business.id,
              network_id: business.network_id,
              username: body.username || null,
              name: body.name,
              nickname: body.nickname || null,
              full_name: body.full_name,
              status: body.status,
              order,
              visible_in_appointment: body.visible_in_appointment,
              attributes: body.schedulerColor ? { schedulerColor: body.schedulerColor.toUpperCase() } : {},
            })
            .returning();
          if (!created) throw new Error('insert returned nothing');
          return { row: created, names: await rosterDisplayNames(tx, business.id) };
        });
        return toStaffMember(row, names);
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    }),

    /** One property of one member, validated per key (core's `parseStaffProperty`). */
    implement(endpoints.staff.updateProperty, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      if (body.id !== params.staffId) throw bad(MESSAGES.invalidRequest);
      const parsed = parseStaffProperty(body.key, body.value);
      if (!parsed.ok) throw bad(parsed.message);
      const member = await findStaff(ctx.db, business.id, params.staffId);
      if (!member) throw memberNotFound();

      const where = and(eq(staff.business_id, business.id), eq(staff.id, member.id));
      try {
        let updated;
        switch (parsed.key) {
          case 'username':
            if (await usernameTaken(ctx.db, parsed.value as string, member.id)) throw taken();
            [updated] = await ctx.db.update(staff).set({ username: parsed.value as string }).where(where).returning();
            break;
          case 'schedulerColor':
            [updated] = await ctx.db
              .update(staff)
              .set({ attributes: sql`${staff.attributes} || ${JSON.stringify({ schedulerColor: parsed.value })}::jsonb` })
              .where(where)
              .returning();
            break;
          case 'photo_media_id':
            if (parsed.value !== null && !(await mediaOfBusiness(ctx.db, business.id, parsed.value as number))) throw bad(MESSAGES.mediaImageNotFound);
            [updated] = await ctx.db.update(staff).set({ photo_media_id: parsed.value as number | null }).where(where).returning();
            break;
          case 'deleted':
            [updated] = await ctx.db
              .update(staff)
              .set({ deleted_at: parsed.value ? (member.deleted_at ?? ctx.now()) : null })
              .where(where)
              .returning();
            break;
          default:
            [updated] = await ctx.db.update(staff).set({ [parsed.key]: parsed.value }).where(where).returning();
        }
        if (!updated) throw memberNotFound();
        return toStaffMember(updated, await rosterDisplayNames(ctx.db, business.id));
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    }),

    implement(endpoints.staff.roles, async (_request, ctx) => {
      const rows = await ctx.db.select().from(roles).orderBy(asc(roles.id));
      return rows.map((r) => ({ id: r.id, name: r.name, label: r.label, params: { blocks: [...(r.params.blocks ?? [])], units: Object.fromEntries(Object.entries(r.params.units ?? {}).map(([k, v]) => [k, [...v]])) } }));
    }),

    /** The services on sale now (category 0, 1, 2, 4; service 0–2; none retired), for assigning to staff. */
    implement(endpoints.staff.services, async (_request, ctx) => {
      const business = businessOf(ctx);
      const rows = await ctx.db
        .select({ service: services })
        .from(services)
        .innerJoin(categories, eq(categories.id, services.category_id))
        .where(
          and(
            eq(services.business_id, business.id),
            isNull(services.deleted_at),
            isNull(categories.deleted_at),
            inArray(services.servicestatus, [0, 1, 2]),
            inArray(categories.categorystatus, [0, 1, 2, 4]),
          ),
        )
        .orderBy(asc(categories.order), asc(services.order), asc(services.id));
      return rows.map((r) => toService(r.service));
    }),

    /** Per member: the month's appointments (in the business's time zone), booked minutes and completed sales. */
    implement(endpoints.staff.monthlyReport, async ({ params }, ctx) => staffMonthlyReport(ctx.db, businessOf(ctx), params.year, params.month)),

    /** A member's appointments between two days (business time zone), both included; at most a year. */
    implement(endpoints.staff.appointments, async ({ params, query }, ctx) => {
      const business = businessOf(ctx);
      const member = await findStaff(ctx.db, business.id, params.staffId);
      if (!member) throw memberNotFound();
      const from = query.from ?? todayIn(business.timezone, ctx.now());
      const to = query.to ?? addDays(from, 30);
      if (to < from) throw bad(MESSAGES.invalidDate);
      if (Date.parse(to) - Date.parse(from) > 366 * 86_400_000) throw bad(MESSAGES.invalidDate);
      const local = sql`(${appointments.starts_at} at time zone ${business.timezone})`;
      const rows = await ctx.db
        .select({
          id: appointments.id,
          staff_id: appointments.staff_id,
          service_id: appointments.service_id,
          service_name: services.name,
          customer_name: appointments.customer_name,
          starts_at: appointments.starts_at,
          day: sql<string>`to_char(${local}, 'YYYY-MM-DD')`,
          duration_minutes: appointments.duration_minutes,
          price: appointments.price,
          status: appointments.status,
        })
        .from(appointments)
        .leftJoin(services, eq(services.id, appointments.service_id))
        .where(
          and(
            eq(appointments.business_id, business.id),
            eq(appointments.staff_id, member.id),
            sql`${local} >= ${from}::timestamp`,
            sql`${local} < ${addDays(to, 1)}::timestamp`,
          ),
        )
        .orderBy(asc(appointments.starts_at), asc(appointments.id));
      return rows.map((r) => ({ ...r, service_name: r.service_name ?? null, starts_at: r.starts_at.toISOString() }));
    }),
  ];
}

export function staffOperationHandlers() {
  return [
    implementOperation(operations.staff.getAcl, async ({ params }, ctx) => {
      const member = await findStaff(ctx.db, businessOf(ctx).id, params.staffId);
      if (!member) throw memberNotFound();
      return toStaffMember(member, new Map()).acl;
    }),

    /** Sets a member's acl. Nobody grants what they do not hold themselves; only the unrestricted grant `unrestricted`. */
    implementOperation(operations.staff.updateAcl, async ({ params, body }, ctx) => {
      const business = businessOf(ctx);
      if (!ctx.auth) throw noPermission();
      refuseAclEscalation(ctx.auth.user, body.acl);
      const member = await findStaff(ctx.db, business.id, params.staffId);
      if (!member) throw memberNotFound();
      const [updated] = await ctx.db
        .update(staff)
        .set({ acl: body.acl })
        .where(and(eq(staff.business_id, business.id), eq(staff.id, member.id)))
        .returning();
      if (!updated) throw memberNotFound();
      return toStaffMember(updated, await rosterDisplayNames(ctx.db, business.id));
    }),
  ];
}

import { staffDisplayNames, type StaffMember, type StaffMonthlyReport } from '@salondesk/core';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/executor';
import { appointments, staff } from './schema';
import { mediaUrl } from '../media/urls';

export type StaffRow = typeof staff.$inferSelect;

/**
 * The name every member of a business is shown by (core's `staffDisplayNames`), computed over
 * the whole roster, deleted members included: reports of past ranges name them too, and a name
 * does not change when somebody leaves. Every answer that names a staff member uses this map.
 */
export async function rosterDisplayNames(db: Executor, businessId: number): Promise<Map<number, string>> {
  const roster = await db
    .select({ id: staff.id, name: staff.name, nickname: staff.nickname, full_name: staff.full_name })
    .from(staff)
    .where(eq(staff.business_id, businessId));
  return staffDisplayNames(roster);
}

/** A row as core's `staffMember` describes it on the wire; `names` is the business's `rosterDisplayNames`. */
export const toStaffMember = (row: StaffRow, names: ReadonlyMap<number, string>): StaffMember => ({
  id: row.id,
  business_id: row.business_id,
  username: row.username,
  name: row.name,
  nickname: row.nickname,
  full_name: row.full_name,
  display_name: names.get(row.id) ?? row.full_name,
  status: row.status,
  order: row.order,
  attributes: row.attributes,
  visible_in_appointment: row.visible_in_appointment,
  deleted: row.deleted_at !== null,
  deleted_at: row.deleted_at?.toISOString() ?? null,
  acl: { blocks: row.acl.blocks ?? [], units: row.acl.units ?? {}, restrictions: row.acl.restrictions ?? [] },
  photo_media_id: row.photo_media_id,
  photo_url: row.photo_media_id === null ? null : mediaUrl(row.photo_media_id, 'thumb'),
});

/** The members of a business in the scheduler's order; deleted ones only when asked. */
export async function listStaff(db: Executor, businessId: number, includeDeleted: boolean): Promise<StaffRow[]> {
  const where: SQL | undefined = includeDeleted ? eq(staff.business_id, businessId) : and(eq(staff.business_id, businessId), isNull(staff.deleted_at));
  return db.select().from(staff).where(where).orderBy(asc(staff.order), asc(staff.name), asc(staff.id));
}

/**
 * The staff monthly report: per member, the month's appointments (days in the business's time
 * zone), cancellations and no-shows, booked minutes and the booked value of completed ones;
 * members deleted since are listed when they had appointments that month.
 */
export async function staffMonthlyReport(db: Executor, business: { id: number; timezone: string }, year: number, month: number): Promise<StaffMonthlyReport> {
  const start = `${year}-${String(month).padStart(2, '0')}-01`;
  const end = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  const local = sql`(${appointments.starts_at} at time zone ${business.timezone})`;
  const rows = await db
    .select({
      staff_id: staff.id,
      name: staff.name,
      appointments: sql<number>`count(${appointments.id})::int`,
      completed: sql<number>`count(${appointments.id}) filter (where ${appointments.status} = 'COMPLETED')::int`,
      cancelled: sql<number>`count(${appointments.id}) filter (where ${appointments.status} in ('CANCELLED', 'NO_SHOW'))::int`,
      minutes: sql<number>`coalesce(sum(${appointments.duration_minutes}) filter (where ${appointments.status} not in ('CANCELLED', 'NO_SHOW')), 0)::int`,
      revenue: sql<number>`coalesce(sum(${appointments.price}) filter (where ${appointments.status} = 'COMPLETED'), 0)::int`,
    })
    .from(staff)
    .leftJoin(appointments, and(eq(appointments.staff_id, staff.id), sql`${local} >= ${start}::timestamp`, sql`${local} < ${end}::timestamp`))
    .where(and(eq(staff.business_id, business.id), sql`(${staff.deleted_at} is null or ${appointments.id} is not null)`))
    .groupBy(staff.id)
    .orderBy(asc(staff.order), asc(staff.id));
  const names = await rosterDisplayNames(db, business.id);
  return { year, month, rows: rows.map((r) => ({ ...r, name: names.get(r.staff_id) ?? r.name })) };
}

/** One member of the business (deleted ones included), or undefined. */
export async function findStaff(db: Executor, businessId: number, staffId: number): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(and(eq(staff.business_id, businessId), eq(staff.id, staffId))).limit(1);
  return row;
}

/** Is this username (any case) held by another staff member anywhere on the platform? */
export async function usernameTaken(db: Executor, username: string, exceptStaffId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(sql`lower(${staff.username}) = ${username.toLowerCase()}`, exceptStaffId ? sql`${staff.id} <> ${exceptStaffId}` : undefined))
    .limit(1);
  return row !== undefined;
}

/** PostgreSQL's unique_violation: another request took the same value first. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && ((error as { code?: string }).code === '23505' || isUniqueViolation((error as { cause?: unknown }).cause));

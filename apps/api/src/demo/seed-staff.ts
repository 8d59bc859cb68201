import { addDays, entryInstants, formatTime, todayIn } from '@salondesk/core';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { services } from '../catalogue/schema';
import type { Executor } from '../db/executor';
import { APPOINTMENT_STATUS, appointments, staff } from '../staff/schema';

/** The staff area's own fixed seed. */
export const STAFF_SEED = 5_005;

const CUSTOMERS = ['Alex Morgan', 'Brooke Lee', 'Camila Torres', 'Dana Whitfield', 'Eli Brooks', 'Farah Aziz', 'Grace Kim', 'Hugo Martin', 'Isla Reid', 'Jamal Price', 'Keiko Mori', 'Lucia Romano', 'Marcus Hale', 'Nora Lindqvist', 'Owen Burke', 'Paige Turner'];

/** Appointments run from this many days before the demo's "today" (at least the three previous months)... */
export const APPOINTMENT_DAYS_BACK = 120;
/** ...to this many days after it ("Next 30 days" on staff detail). */
export const APPOINTMENT_DAYS_AHEAD = 30;
/** Appointments start on the half hour from 09:00 to 17:00, wall clock in the location's time zone. */
const FIRST_SLOT_MINUTES = 9 * 60;
const SLOTS = 17;

export interface PlannedAppointment {
  staff_id: number;
  service_id: number;
  customer_name: string;
  /** Days from the demo's "today" (negative: in the past). */
  offset: number;
  /** The location's day and wall-clock start. */
  day: string;
  time: string;
  starts_at: Date;
  duration_minutes: number;
  price: number;
  status: (typeof APPOINTMENT_STATUS)[keyof typeof APPOINTMENT_STATUS];
}

export interface PlanAppointmentsInput {
  businessId: number;
  timezone: string;
  /** When the demo is created: "today" is its day in `timezone`. */
  now: Date;
  /** Active members, in scheduler order. */
  staffIds: readonly number[];
  menu: readonly { id: number; price: number; minutes: number }[];
}

/**
 * The appointments of one location, relative to the day the demo is created. The structure (who,
 * which service, which customer, how many days from today, the wall-clock start, the status) comes
 * from the fixed seed alone, so it is the same whatever the date; only the days move with "now".
 * Past days are completed (1 in 20 cancelled, 1 in 20 no-show); today and later are booked.
 */
export function planAppointments(input: PlanAppointmentsInput): PlannedAppointment[] {
  const rng = xoroshiro128plus(STAFF_SEED + input.businessId);
  const bookable = input.menu.filter((s) => s.minutes > 0);
  if (bookable.length === 0) return [];
  const today = todayIn(input.timezone, input.now);
  const planned: PlannedAppointment[] = [];
  for (const staffId of input.staffIds) {
    for (let offset = -APPOINTMENT_DAYS_BACK; offset <= APPOINTMENT_DAYS_AHEAD; offset++) {
      const count = uniformInt(rng, 0, 3);
      const day = addDays(today, offset);
      for (let i = 0; i < count; i++) {
        const service = bookable[uniformInt(rng, 0, bookable.length - 1)] as (typeof bookable)[number];
        const time = formatTime(FIRST_SLOT_MINUTES + uniformInt(rng, 0, SLOTS - 1) * 30);
        const roll = uniformInt(rng, 0, 19);
        const customer = CUSTOMERS[uniformInt(rng, 0, CUSTOMERS.length - 1)] as string;
        planned.push({
          staff_id: staffId,
          service_id: service.id,
          customer_name: customer,
          offset,
          day,
          time,
          starts_at: entryInstants(day, time, time, input.timezone).start,
          duration_minutes: service.minutes,
          price: service.price,
          status: offset >= 0 ? APPOINTMENT_STATUS.BOOKED : roll === 0 ? APPOINTMENT_STATUS.CANCELLED : roll === 1 ? APPOINTMENT_STATUS.NO_SHOW : APPOINTMENT_STATUS.COMPLETED,
        });
      }
    }
  }
  return planned;
}

/**
 * The staff area's demo data for one location: usernames (`<first>.<last>.<business>`), one
 * deleted former member, and appointments from four months back to 30 days ahead of `now`.
 */
export async function seedStaff(tx: Executor, input: { businessId: number; networkId: number | null; timezone: string; now: Date }): Promise<void> {
  const { businessId, networkId } = input;
  const members = await tx.select().from(staff).where(and(eq(staff.business_id, businessId), isNull(staff.deleted_at))).orderBy(asc(staff.order));
  for (const member of members) {
    const username = `${member.full_name.toLowerCase().replace(/[^a-z]+/g, '.')}.${businessId}.${member.id}`;
    await tx.update(staff).set({ username }).where(eq(staff.id, member.id));
  }
  const highest = members.reduce((m, s) => Math.max(m, s.order), 0);
  await tx.insert(staff).values({
    business_id: businessId,
    network_id: networkId,
    username: `former.stylist.${businessId}`,
    name: 'Sam',
    full_name: 'Sam Former',
    status: 'INACTIVE',
    order: highest + 1,
    attributes: { schedulerColor: '#94A3B8' },
    visible_in_appointment: false,
    deleted_at: new Date(input.now.getTime() - 90 * 86_400_000),
  });

  const menu = await tx
    .select({ id: services.id, price: services.price, minutes: services.duration_minutes })
    .from(services)
    .where(and(eq(services.business_id, businessId), isNull(services.deleted_at)))
    .orderBy(asc(services.id));
  const planned = planAppointments({
    businessId,
    timezone: input.timezone,
    now: input.now,
    staffIds: members.filter((m) => m.status === 'ACTIVE').map((m) => m.id),
    menu,
  });
  const rows = planned.map((p) => ({
    business_id: businessId,
    staff_id: p.staff_id,
    service_id: p.service_id,
    customer_name: p.customer_name,
    starts_at: p.starts_at,
    duration_minutes: p.duration_minutes,
    price: p.price,
    status: p.status,
  }));
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(appointments).values(rows.slice(i, i + 1000));
}

import { and, asc, eq, isNull } from 'drizzle-orm';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { services } from '../catalogue/schema';
import type { Database } from '../db/client';
import { staff } from '../db/schema';
import { appointments } from '../staff/schema';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

/** The staff area's own fixed seed. */
export const STAFF_SEED = 5_005;

const CUSTOMERS = ['Alex Morgan', 'Brooke Lee', 'Camila Torres', 'Dana Whitfield', 'Eli Brooks', 'Farah Aziz', 'Grace Kim', 'Hugo Martin', 'Isla Reid', 'Jamal Price', 'Keiko Mori', 'Lucia Romano', 'Marcus Hale', 'Nora Lindqvist', 'Owen Burke', 'Paige Turner'];

/** 8 June 2024, midday UTC: the demo's "today" for appointments (deterministic, like the rest). */
const ANCHOR = Date.UTC(2024, 5, 8, 12);

/**
 * The staff area's demo data for one location: usernames (`<first>.<last>.<business>`), one
 * deleted former member, and appointments from six weeks back to two weeks ahead.
 */
export async function seedStaff(tx: Executor, businessId: number, networkId: number | null): Promise<void> {
  const rng = xoroshiro128plus(STAFF_SEED + businessId);
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
    deleted_at: new Date(ANCHOR - 90 * 86_400_000),
  });

  const menu = await tx
    .select({ id: services.id, price: services.price, minutes: services.duration_minutes })
    .from(services)
    .where(and(eq(services.business_id, businessId), isNull(services.deleted_at)));
  const bookable = menu.filter((s) => s.minutes > 0);
  if (bookable.length === 0) return;
  const rows: (typeof appointments.$inferInsert)[] = [];
  for (const member of members.filter((m) => m.status === 'ACTIVE')) {
    for (let day = -42; day <= 14; day++) {
      const count = uniformInt(rng, 0, 3);
      for (let i = 0; i < count; i++) {
        const service = bookable[uniformInt(rng, 0, bookable.length - 1)] as (typeof bookable)[number];
        const startsAt = new Date(ANCHOR + day * 86_400_000 + (uniformInt(rng, 0, 16) * 30 - 240) * 60_000);
        const past = day < 0;
        const roll = uniformInt(rng, 0, 19);
        rows.push({
          business_id: businessId,
          staff_id: member.id,
          service_id: service.id,
          customer_name: CUSTOMERS[uniformInt(rng, 0, CUSTOMERS.length - 1)] as string,
          starts_at: startsAt,
          duration_minutes: service.minutes,
          price: service.price,
          status: past ? (roll === 0 ? 'CANCELLED' : roll === 1 ? 'NO_SHOW' : 'COMPLETED') : 'BOOKED',
        });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 500) await tx.insert(appointments).values(rows.slice(i, i + 500));
}

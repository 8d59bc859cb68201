import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { hashStoredPassword } from '../auth/password';
import type { Database } from '../db/client';
import { DEMO_PASSWORD } from '../demo/accounts';
import { rows } from './queries';

/** Test fixtures: tickets with a known amount, and a user without the transaction report permission. */

export interface PaidTicket {
  id: number;
  day: string;
}

/** A completed ticket of `paid` cents (one service line, no tax, paid in cash) on a business's today. */
export async function createPaidTicket(db: Database, businessId: number, paid: number, options: { day?: string } = {}): Promise<PaidTicket> {
  const [b] = await rows<{ today: string; staff: number; service: number; name: string }>(
    db,
    sql`select (now() at time zone b.timezone)::date::text as today,
          (select id from staff where business_id = b.id order by id limit 1) as staff,
          (select id from services where business_id = b.id and giftcard = 0 order by id limit 1) as service,
          (select name from services where business_id = b.id and giftcard = 0 order by id limit 1) as name
        from businesses b where b.id = ${businessId}`,
  );
  if (!b) throw new Error(`no business ${businessId}`);
  const day = options.day ?? b.today;
  const [q] = await rows<{ id: number }>(
    db,
    sql`insert into queue (business_id, status, day, checkin_at, service_at, checkout_at, serviced_by)
        values (${businessId}, 'CHECKOUT', ${day}, now() - interval '2 hours', now() - interval '90 minutes', now() - interval '30 minutes', ${b.staff}) returning id`,
  );
  const queueId = (q as { id: number }).id;
  const [k] = await rows<{ id: number }>(
    db,
    sql`insert into checkouts (business_id, queue_id, cashamount, subtotal, total, employee_id, checkout_day)
        values (${businessId}, ${queueId}, ${paid}, ${paid}, ${paid}, ${b.staff}, ${day}) returning id`,
  );
  await db.execute(sql`insert into saleslogs (business_id, queue_id, checkout_id, day, kind, service_id, name, price, quantity, total, employee_id)
    values (${businessId}, ${queueId}, ${(k as { id: number }).id}, ${day}, 'service', ${b.service}, ${b.name}, ${paid}, 1, ${paid}, ${b.staff})`);
  return { id: queueId, day };
}

/** A ticket still in the queue (no checkout). */
export async function createQueuedTicket(db: Database, businessId: number): Promise<PaidTicket> {
  const [q] = await rows<{ id: number; day: string }>(
    db,
    sql`insert into queue (business_id, status, day, checkin_at)
        select ${businessId}, 'CHECKIN', (now() at time zone timezone)::date, now() from businesses where id = ${businessId} returning id, day::text as day`,
  );
  return q as PaidTicket;
}

/** A signed-in-able manager of `businessId` who may view staff but not transaction reports. */
export async function createUserWithoutReports(db: Database, businessId: number, username: string): Promise<void> {
  const hash = await hashStoredPassword(createHash('sha256').update(DEMO_PASSWORD, 'utf8').digest('hex'));
  const acl = { blocks: ['operation'], units: { operation: ['view-staff'] }, restrictions: [], multiLocation: false, custom: [] };
  const [u] = await rows<{ id: number }>(
    db,
    sql`insert into users (role, acl, fullname, email, username, password_hash)
        values ('STAFF', ${JSON.stringify(acl)}::jsonb, 'No Reports', ${`${username}@example.com`}, ${username}, ${hash}) returning id`,
  );
  await db.execute(sql`insert into user_businesses (user_id, business_id) values (${(u as { id: number }).id}, ${businessId})`);
}

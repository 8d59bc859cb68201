import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { hashStoredPassword } from '../auth/password';
import type { Database } from '../db/client';
import { DEMO_PASSWORD } from '../demo/accounts';
import { issueCardsForSale } from '../prepaid/issue';
import { rows } from '../db/executor';

/** Test fixtures: tickets with a known amount, and a user without the transaction report permission. */

export interface PaidTicket {
  id: number;
  day: string;
}

/** A prepaid line of a fixture ticket: `total` cents for `quantity` cards of the location's first gift card (giftcard 2) or prepaid package (3) service. */
export interface PrepaidLine {
  total: number;
  quantity?: number;
  giftcard?: 2 | 3;
}

/**
 * A completed ticket of `paid` cents (paid in cash, no tax) on a business's today: one service line,
 * and with `prepaid` a prepaid line of that total out of `paid` too. It is completed as the point
 * of sale completes one: the cards its prepaid line sold are issued (`issueCardsForSale`).
 */
export async function createPaidTicket(db: Database, businessId: number, paid: number, options: { day?: string; prepaid?: PrepaidLine; customerId?: number } = {}): Promise<PaidTicket> {
  const prepaid = options.prepaid;
  const [b] = await rows<{ today: string; staff: number; service: number; name: string; card_service: number | null; card_name: string | null }>(
    db,
    sql`select (now() at time zone b.timezone)::date::text as today,
          (select id from staff where business_id = b.id order by id limit 1) as staff,
          (select id from services where business_id = b.id and giftcard = 0 order by id limit 1) as service,
          (select name from services where business_id = b.id and giftcard = 0 order by id limit 1) as name,
          (select id from services where business_id = b.id and giftcard = ${prepaid?.giftcard ?? 2} order by id limit 1) as card_service,
          (select name from services where business_id = b.id and giftcard = ${prepaid?.giftcard ?? 2} order by id limit 1) as card_name
        from businesses b where b.id = ${businessId}`,
  );
  if (!b) throw new Error(`no business ${businessId}`);
  const day = options.day ?? b.today;
  return db.transaction(async (tx) => {
    const [q] = await rows<{ id: number }>(
      tx,
      sql`insert into queue (business_id, status, day, checkin_at, service_at, checkout_at, serviced_by, customer_id)
          values (${businessId}, 'CHECKOUT', ${day}, now() - interval '2 hours', now() - interval '90 minutes', now() - interval '30 minutes', ${b.staff}, ${options.customerId ?? null}) returning id`,
    );
    const queueId = (q as { id: number }).id;
    const [k] = await rows<{ id: number }>(
      tx,
      sql`insert into checkouts (business_id, queue_id, cashamount, subtotal, total, employee_id, checkout_day)
          values (${businessId}, ${queueId}, ${paid}, ${paid}, ${paid}, ${b.staff}, ${day}) returning id`,
    );
    const checkoutId = (k as { id: number }).id;
    const service = paid - (prepaid?.total ?? 0);
    await tx.execute(sql`insert into saleslogs (business_id, queue_id, checkout_id, day, kind, service_id, name, price, quantity, total, employee_id)
      values (${businessId}, ${queueId}, ${checkoutId}, ${day}, 'service', ${b.service}, ${b.name}, ${service}, 1, ${service}, ${b.staff})`);
    if (prepaid) {
      if (!b.card_service) throw new Error(`no prepaid service of giftcard ${prepaid.giftcard ?? 2} at business ${businessId}`);
      const quantity = prepaid.quantity ?? 1;
      await tx.execute(sql`insert into saleslogs (business_id, queue_id, checkout_id, day, kind, service_id, name, price, quantity, total, employee_id)
        values (${businessId}, ${queueId}, ${checkoutId}, ${day}, 'giftcard', ${b.card_service}, ${b.card_name}, ${Math.round(prepaid.total / quantity)}, ${quantity}, ${prepaid.total}, ${b.staff})`);
    }
    await issueCardsForSale(tx, { id: checkoutId });
    return { id: queueId, day };
  });
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

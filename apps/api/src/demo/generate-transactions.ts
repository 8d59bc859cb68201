import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rows } from '../db/executor';
import { DEMO_SEED } from './seed';
import { seedTransactions } from './seed-transactions';

export interface GenerateOptions {
  businessId: number;
  /** Days ending `endDay` (default: yesterday in the business's time zone, so every day is whole). */
  days: number;
  perDay: number;
  /** Exactly `perDay` tickets a day. */
  flat?: boolean;
  endDay?: string;
  /** Customers to add first. */
  customers?: number;
  now?: Date;
}

/**
 * Adds generated transactions to an existing location (the demo's set-based generator at any
 * volume): `generateTransactions(db, { businessId: 1, days: 365, perDay: 2000, flat: true })`
 * writes about 730,000 tickets and 1.1 million sales lines.
 */
export async function generateTransactions(db: Database, options: GenerateOptions): Promise<{ tickets: number; lines: number; startDay: string; endDay: string }> {
  const [business] = await rows<{ id: number; network_id: number | null; timezone: string; taxrate: number | null; currency: string | null; yesterday: string }>(
    db,
    sql`select id, network_id, timezone, (info->>'taxrate')::numeric::float8 as taxrate, info->>'currency' as currency,
          ((now() at time zone timezone)::date - 1)::text as yesterday
        from businesses where id = ${options.businessId}`,
  );
  if (!business) throw new Error(`No business ${options.businessId}`);
  const [owner] = await rows<{ id: number; fullname: string }>(
    db,
    sql`select u.id, u.fullname from users u join user_networks n on n.user_id = u.id where n.network_id = ${business.network_id} order by u.id limit 1`,
  );
  const endDay = options.endDay ?? business.yesterday;
  const result = await db.transaction((tx) =>
    seedTransactions(tx, {
      businessId: business.id,
      networkId: business.network_id,
      timezone: business.timezone,
      taxrate: business.taxrate ?? 0,
      days: options.days,
      perDay: options.perDay,
      flat: options.flat ?? false,
      now: options.now ?? new Date(),
      seed: DEMO_SEED + 7,
      actorUserId: owner?.id ?? null,
      actorName: owner?.fullname ?? 'Salondesk',
      provider: business.currency === 'USD' ? 'stripe' : 'nmi',
      customers: options.customers ?? 0,
      endDay,
    }),
  );
  await db.execute(sql`analyze queue, checkouts, saleslogs, payments, refunds`);
  const [range] = await rows<{ start: string }>(db, sql`select (${endDay}::date - (${options.days}::int - 1))::text as start`);
  return { ...result, startDay: range?.start ?? endDay, endDay };
}

import { randomBytes } from 'node:crypto';
import { type CampaignChannel, type FrequencyCap, frequencyCapAllows, normalizeFullPhone, type SkipReason } from '@salondesk/core';
import { type SQL, sql } from 'drizzle-orm';
import { segmentMembersSql } from '../segments/members';
import type { Executor } from '../db/executor';

/** A link's key: 24 random bytes (192 bits), base64url, 32 characters (core's `publicToken`). */
export const newPublicToken = (): string => randomBytes(24).toString('base64url');

/**
 * Which clients a campaign goes to, as a condition on `customers c`: the members of its segment
 * (segments' `segmentMembersSql`, which may take them from other locations of the network), or
 * without a segment every client of the location. Merged and erased clients never.
 */
export async function audienceCondition(db: Executor, businessId: number, segmentId: number | null, now: Date): Promise<SQL> {
  const live = sql`c.erased_at is null and c.merged_into_id is null`;
  if (segmentId === null) return sql`c.business_id = ${businessId} and ${live}`;
  return sql`c.id in (${await segmentMembersSql(db, businessId, segmentId, { now })}) and ${live}`;
}

/** Whether a segment of this location exists. */
export async function segmentExists(db: Executor, businessId: number, segmentId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from customer_segments where id = ${segmentId} and business_id = ${businessId}`);
  return rows.length > 0;
}

export interface PlannedDelivery {
  customerId: number;
  firstName: string | null;
  /** The email or normalized phone ('' when there is none). */
  recipient: string;
  skipReason: SkipReason | null;
}

/** The valid address of a client for a channel, or null. */
export function addressFor(channel: CampaignChannel, client: { email: string | null; phone: string | null }): string | null {
  if (channel === 'email') {
    const email = client.email?.trim().toLowerCase() ?? '';
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null;
  }
  if (!client.phone) return null;
  const digits = client.phone.replace(/[^\d+]/g, '');
  // A number written without its country code and ten digits long is North American (+1): the
  // product's home numbering and the default time zone's; any other is taken as complete.
  if (/^\d{10}$/.test(digits)) return normalizeFullPhone(`+1${digits}`);
  return normalizeFullPhone(client.phone);
}

/**
 * Who a campaign reaches if it goes out at `now`: each member of its audience with the address
 * it would use, or why it is skipped — unsubscribed from the channel, no address, or over the
 * frequency cap (core's `frequencyCapAllows` over the messages the business handed them, and
 * those queued, within the cap's period). `excludeReached` leaves out members a round already
 * reached (a resend: new members and those whose message the mail server or gateway refused).
 */
export async function planDeliveries(
  db: Executor,
  campaign: { id: number; business_id: number; channel: CampaignChannel; segment_id: number | null; cap_messages: number | null; cap_days: number | null },
  now: Date,
  options: { excludeReached?: boolean } = {},
): Promise<PlannedDelivery[]> {
  const members = await audienceCondition(db, campaign.business_id, campaign.segment_id, now);
  const reached = options.excludeReached
    ? sql`and not exists (select 1 from campaign_deliveries r where r.campaign_id = ${campaign.id} and r.customer_id = c.id and r.status = 'handed'
        and not exists (select 1 from outbox o where o.id = r.outbox_id and o.status = 'failed'))`
    : sql``;
  const { rows } = await db.execute(sql`
    select c.id, c.firstname, c.email, c.phone,
      exists (select 1 from campaign_unsubscribes u where u.business_id = ${campaign.business_id} and u.customer_id = c.id and u.channel = ${campaign.channel}) as unsubscribed
    from customers c
    where ${members} ${reached}
    order by c.id`);
  const cap: FrequencyCap | null = campaign.cap_messages !== null && campaign.cap_days !== null ? { messages: campaign.cap_messages, days: campaign.cap_days } : null;
  const recent = new Map<number, Date[]>();
  if (cap) {
    const since = new Date(now.getTime() - cap.days * 86_400_000);
    const { rows: handed } = await db.execute(sql`
      select customer_id, coalesce(handed_at, created_at) as at from campaign_deliveries
      where business_id = ${campaign.business_id} and status in ('queued', 'handed') and coalesce(handed_at, created_at) > ${since.toISOString()}::timestamptz`);
    for (const h of handed) {
      const list = recent.get(Number(h.customer_id)) ?? [];
      list.push(new Date(h.at as string));
      recent.set(Number(h.customer_id), list);
    }
  }
  return rows.map((r) => {
    const customerId = Number(r.id);
    const address = addressFor(campaign.channel, { email: r.email as string | null, phone: r.phone as string | null });
    const skipReason: SkipReason | null = r.unsubscribed
      ? 'unsubscribed'
      : address === null
        ? 'no_address'
        : !frequencyCapAllows(recent.get(customerId) ?? [], now, cap)
          ? 'frequency_cap'
          : null;
    return { customerId, firstName: (r.firstname as string | null) ?? null, recipient: address ?? '', skipReason };
  });
}

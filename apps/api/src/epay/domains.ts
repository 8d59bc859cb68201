import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/executor';
import { businessDomains } from './schema';

/**
 * The business's domain allow-list (`domains/update`), normalised by core's `normalizeDomain`, in
 * the order the owner gave it. The embed messaging (its `event.origin` check) and the embed route's
 * framing policy (`frame-ancestors`) read it; so does `urlshortner`. Match a host against it with
 * core's `hostAllowed(domains, host)`.
 */
export async function allowedDomains(db: Executor, businessId: number): Promise<string[]> {
  const found = await db
    .select({ domain: businessDomains.domain })
    .from(businessDomains)
    .where(eq(businessDomains.business_id, businessId))
    .orderBy(asc(businessDomains.position), asc(businessDomains.id));
  return found.map((r) => r.domain);
}

/** Replaces the allow-list with `domains` (already normalised, without duplicates), keeping their order. */
export async function replaceDomains(tx: Executor, businessId: number, domains: readonly string[]): Promise<void> {
  await tx.delete(businessDomains).where(eq(businessDomains.business_id, businessId));
  if (domains.length > 0) await tx.insert(businessDomains).values(domains.map((domain, position) => ({ business_id: businessId, domain, position })));
}

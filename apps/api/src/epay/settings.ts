import type { PaymentProvider } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../db/executor';

/** What a business's web payments go through: the provider its epay settings choose, and its account there. */
export interface WebPaymentAccount {
  provider: PaymentProvider;
  /** Stripe `acct_…` or the NMI merchant id (`payment_accounts`); null when the business has no account with that provider. */
  account: string | null;
}

/**
 * The provider of a business's web orders and recurring charges (its epay settings) and its
 * account with that provider (`payment_accounts`, kept by the payments area), or null when it
 * takes no web payment (no provider chosen). Reach the provider itself with
 * `paymentProviderFor(db, { businessId, provider })`.
 */
export async function webPaymentAccountOf(db: Executor, businessId: number): Promise<WebPaymentAccount | null> {
  const [row] = await rows<{ provider: PaymentProvider | null; account: string | null }>(
    db,
    sql`select e.provider, (select nullif(trim(a.account_id), '') from payment_accounts a where a.business_id = e.business_id and a.provider = e.provider) as account
        from epay_settings e where e.business_id = ${businessId}`,
  );
  if (!row?.provider) return null;
  return { provider: row.provider, account: row.account };
}

import type { PaymentProvider } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../transactions/queries';

/** The business setting that names the provider account (set by Salondesk support, admins only). */
export const PROVIDER_ACCOUNT_SETTING = 'PAYMENT_PROVIDER_ACCOUNT';

/** What a business's web payments go through: its provider (epay settings) and its account (the support-set setting). */
export interface WebPaymentAccount {
  provider: PaymentProvider;
  /** Stripe `acct_…` or the NMI merchant; null when support has not set one. */
  account: string | null;
}

/**
 * The provider and account of a business's web payments, or null when it takes none (no provider
 * chosen in its epay settings). The payment-provider adapters (`paymentProviderFor`) read it.
 */
export async function webPaymentAccountOf(db: Executor, businessId: number): Promise<WebPaymentAccount | null> {
  const [row] = await rows<{ provider: PaymentProvider | null; account: string | null }>(
    db,
    sql`select e.provider, (select s.value from business_settings s join setting_types t on t.id = s.setting_type_id
          where s.business_id = e.business_id and upper(t.name) = ${PROVIDER_ACCOUNT_SETTING}) as account
        from epay_settings e where e.business_id = ${businessId}`,
  );
  if (!row?.provider) return null;
  return { provider: row.provider, account: row.account && row.account.trim() !== '' ? row.account : null };
}

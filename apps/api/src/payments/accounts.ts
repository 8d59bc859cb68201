import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { decryptSecret } from '../secrets';
import { createNmiAdapter } from './nmi/adapter';
import { type PaymentAccount, type PaymentProviderAdapter, ProviderError, type ProviderName } from './provider';
import { paymentAccounts } from './schema';
import { createStripeAdapter } from './stripe/adapter';

/**
 * How this server reaches each provider: the real one with the environment's keys, or the local
 * simulator of its wire format (`simulators/`) when no key is configured and the simulators run
 * (demo mode, tests). Set once at start by `buildServer` (`configurePaymentProviders`).
 */
export interface PaymentsEnvironment {
  stripe:
    | {
        /** `STRIPE_SECRET_KEY`, or the simulator's test key. */
        secretKey: string;
        /** `STRIPE_WEBHOOK_SECRET`, or the simulator's signing secret. */
        webhookSecret: string;
        /** `STRIPE_PUBLISHABLE_KEY` (the browser's, for setup intents), or the simulator's. */
        publishableKey?: string;
        /** The simulator's address; undefined for api.stripe.com. */
        api?: { host: string; port: number; protocol: 'http' | 'https' };
      }
    | undefined;
  nmi:
    | {
        /** `NMI_SECURITY_KEY`; null in the simulator, where a merchant's key is `sim_<merchant id>`. */
        securityKey: string | null;
        /** `NMI_WEBHOOK_SIGNING_KEY`, or the simulator's. */
        webhookSigningKey: string;
        /** `NMI_API_URL` (default `https://secure.nmi.com/api`), or the simulator's address. */
        apiUrl: string;
        simulated: boolean;
      }
    | undefined;
}

let environment: PaymentsEnvironment = { stripe: undefined, nmi: undefined };

export function configurePaymentProviders(next: PaymentsEnvironment): void {
  environment = next;
}

export function paymentsEnvironment(): PaymentsEnvironment {
  return environment;
}

const notConfigured = (provider: ProviderName): never => {
  const names = provider === 'stripe' ? 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET' : 'NMI_SECURITY_KEY and NMI_WEBHOOK_SIGNING_KEY';
  throw new ProviderError(provider, 'not_configured', `${provider === 'stripe' ? 'Stripe' : 'NMI'} is not configured on this server: set ${names}, or run in demo mode for the local simulator`);
};

/** The adapter for an account, with its own keys if it has them, else the environment's. */
export function adapterFor(account: PaymentAccount): PaymentProviderAdapter {
  if (account.provider === 'stripe') {
    const stripe = environment.stripe ?? notConfigured('stripe');
    return createStripeAdapter({
      secretKey: account.credential ? decryptSecret(account.credential) : stripe.secretKey,
      webhookSecret: account.webhookSecret ? decryptSecret(account.webhookSecret) : stripe.webhookSecret,
      account: account.accountId,
      api: stripe.api,
    });
  }
  const nmi = environment.nmi ?? notConfigured('nmi');
  const securityKey = account.credential ? decryptSecret(account.credential) : (nmi.securityKey ?? (nmi.simulated && account.accountId ? `sim_${account.accountId}` : null));
  if (!securityKey) return notConfigured('nmi');
  return createNmiAdapter({
    securityKey,
    webhookSigningKey: account.webhookSecret ? decryptSecret(account.webhookSecret) : nmi.webhookSigningKey,
    merchant: account.accountId,
    apiUrl: nmi.apiUrl,
  });
}

/** The secret a webhook about `account` is signed with: its own, else the environment's. */
export function webhookSecretOf(account: PaymentAccount): string {
  if (account.webhookSecret) return decryptSecret(account.webhookSecret);
  if (account.provider === 'stripe') return (environment.stripe ?? notConfigured('stripe')).webhookSecret;
  return (environment.nmi ?? notConfigured('nmi')).webhookSigningKey;
}

type AccountRow = typeof paymentAccounts.$inferSelect;

export const paymentAccountOf = (row: AccountRow): PaymentAccount => ({
  businessId: row.business_id,
  provider: row.provider,
  accountId: row.account_id,
  credential: row.credential,
  webhookSecret: row.webhook_secret,
});

/** A business's payment account: with that provider, or its default one. */
export async function findPaymentAccount(db: Database, businessId: number, provider?: ProviderName): Promise<PaymentAccount | undefined> {
  const rows = await db
    .select()
    .from(paymentAccounts)
    .where(provider ? and(eq(paymentAccounts.business_id, businessId), eq(paymentAccounts.provider, provider)) : eq(paymentAccounts.business_id, businessId))
    // The default first, then the oldest: the same account every time, not the heap's order.
    .orderBy(desc(paymentAccounts.is_default), asc(paymentAccounts.id));
  const row = provider ? rows[0] : (rows.find((r) => r.is_default) ?? rows[0]);
  return row ? paymentAccountOf(row) : undefined;
}

/** The business whose account with `provider` is `accountId` (a webhook's `account`, an NMI merchant id). */
export async function businessOfAccount(db: Database, provider: ProviderName, accountId: string | null): Promise<number | null> {
  if (!accountId) return null;
  const [row] = await db
    .select({ business_id: paymentAccounts.business_id })
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.provider, provider), eq(paymentAccounts.account_id, accountId)))
    .limit(1);
  return row?.business_id ?? null;
}

/**
 * The payment provider of a business (its default account, or the one with `provider`), or of
 * an account given directly. Throws `ProviderError` `not_configured` when the business has no
 * account there or the server has no way to reach that provider.
 */
export async function paymentProviderFor(db: Database, target: number | PaymentAccount | { businessId: number; provider: ProviderName }): Promise<PaymentProviderAdapter> {
  if (typeof target === 'object' && 'accountId' in target) return adapterFor(target);
  const businessId = typeof target === 'number' ? target : target.businessId;
  const provider = typeof target === 'number' ? undefined : target.provider;
  const account = await findPaymentAccount(db, businessId, provider);
  if (!account) throw new ProviderError(provider ?? 'stripe', 'not_configured', 'This business has no payment account with that provider');
  return adapterFor(account);
}

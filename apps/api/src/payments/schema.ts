import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses } from '../db/schema';
import type { ProviderName } from './provider';

/**
 * A business's accounts with payment providers. `account_id` is the Stripe connected account
 * (`acct_…`) or the NMI merchant id; `credential` and `webhook_secret` are the business's own
 * keys sealed by `encryptSecret` (null: the environment's `STRIPE_SECRET_KEY` /
 * `NMI_SECURITY_KEY`, `STRIPE_WEBHOOK_SECRET` / `NMI_WEBHOOK_SIGNING_KEY`). Never returned by a call.
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<ProviderName>().notNull(),
    account_id: text('account_id'),
    credential: text('credential'),
    webhook_secret: text('webhook_secret'),
    /** The account `paymentProviderFor(businessId)` picks when the business has more than one. */
    is_default: boolean('is_default').notNull().default(true),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_accounts_provider', sql`${t.provider} in ('stripe', 'nmi')`),
    uniqueIndex('payment_accounts_business_provider_idx').on(t.business_id, t.provider),
    index('payment_accounts_account_idx').on(t.provider, t.account_id),
  ],
);

/**
 * Every webhook event received, signature-checked, once per provider event id: the idempotency
 * key and the log events are replayed from (`payments/webhooks.ts`). `payload` is the raw body as
 * received (no signature header is kept).
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').$type<ProviderName>().notNull(),
    event_id: text('event_id').notNull(),
    type: text('type').notNull(),
    provider_type: text('provider_type').notNull(),
    account: text('account'),
    business_id: integer('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull(),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    payload: text('payload').notNull(),
    /** `received` until its handlers ran; `processed`, or `failed` with `error` (a provider's retry or a replay runs it again). */
    status: text('status').$type<'received' | 'processed' | 'failed'>().notNull().default('received'),
    error: text('error'),
    processed_at: timestamp('processed_at', { withTimezone: true }),
    /** How many times an admin replayed it. */
    replays: integer('replays').notNull().default(0),
  },
  (t) => [
    uniqueIndex('webhook_events_provider_event_idx').on(t.provider, t.event_id),
    index('webhook_events_received_idx').on(t.received_at),
    check('webhook_events_status', sql`${t.status} in ('received', 'processed', 'failed')`),
  ],
);

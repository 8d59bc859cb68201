import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { failure, success } from '../http/envelope';
import type { Logger } from '../logger';
import { businessOfAccount, webhookSecretOf } from './accounts';
import { handlersFor } from './events';
import { nmiEvent, verifyNmiWebhook } from './nmi/adapter';
import { type PaymentAccount, type ProviderEvent, type ProviderName, type WebhookHeaders, WebhookSignatureError } from './provider';
import { paymentAccounts, webhookEvents } from './schema';
import { stripeEvent, verifyStripeWebhook } from './stripe/adapter';

/**
 * `POST /webhooks/stripe` and `POST /webhooks/nmi`: the raw body, signature-checked with each
 * provider's scheme (Stripe's through the SDK's `webhooks.constructEvent`; NMI's
 * `Webhook-Signature`), logged once per event id in `webhook_events`, then handed to the
 * `onProviderEvent` subscribers. An event id seen again changes nothing (answered 200,
 * `duplicate: true`) unless its handlers failed the first time, when the provider's retry runs
 * them again. A bad signature is refused with 400 and nothing is written.
 */

export const WEBHOOK_PATHS: Record<ProviderName, string> = { stripe: '/webhooks/stripe', nmi: '/webhooks/nmi' };

const WEBHOOK_MESSAGES = {
  badSignature: 'The webhook signature could not be verified.',
  notConfigured: 'This provider is not configured on this server.',
  handlerFailed: 'The event was recorded but could not be processed; it will be processed again when resent or replayed.',
} as const;

/** Reads `account` from a body not yet verified: only to choose which secret to verify it with. */
function claimedAccount(provider: ProviderName, body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { account?: unknown; event_body?: { merchant?: { id?: unknown } } };
    const value = provider === 'stripe' ? parsed.account : parsed.event_body?.merchant?.id;
    return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  } catch {
    return null;
  }
}

/** Verifies with the environment's secret, then with the claimed account's own secret if it has one. */
async function verify(db: Database, provider: ProviderName, body: Buffer, headers: WebhookHeaders): Promise<ProviderEvent> {
  const text = body.toString('utf8');
  const candidates: PaymentAccount[] = [{ businessId: null, provider, accountId: null, credential: null, webhookSecret: null }];
  const claimed = claimedAccount(provider, text);
  if (claimed) {
    const [own] = await db
      .select()
      .from(paymentAccounts)
      .where(and(eq(paymentAccounts.provider, provider), eq(paymentAccounts.account_id, claimed), sql`${paymentAccounts.webhook_secret} is not null`))
      .limit(1);
    if (own) candidates.push({ businessId: own.business_id, provider, accountId: own.account_id, credential: null, webhookSecret: own.webhook_secret });
  }
  let lastError: unknown;
  for (const account of candidates) {
    try {
      const secret = webhookSecretOf(account);
      return provider === 'stripe' ? verifyStripeWebhook(body, headers, secret) : verifyNmiWebhook(body, headers, secret);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

export interface ProcessResult {
  /** The log row. */
  id: number;
  duplicate: boolean;
  status: 'processed' | 'failed';
}

/** Runs an event's handlers and records the outcome on its log row. */
async function runHandlers(db: Database, log: Logger, rowId: number, event: ProviderEvent, businessId: number | null): Promise<'processed' | 'failed'> {
  try {
    for (const handler of handlersFor(event.type)) await handler(event, { db, businessId, log });
    await db.update(webhookEvents).set({ status: 'processed', error: null, processed_at: new Date() }).where(eq(webhookEvents.id, rowId));
    return 'processed';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.error({ err: error, provider: event.provider, eventId: event.id, eventType: event.type }, 'A provider event handler failed');
    await db.update(webhookEvents).set({ status: 'failed', error: message.slice(0, 2000), processed_at: new Date() }).where(eq(webhookEvents.id, rowId));
    return 'failed';
  }
}

/** Logs a verified event once and runs its handlers (again only if they failed before). */
export async function receiveProviderEvent(db: Database, log: Logger, event: ProviderEvent, payload: string): Promise<ProcessResult> {
  const businessId = await businessOfAccount(db, event.provider, event.account);
  const [inserted] = await db
    .insert(webhookEvents)
    .values({ provider: event.provider, event_id: event.id, type: event.type, provider_type: event.providerType, account: event.account, business_id: businessId, created: event.created, payload })
    .onConflictDoNothing({ target: [webhookEvents.provider, webhookEvents.event_id] })
    .returning({ id: webhookEvents.id });
  if (inserted) return { id: inserted.id, duplicate: false, status: await runHandlers(db, log, inserted.id, event, businessId) };
  // Seen before: only a failed one is claimed (atomically) and run again.
  const [claimed] = await db
    .update(webhookEvents)
    .set({ status: 'received', error: null })
    .where(and(eq(webhookEvents.provider, event.provider), eq(webhookEvents.event_id, event.id), eq(webhookEvents.status, 'failed')))
    .returning({ id: webhookEvents.id, business_id: webhookEvents.business_id });
  if (claimed) return { id: claimed.id, duplicate: true, status: await runHandlers(db, log, claimed.id, event, claimed.business_id) };
  const [seen] = await db.select({ id: webhookEvents.id }).from(webhookEvents).where(and(eq(webhookEvents.provider, event.provider), eq(webhookEvents.event_id, event.id)));
  return { id: seen!.id, duplicate: true, status: 'processed' };
}

/** The stored payload as the event it was (verified when it arrived). */
export function eventFromLog(provider: ProviderName, payload: string): ProviderEvent {
  const parsed = JSON.parse(payload) as Record<string, unknown>;
  return provider === 'stripe' ? stripeEvent(parsed as unknown as Parameters<typeof stripeEvent>[0]) : nmiEvent(parsed);
}

export interface ReplayFilter {
  /** Log row ids. */
  ids?: number[];
  provider?: ProviderName;
  /** Normalised type (`payout.paid`). */
  type?: string;
  /** Received at or after / before. */
  since?: Date;
  until?: Date;
  /** Only events whose handlers failed. */
  failedOnly?: boolean;
}

export interface ReplayResult {
  replayed: number;
  processed: number;
  failed: number;
}

/**
 * Runs the handlers of logged events again, oldest first, from the payloads stored when they
 * arrived (an admin's call or `npm run webhooks:replay`). Handlers are idempotent, so replaying a
 * processed event changes nothing that was right.
 */
export async function replayWebhookEvents(db: Database, log: Logger, filter: ReplayFilter): Promise<ReplayResult> {
  const conditions: SQL[] = [];
  if (filter.ids?.length) conditions.push(inArray(webhookEvents.id, filter.ids));
  if (filter.provider) conditions.push(eq(webhookEvents.provider, filter.provider));
  if (filter.type) conditions.push(eq(webhookEvents.type, filter.type));
  if (filter.since) conditions.push(gte(webhookEvents.received_at, filter.since));
  if (filter.until) conditions.push(lte(webhookEvents.received_at, filter.until));
  if (filter.failedOnly) conditions.push(eq(webhookEvents.status, 'failed'));
  const rows = await db
    .select()
    .from(webhookEvents)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(webhookEvents.received_at), asc(webhookEvents.id));
  const result: ReplayResult = { replayed: 0, processed: 0, failed: 0 };
  for (const row of rows) {
    const event = eventFromLog(row.provider, row.payload);
    await db.update(webhookEvents).set({ replays: sql`${webhookEvents.replays} + 1` }).where(eq(webhookEvents.id, row.id));
    const status = await runHandlers(db, log, row.id, event, row.business_id);
    result.replayed += 1;
    result[status] += 1;
  }
  return result;
}

/** Registers both webhook routes, each reading its body raw (the signature is over the exact bytes). */
export async function registerWebhooks(app: FastifyInstance, db: Database): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    for (const provider of ['stripe', 'nmi'] as const) {
      scope.post(WEBHOOK_PATHS[provider], async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event: ProviderEvent;
        try {
          event = await verify(db, provider, body, request.headers);
        } catch (error) {
          if (error instanceof WebhookSignatureError) {
            request.log.warn({ provider, reason: error.message }, 'Webhook refused: bad signature');
            return reply.code(400).send(failure(WEBHOOK_MESSAGES.badSignature, 'BAD_REQUEST'));
          }
          if (error instanceof Error && error.name === 'ProviderError') return reply.code(503).send(failure(WEBHOOK_MESSAGES.notConfigured, 'SERVER_ERROR'));
          throw error;
        }
        const result = await receiveProviderEvent(db, request.log as Logger, event, body.toString('utf8'));
        request.log.info({ provider, eventId: event.id, eventType: event.type, duplicate: result.duplicate, status: result.status }, 'Webhook received');
        if (result.status === 'failed') return reply.code(500).send(failure(WEBHOOK_MESSAGES.handlerFailed, 'SERVER_ERROR'));
        return success({ received: true, duplicate: result.duplicate });
      });
    }
  });
}

import { createHash, randomBytes } from 'node:crypto';
import { billingDests, fillPath, PAYMENT_METHOD_SHARE_PATH, type PaymentMethod, type SetupIntentAnswer, SHARE_LINK_DAYS } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { HttpError } from '../../http/errors';
import { paymentsEnvironment } from '../../payments/accounts';
import type { ProviderSetupIntent } from '../../payments/provider';
import { rows, type Executor } from '../../db/executor';
import { type DestImplementation, implementDest } from '../dispatcher';
import { billingProvider, customerOf } from '../money';
import { loadPaymentMethods } from '../queries';
import { callerOf, notFoundAs, viaProvider } from './common';

const d = billingDests.payment;

/** What the browser needs to confirm a setup intent with Stripe (or the local simulator). */
export function setupAnswer(intent: ProviderSetupIntent): SetupIntentAnswer {
  const stripe = paymentsEnvironment().stripe;
  if (!stripe?.publishableKey) throw new HttpError(503, 'Adding a payment method is not configured on this server: set STRIPE_PUBLISHABLE_KEY');
  const api = stripe.api ? `${stripe.api.protocol}://${stripe.api.host}:${stripe.api.port}` : 'https://api.stripe.com';
  return { provider: 'stripe', setup_intent_id: intent.id, client_secret: intent.clientSecret, publishable_key: stripe.publishableKey, api_base: api };
}

/** A new setup intent for a user's customer. */
export async function newSetupIntent(db: Executor, userId: number, kind: 'card' | 'bank_account', key: string): Promise<ProviderSetupIntent> {
  return viaProvider(async () => {
    const provider = billingProvider();
    const customer = await customerOf(db, userId, provider);
    return provider.createSetupIntent({ customer, kind, metadata: { user_id: String(userId) }, idempotencyKey: key });
  });
}

/** The methods of a user, or one of them (404 when not theirs or removed). */
async function methodOf(db: Executor, userId: number, methodId: number): Promise<PaymentMethod> {
  const [method] = await loadPaymentMethods(db, sql`m.user_id = ${userId} and m.id = ${methodId}`);
  if (!method) throw notFoundAs('payment method');
  return method;
}

async function makeDefault(db: Executor, userId: number, methodId: number): Promise<void> {
  await db.execute(sql`update billing_payment_methods set is_default = false where user_id = ${userId} and is_default and id <> ${methodId}`);
  await db.execute(sql`update billing_payment_methods set is_default = true where id = ${methodId} and user_id = ${userId}`);
}

/**
 * Saves the method a confirmed setup intent of this user's customer made (the card went from the
 * browser to the provider; only its id, brand and last 4 come here). The first method is the default.
 */
export async function saveConfirmedMethod(
  db: Executor,
  userId: number,
  input: { setup_intent_id: string; name?: string; make_default?: boolean },
  options: { shareLinkId?: number; now: Date },
): Promise<number> {
  const provider = billingProvider();
  const customer = await customerOf(db, userId, provider);
  const intent = await viaProvider(() => provider.getSetupIntent(input.setup_intent_id));
  if (intent.customer !== customer) throw notFoundAs('setup intent');
  if (intent.status !== 'succeeded' || !intent.paymentMethod) throw new HttpError(409, 'The card is not confirmed yet: finish adding it first');
  let method = await viaProvider(() => provider.getPaymentMethod(intent.paymentMethod as string));
  if (method.customer !== customer) method = await viaProvider(() => provider.attachPaymentMethod(method.id, customer));
  const [known] = await rows(db, sql`select id from billing_payment_methods where provider = 'stripe' and foreign_id = ${method.id}`);
  if (known) throw new HttpError(409, 'This payment method is already saved');
  const [{ n = 0 } = {}] = await rows<{ n: number }>(db, sql`select count(*)::int as n from billing_payment_methods where user_id = ${userId} and removed_at is null and is_default`);
  const name = input.name ?? `${method.brand ?? (method.kind === 'card' ? 'Card' : 'Bank account')} ending ${method.last4}`;
  const [created] = await rows<{ id: number }>(
    db,
    sql`insert into billing_payment_methods (user_id, provider, foreign_id, kind, name, brand, last4, exp_month, exp_year, is_default, share_link_id, created_at)
        values (${userId}, 'stripe', ${method.id}, ${method.kind}, ${name}, ${method.brand}, ${method.last4}, ${method.expMonth}, ${method.expYear}, false,
                ${options.shareLinkId ?? null}, ${options.now}) returning id`,
  );
  const id = (created as { id: number }).id;
  if (n === 0 || input.make_default) await makeDefault(db, userId, id);
  return id;
}

export const hashShareToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Subscriptions a user pays, by id, refused (404) unless all are theirs and kept. */
async function ownSubscriptions(db: Executor, userId: number, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const [{ n = 0 } = {}] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from billing_subscriptions where user_id = ${userId} and deleted_at is null and id = any(${`{${unique.join(',')}}`}::int[])`,
  );
  if (n !== unique.length) throw notFoundAs('subscription');
}

export function paymentHandlers(): DestImplementation[] {
  return [
    implementDest(d.all, async (_, ctx) => loadPaymentMethods(ctx.db, sql`m.user_id = ${ctx.userId}`)),

    implementDest(d.createSetupIntent, async ({ body }, ctx) =>
      setupAnswer(await newSetupIntent(ctx.db, ctx.userId, body.kind ?? 'card', `setup-${ctx.userId}-${randomBytes(12).toString('hex')}`)),
    ),

    implementDest(d.create, async ({ body }, ctx) => {
      const id = await ctx.db.transaction((tx) => saveConfirmedMethod(tx, ctx.userId, body, { now: ctx.now() }));
      return methodOf(ctx.db, ctx.userId, id);
    }),

    implementDest(d.updateName, async ({ body }, ctx) => {
      await methodOf(ctx.db, ctx.userId, body.payment_method_id);
      await ctx.db.execute(sql`update billing_payment_methods set name = ${body.name} where id = ${body.payment_method_id}`);
      return methodOf(ctx.db, ctx.userId, body.payment_method_id);
    }),

    implementDest(d.updateCard, async ({ body }, ctx) => {
      const method = await methodOf(ctx.db, ctx.userId, body.payment_method_id);
      if (method.kind !== 'card') throw new HttpError(400, 'Only a card has an expiry date');
      const now = ctx.now();
      if (body.exp_year < now.getUTCFullYear() || (body.exp_year === now.getUTCFullYear() && body.exp_month < now.getUTCMonth() + 1)) {
        throw new HttpError(400, 'This expiry date has passed', { issues: [{ path: ['body', 'exp_year'], message: 'This expiry date has passed' }] });
      }
      const [row] = await rows<{ foreign_id: string }>(ctx.db, sql`select foreign_id from billing_payment_methods where id = ${method.id}`);
      const updated = await viaProvider(() => billingProvider().updateCardExpiry((row as { foreign_id: string }).foreign_id, body.exp_month, body.exp_year));
      await ctx.db.execute(sql`update billing_payment_methods set exp_month = ${updated.expMonth}, exp_year = ${updated.expYear} where id = ${method.id}`);
      return methodOf(ctx.db, ctx.userId, method.id);
    }),

    implementDest(d.makeDefault, async ({ body }, ctx) => {
      await methodOf(ctx.db, ctx.userId, body.payment_method_id);
      await ctx.db.transaction((tx) => makeDefault(tx, ctx.userId, body.payment_method_id));
      return loadPaymentMethods(ctx.db, sql`m.user_id = ${ctx.userId}`);
    }),

    implementDest(d.remove, async ({ body }, ctx) => {
      await methodOf(ctx.db, ctx.userId, body.payment_method_id);
      const [row] = await rows<{ foreign_id: string }>(ctx.db, sql`select foreign_id from billing_payment_methods where id = ${body.payment_method_id}`);
      await viaProvider(() => billingProvider().detachPaymentMethod((row as { foreign_id: string }).foreign_id));
      await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`update billing_payment_methods set removed_at = ${ctx.now()}, is_default = false where id = ${body.payment_method_id}`);
        await tx.execute(sql`update billing_subscriptions set payment_method_id = null where payment_method_id = ${body.payment_method_id}`);
        await tx.execute(sql`update billing_invoices set payment_method_id = null where payment_method_id = ${body.payment_method_id} and status in ('unpaid', 'fail', 'queued')`);
      });
      return { ok: true as const };
    }),

    implementDest(d.addToSub, async ({ body }, ctx) => {
      await methodOf(ctx.db, ctx.userId, body.payment_method_id);
      await ownSubscriptions(ctx.db, ctx.userId, [body.subscription_id]);
      await ctx.db.execute(sql`update billing_subscriptions set payment_method_id = ${body.payment_method_id} where id = ${body.subscription_id}`);
      return methodOf(ctx.db, ctx.userId, body.payment_method_id);
    }),

    implementDest(d.addToMultipleSubs, async ({ body }, ctx) => {
      await methodOf(ctx.db, ctx.userId, body.payment_method_id);
      await ownSubscriptions(ctx.db, ctx.userId, body.subscription_ids);
      await ctx.db.execute(
        sql`update billing_subscriptions set payment_method_id = ${body.payment_method_id} where id = any(${`{${[...new Set(body.subscription_ids)].join(',')}}`}::int[])`,
      );
      return methodOf(ctx.db, ctx.userId, body.payment_method_id);
    }),

    implementDest(d.removeFromSub, async ({ body }, ctx) => {
      await ownSubscriptions(ctx.db, ctx.userId, [body.subscription_id]);
      await ctx.db.execute(sql`update billing_subscriptions set payment_method_id = null where id = ${body.subscription_id}`);
      return { ok: true as const };
    }),

    implementDest(d.createLinkToken, async (_, ctx) => {
      const link = await viaProvider(async () => {
        const provider = billingProvider();
        const customer = await customerOf(ctx.db, ctx.userId, provider);
        return provider.createBankLinkToken({ customer, idempotencyKey: `link-${ctx.userId}-${randomBytes(12).toString('hex')}` });
      });
      return { link_token: link.token, expiration: link.expiresAt.toISOString() };
    }),

    implementDest(d.share, async (_, ctx) => {
      const token = randomBytes(32).toString('base64url');
      const now = ctx.now();
      const expires = new Date(now.getTime() + SHARE_LINK_DAYS * 86_400_000);
      await ctx.db.execute(
        sql`insert into billing_share_links (user_id, token_hash, created_by, expires_at, created_at) values (${ctx.userId}, ${hashShareToken(token)}, ${callerOf(ctx).id}, ${expires}, ${now})`,
      );
      return { path: fillPath(PAYMENT_METHOD_SHARE_PATH, { token }), token, expires_at: expires.toISOString() };
    }),
  ] as DestImplementation[];
}

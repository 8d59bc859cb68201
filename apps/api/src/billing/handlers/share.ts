import { randomBytes } from 'node:crypto';
import { paymentMethodShareEndpoints } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { HttpError } from '../../http/errors';
import { type Implementation, implement } from '../../http/registry';
import { rows, type Executor } from '../../db/executor';
import { billingProvider } from '../money';
import { hashShareToken, newSetupIntent, saveConfirmedMethod, setupAnswer } from './payments';
import { viaProvider } from './common';

/**
 * The public add-a-payment-method page's API (route rule `payment-method`): a share link
 * (`payment/share`) is single use and valid 7 days; only the SHA-256 of its token is kept. No
 * sign-in: the token is the permission, and it adds a method for the user who shared it, nothing else.
 */
const invalidLink = () => new HttpError(404, 'This link is not valid');
const usedLink = () => new HttpError(410, 'This link was already used or has expired: ask for a new one');

interface LinkRow {
  id: number;
  user_id: number;
  fullname: string;
  expires_at: Date | string;
  used_at: Date | string | null;
  setup_intent_id: string | null;
}

async function linkOf(db: Executor, token: string, now: Date, lock: boolean): Promise<LinkRow> {
  const [link] = await rows<LinkRow>(
    db,
    sql`select l.id, l.user_id, u.fullname, l.expires_at, l.used_at, l.setup_intent_id
          from billing_share_links l join users u on u.id = l.user_id
         where l.token_hash = ${hashShareToken(token)} ${lock ? sql`for update of l` : sql``}`,
  );
  if (!link) throw invalidLink();
  if (link.used_at !== null || new Date(link.expires_at).getTime() <= now.getTime()) throw usedLink();
  return link;
}

export function shareHandlers(): Implementation[] {
  return [
    implement(paymentMethodShareEndpoints.get, async ({ params }, ctx) => {
      const now = ctx.now();
      const answer = await ctx.db.transaction(async (tx) => {
        const link = await linkOf(tx, params.token, now, true);
        let intent = link.setup_intent_id ? await viaProvider(() => billingProvider().getSetupIntent(link.setup_intent_id as string)) : null;
        if (!intent || intent.status === 'canceled' || intent.status === 'succeeded') {
          intent = await newSetupIntent(tx, link.user_id, 'card', `share-${link.id}-${randomBytes(8).toString('hex')}`);
          await tx.execute(sql`update billing_share_links set setup_intent_id = ${intent.id} where id = ${link.id}`);
        }
        return { for_name: link.fullname, expires_at: new Date(link.expires_at).toISOString(), setup: setupAnswer(intent) };
      });
      return answer;
    }),

    implement(paymentMethodShareEndpoints.add, async ({ params, body }, ctx) => {
      const now = ctx.now();
      return ctx.db.transaction(async (tx) => {
        const link = await linkOf(tx, params.token, now, true);
        if (link.setup_intent_id !== body.setup_intent_id) throw invalidLink();
        const id = await saveConfirmedMethod(tx, link.user_id, { setup_intent_id: body.setup_intent_id, name: body.name }, { shareLinkId: link.id, now });
        await tx.execute(sql`update billing_share_links set used_at = ${now} where id = ${link.id}`);
        const [method] = await rows<{ last4: string; brand: string | null }>(tx, sql`select last4, brand from billing_payment_methods where id = ${id}`);
        return { added: true as const, last4: (method as { last4: string }).last4, brand: method?.brand ?? null };
      });
    }),
  ] as Implementation[];
}

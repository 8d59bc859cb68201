import { BILLING_CURRENCIES, billingActorOf, type Currency, isAdmin, todayIn } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import { HttpError, noPermission } from '../../http/errors';
import { isProviderError } from '../../payments/provider';
import { rows, type Executor } from '../../db/executor';
import type { BillingContext } from '../dispatcher';
import type { Actor } from '../money';

/** What every billing handler needs of its context. */

/** The business of a business-level dest (the dispatcher sets it). */
export const businessOf = (ctx: BillingContext): number => {
  if (ctx.businessId === null) throw new Error('A business-level billing dest ran without a business');
  return ctx.businessId;
};

/** The caller (signed in: the dispatcher checked). */
export const callerOf = (ctx: BillingContext) => {
  if (!ctx.auth) throw noPermission();
  return ctx.auth.user;
};

/** Who acts, for the status history: an admin, else the owner paying. */
export const actorOf = (ctx: BillingContext): Actor => {
  const user = callerOf(ctx);
  return { actor: billingActorOf(user), userId: user.id };
};

export const callerIsAdmin = (ctx: BillingContext): boolean => isAdmin(callerOf(ctx));

/** A business's time zone and billing currency (its own when billing supports it, else USD). */
export async function businessBilling(db: Executor, businessId: number): Promise<{ name: string; timezone: string; currency: Currency }> {
  const [row] = await rows<{ name: string; timezone: string; currency: string | null }>(
    db,
    sql`select name, timezone, info->>'currency' as currency from businesses where id = ${businessId}`,
  );
  if (!row) throw new HttpError(404, 'This business does not exist');
  const currency = (BILLING_CURRENCIES as readonly string[]).includes(row.currency ?? '') ? (row.currency as Currency) : 'USD';
  return { name: row.name, timezone: row.timezone, currency };
}

export const todayOf = async (db: Executor, businessId: number, now: Date): Promise<string> => todayIn((await businessBilling(db, businessId)).timezone, now);

/** May this user see this business (an admin any; else a network or location granted)? */
export async function userMaySee(db: Executor, userId: number, businessId: number): Promise<boolean> {
  const [row] = await rows<{ ok: boolean }>(
    db,
    sql`select exists (
          select 1 from users u join businesses b on b.id = ${businessId}
           where u.id = ${userId} and u.disabled_at is null
             and (u.role = 'ADMIN'
                  or exists (select 1 from user_businesses ub where ub.user_id = u.id and ub.business_id = b.id)
                  or exists (select 1 from user_networks un where un.user_id = u.id and un.network_id = b.network_id))) as ok`,
  );
  return row?.ok === true;
}

/** Refused unless the user may see the business: who pays must belong to it. */
export async function requirePayer(db: Executor, userId: number, businessId: number): Promise<void> {
  if (!(await userMaySee(db, userId, businessId))) throw new HttpError(400, 'This user cannot pay for this business', { issues: [{ path: ['body', 'user_id'], message: 'Choose a user of this business' }] });
}

export const notFoundAs = (what: string) => new HttpError(404, `This ${what} does not exist`);

/** A provider's refusal as a clear 4xx (a declined card, an unknown id), its outage as 503. */
export async function viaProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isProviderError(error)) throw error;
    switch (error.code) {
      case 'card_declined':
        throw new HttpError(402, error.message);
      case 'not_found':
        throw new HttpError(404, error.message);
      case 'invalid_request':
      case 'unsupported':
        throw new HttpError(400, error.message);
      default:
        throw new HttpError(503, 'The payment provider does not answer: try again in a minute');
    }
  }
}

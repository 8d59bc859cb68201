import {
  type AnyBillingDest,
  billingEndpoints,
  destinationSegments,
  isAdmin,
  MESSAGES,
  matchOperation,
  type OperationRequest,
  type OperationResult,
  ROLE,
} from '@salondesk/core';
import { safeParse } from 'zod/mini';
import { HttpError, invalidRequest, noPermission, pleaseLogIn } from '../http/errors';
import { isFileDownload, type FileDownload } from '../http/file-download';
import { type HandlerContext, type Implementation, implement } from '../http/registry';
import { parseRequest } from '../http/validate';

/** The context of a billing dest: the request's, and who is acting and for which business or user. */
export interface BillingContext extends HandlerContext {
  /** The business of a business-level dest (null on the user level). */
  businessId: number | null;
  /** The user of a user-level dest (its path `{id}`); on the business level the caller. */
  userId: number;
}

export type DestHandler<D extends AnyBillingDest> = (request: OperationRequest<D>, context: BillingContext) => Promise<OperationResult<D> | FileDownload>;

export interface DestImplementation<D extends AnyBillingDest = AnyBillingDest> {
  dest: D;
  handler: DestHandler<D>;
}

/** Binds a handler to a billing dest of core. */
export const implementDest = <D extends AnyBillingDest>(dest: D, handler: DestHandler<D>): DestImplementation<D> => ({ dest, handler });

/** May this user call `dest` (its `access`; the path's business or user was checked by the route's own access)? */
function allowed(dest: AnyBillingDest, ctx: HandlerContext): boolean {
  const user = ctx.auth?.user;
  if (!user) return false;
  if (isAdmin(user)) return true;
  if (dest.access === 'admin') return false;
  if (dest.access === 'owner') return user.role === ROLE.OWNER;
  return true;
}

/**
 * The billing dispatcher (spec 000 §7 Billing): `GET`/`POST /protected/business/{id}/billing?uid=&dest=`
 * and `/protected/user/{id}/billing?dest=`. The route's access ran first (the business is one the
 * user may see; the user is the caller or the caller is an admin); then `uid` must be the caller
 * (admins may act as themselves only too), the dest must be one of `dests` on this level and
 * method (else 400, never a pass-through), the caller needs its access, and its params, query and
 * body are validated with its own schemas.
 */
export function billingHandlers(dests: readonly AnyBillingDest[], implementations: readonly DestImplementation[]): Implementation[] {
  const byName = new Map<string, DestImplementation>();
  for (const implementation of implementations) {
    if (byName.has(implementation.dest.name)) throw new Error(`Two handlers implement billing dest ${implementation.dest.name}`);
    byName.set(implementation.dest.name, implementation);
  }
  const missing = dests.filter((d) => !byName.has(d.name)).map((d) => d.name);
  if (missing.length > 0) throw new Error(`No handler for billing dest(s): ${missing.join(', ')}`);
  const business = dests.filter((d) => d.route === 'business');
  const user = dests.filter((d) => d.route === 'user');

  async function dispatch(level: 'business' | 'user', method: 'GET' | 'POST', pathId: number, query: Record<string, unknown>, body: unknown, ctx: HandlerContext) {
    const { dest, uid, ...rest } = query as { dest: string; uid?: number };
    if (!ctx.auth) throw pleaseLogIn();
    if (uid !== undefined && uid !== ctx.auth.user.id) throw new HttpError(403, MESSAGES.noBusinessPermission);
    if (level === 'user' && uid !== undefined && uid !== pathId) throw new HttpError(403, MESSAGES.noBusinessPermission);
    if (!destinationSegments(dest)) throw invalidRequest([{ path: ['query', 'dest'], message: MESSAGES.malformedEscape }]);
    const match = matchOperation(level === 'business' ? business : user, method, dest);
    if (!match) {
      const elsewhere = matchOperation(level === 'business' ? user : business, method, dest);
      const message = elsewhere
        ? `"${dest}" is a ${level === 'business' ? 'user' : 'business'}-level billing operation: call /protected/${level === 'business' ? 'user' : 'business'}/{id}/billing`
        : `Unknown billing destination "${dest}" for ${method}`;
      throw invalidRequest([{ path: ['query', 'dest'], message }]);
    }
    const operation = match.operation as AnyBillingDest;
    if (!allowed(operation, ctx)) throw noPermission();
    const input = parseRequest(operation, { params: match.params, query: method === 'GET' ? rest : undefined, body });
    const { handler } = byName.get(operation.name) as DestImplementation;
    const context: BillingContext = { ...ctx, businessId: level === 'business' ? pathId : null, userId: level === 'business' ? ctx.auth.user.id : pathId };
    const result = await handler(input as OperationRequest<AnyBillingDest>, context);
    if (operation.download) {
      if (!isFileDownload(result)) throw new Error(`Billing dest ${operation.name} must answer with a file`);
      return result;
    }
    const parsed = safeParse(operation.response, result);
    if (!parsed.success) {
      ctx.request.log.error({ dest: operation.name, issues: parsed.error.issues }, 'Billing handler result does not match the contract');
      throw new Error(`Response of billing dest ${operation.name} does not match its schema`);
    }
    return parsed.data;
  }

  return [
    implement(billingEndpoints.businessGet, async ({ params, query }, ctx) => dispatch('business', 'GET', params.id, query, undefined, ctx) as never),
    implement(billingEndpoints.businessPost, async ({ params, query, body }, ctx) => dispatch('business', 'POST', params.id, query, body, ctx) as never),
    implement(billingEndpoints.userGet, async ({ params, query }, ctx) => dispatch('user', 'GET', params.id, query, undefined, ctx) as never),
    implement(billingEndpoints.userPost, async ({ params, query, body }, ctx) => dispatch('user', 'POST', params.id, query, body, ctx) as never),
  ] as Implementation[];
}

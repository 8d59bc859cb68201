import {
  type AnyOperation,
  destinationSegments,
  endpoints,
  MESSAGES,
  matchOperation,
  type OperationRequest,
  type OperationResult,
  userCan,
} from '@salondesk/core';
import { safeParse } from 'zod/mini';
import { invalidRequest, noPermission, pleaseLogIn } from '../http/errors';
import { type HandlerContext, type Implementation, implement } from '../http/registry';
import { parseRequest } from '../http/validate';

export type OperationHandler<O extends AnyOperation> = (request: OperationRequest<O>, context: HandlerContext) => Promise<OperationResult<O>>;

export interface OperationImplementation<O extends AnyOperation = AnyOperation> {
  operation: O;
  handler: OperationHandler<O>;
}

/** Binds a handler to a proxy operation of core; the types of both sides come from it. */
export const implementOperation = <O extends AnyOperation>(operation: O, handler: OperationHandler<O>): OperationImplementation<O> => ({
  operation,
  handler,
});

/**
 * The two routes of the generic proxy request (GET and POST `/protected/business/{id}/io-request`).
 * The business was access-checked like any business route; then the destination must name one
 * of `operations` (else 400, never a pass-through; a malformed `%` escape in it is a 400 too), the
 * user needs the operation's permission, and its params, query and payload are validated with its
 * own schemas (`parseRequest`, which also refuses NUL, lone surrogates and deep nesting in the
 * destination's decoded values).
 */
export function proxyHandlers(operations: readonly AnyOperation[], implementations: readonly OperationImplementation[]): Implementation[] {
  const byName = new Map<string, OperationImplementation>();
  for (const implementation of implementations) {
    const name = implementation.operation.name;
    if (byName.has(name)) throw new Error(`Two handlers implement proxy operation ${name}`);
    byName.set(name, implementation);
  }
  const missing = operations.filter((o) => !byName.has(o.name)).map((o) => o.name);
  if (missing.length > 0) throw new Error(`No handler for proxy operation(s): ${missing.join(', ')}`);
  const known = new Set(operations.map((o) => o.name));
  const extra = [...byName.keys()].filter((name) => !known.has(name));
  if (extra.length > 0) throw new Error(`Handler(s) for unknown proxy operation(s): ${extra.join(', ')}`);

  async function dispatch(method: 'GET' | 'POST', dest: string, query: unknown, body: unknown, ctx: HandlerContext) {
    if (!destinationSegments(dest)) throw invalidRequest([{ path: ['query', 'dest'], message: MESSAGES.malformedEscape }]);
    const match = matchOperation(operations, method, dest);
    if (!match) throw invalidRequest([{ path: ['query', 'dest'], message: `Unknown destination "${dest}" for ${method}` }]);
    const { operation, params } = match;
    if (!ctx.auth) throw pleaseLogIn();
    if (operation.permission && !userCan(ctx.auth.user, operation.permission)) throw noPermission();
    const input = parseRequest(operation, { params, query, body });
    const { handler } = byName.get(operation.name) as OperationImplementation;
    const result = await handler(input as OperationRequest<AnyOperation>, ctx);
    const parsed = safeParse(operation.response, result);
    if (!parsed.success) {
      ctx.request.log.error({ operation: operation.name, issues: parsed.error.issues }, 'Proxy handler result does not match the contract');
      throw new Error(`Response of proxy operation ${operation.name} does not match its schema`);
    }
    return parsed.data;
  }

  return [
    implement(endpoints.proxy.get, async ({ query }, ctx) => {
      const { dest, ...rest } = query;
      return dispatch('GET', dest, rest, undefined, ctx);
    }),
    implement(endpoints.proxy.post, async ({ query, body }, ctx) => dispatch('POST', query.dest, undefined, body, ctx)),
  ] as Implementation[];
}

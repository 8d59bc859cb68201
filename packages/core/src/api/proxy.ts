import { z } from 'zod/mini';
import type * as zc from 'zod/v4/core';
import { ApiError } from '../errors';
import { MESSAGES } from '../messages';
import { id } from '../models/ids';
import { type CallConfig, type CallInput, type CallRequest, defineEndpoint, fillPath, placeholdersOf, type Schema } from './endpoint';
import type { Transport } from './transport';

/**
 * The generic proxy request ("io-request" in both specs): one business-scoped endpoint that takes
 * a destination parameter naming an operation. The server dispatches only to the operations
 * defined here, each with its own schemas and permission; an unknown destination is a 400, never
 * a pass-through.
 *
 * Wire: `GET /protected/business/{id}/io-request?dest=<destination>&<query>` and
 * `POST /protected/business/{id}/io-request?dest=<destination>` with the payload as the body.
 */
export const PROXY_PATH = '/protected/business/{id}/io-request';

export const proxyEndpoints = {
  get: defineEndpoint({
    name: 'proxy.get',
    method: 'GET',
    path: PROXY_PATH,
    access: 'business',
    params: z.object({ id }),
    query: z.looseObject({ dest: z.string().check(z.minLength(1, { error: 'Name a destination' })) }),
    response: z.unknown(),
    errorMessage: MESSAGES.requestFailed,
  }),
  post: defineEndpoint({
    name: 'proxy.post',
    method: 'POST',
    path: PROXY_PATH,
    access: 'business',
    params: z.object({ id }),
    query: z.object({ dest: z.string().check(z.minLength(1, { error: 'Name a destination' })) }),
    body: z.unknown(),
    response: z.unknown(),
    errorMessage: MESSAGES.requestFailed,
  }),
} as const;

export interface OperationConfig<
  TParams extends Schema | undefined = Schema | undefined,
  TQuery extends Schema | undefined = Schema | undefined,
  TBody extends Schema | undefined = Schema | undefined,
  TResponse extends Schema = Schema,
> extends CallConfig<TParams, TQuery, TBody, TResponse> {
  method: 'GET' | 'POST';
  /** The destination, with `{param}` placeholders: `transaction/{txId}/update`. The query is a GET's; the body a POST's payload. */
  dest: string;
}

export type Operation<
  TParams extends Schema | undefined = Schema | undefined,
  TQuery extends Schema | undefined = Schema | undefined,
  TBody extends Schema | undefined = Schema | undefined,
  TResponse extends Schema = Schema,
> = Readonly<OperationConfig<TParams, TQuery, TBody, TResponse>> & { readonly destParams: readonly string[] };

// biome-ignore lint: the widest operation, for registries
export type AnyOperation = Operation<any, any, any, any>;

export type OperationInput<O extends AnyOperation> = CallInput<O>;
export type OperationRequest<O extends AnyOperation> = CallRequest<O>;
export type OperationResponse<O extends AnyOperation> = zc.output<O['response']>;
export type OperationResult<O extends AnyOperation> = zc.input<O['response']>;

export function defineOperation<
  TParams extends Schema | undefined = undefined,
  TQuery extends Schema | undefined = undefined,
  TBody extends Schema | undefined = undefined,
  TResponse extends Schema = Schema,
>(config: OperationConfig<TParams, TQuery, TBody, TResponse>): Operation<TParams, TQuery, TBody, TResponse> {
  const destParams = placeholdersOf(config.dest);
  if (destParams.length > 0 && !config.params) {
    throw new Error(`Operation ${config.name}: destination ${config.dest} has parameters but no params schema`);
  }
  if (config.method === 'GET' && config.body) throw new Error(`Operation ${config.name}: a GET operation has no body`);
  return Object.freeze({ ...config, destParams });
}

/**
 * The segments of a destination (leading and trailing slashes dropped), each %-decoded, or null
 * when one holds a malformed escape (`%`, `%E0%A4`, the UTF-8 bytes of a lone surrogate): the
 * server answers that with a 400 naming `dest`, never a 500.
 */
export function destinationSegments(dest: string): string[] | null {
  const segments: string[] = [];
  for (const segment of dest.replace(/^\/+|\/+$/g, '').split('/')) {
    try {
      segments.push(decodeURIComponent(segment));
    } catch {
      return null;
    }
  }
  return segments;
}

/**
 * Finds the operation a destination names, with the values of its placeholders, or null (also
 * for a destination `destinationSegments` cannot decode). Segments match literally; a
 * placeholder matches one non-empty segment.
 */
export function matchOperation(
  operations: readonly AnyOperation[],
  method: string,
  dest: string,
): { operation: AnyOperation; params: Record<string, string> } | null {
  const segments = destinationSegments(dest);
  if (!segments) return null;
  for (const operation of operations) {
    if (operation.method !== method) continue;
    const pattern = operation.dest.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, i) => {
      const segment = segments[i] as string;
      const placeholder = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(part);
      if (placeholder) {
        if (segment === '') return false;
        params[placeholder[1] as string] = segment;
        return true;
      }
      return part === segment;
    });
    if (matches) return { operation, params };
  }
  return null;
}

export function proxyClient(transport: Transport) {
  return {
    /** Calls one proxy operation of business `businessId`; the response is parsed with its schema. */
    async call<O extends AnyOperation>(operation: O, businessId: number, input: OperationInput<O>): Promise<OperationResponse<O>> {
      const { params, query, body } = input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
      const dest = fillPath(operation.dest, params);
      const options = { errorMessage: operation.errorMessage };
      const data =
        operation.method === 'GET'
          ? await transport.request(proxyEndpoints.get, { params: { id: businessId }, query: { ...query, dest } }, options)
          : await transport.request(proxyEndpoints.post, { params: { id: businessId }, query: { dest }, body: body ?? {} }, options);
      const parsed = z.safeParse(operation.response, data);
      if (!parsed.success) {
        throw new ApiError({ status: 200, code: 'INVALID_RESPONSE', message: operation.errorMessage, cause: parsed.error });
      }
      return parsed.data as OperationResponse<O>;
    },
  };
}

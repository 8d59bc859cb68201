import type * as zc from 'zod/v4/core';
import type { PermissionKey } from '../rules/acl';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint; the server enforces it before anything else runs.
 * - `public`: anyone, signed in or not;
 * - `user`: any signed-in user; a `{uid}` path parameter must be the user themself (or an admin);
 * - `business`: a signed-in user who may see the business named by the `{id}` path parameter;
 * - `admin`: platform admins only.
 */
export type Access = 'public' | 'user' | 'business' | 'admin';

/** Any zod schema, classic or mini. */
export type Schema = zc.$ZodType;

/** What every call definition has, an endpoint's or a proxy operation's. */
export interface CallConfig<
  TParams extends Schema | undefined = Schema | undefined,
  TQuery extends Schema | undefined = Schema | undefined,
  TBody extends Schema | undefined = Schema | undefined,
  TResponse extends Schema = Schema,
> {
  /** A stable dotted name, `area.action`; the server's handlers are keyed by it. */
  name: string;
  /**
   * The permission (spec 000 §6) a non-admin needs in the business, on top of `access`; the
   * server refuses without it and the dashboard hides what the user may not do.
   */
  permission?: PermissionKey;
  /** Schemas for the `{param}` placeholders, the query string and the body. */
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  response: TResponse;
  /** The catalogue message shown when the call fails and the server gave none. */
  errorMessage: string;
  /** The catalogue message shown when the call succeeds, if the screen shows one. */
  successMessage?: string;
}

export interface EndpointConfig<
  TParams extends Schema | undefined = Schema | undefined,
  TQuery extends Schema | undefined = Schema | undefined,
  TBody extends Schema | undefined = Schema | undefined,
  TResponse extends Schema = Schema,
> extends CallConfig<TParams, TQuery, TBody, TResponse> {
  method: HttpMethod;
  /** The wire path, exactly as in the spec, with `{param}` placeholders. */
  path: string;
  access: Access;
  /**
   * A GET the spec defines that still changes something (`GET /logout`): like every other method,
   * it then needs the anti-CSRF header, so another site cannot trigger it with a link or an image.
   */
  changesState?: boolean;
  /**
   * A successful answer is a file (`Content-Disposition: attachment`, streamed), not the JSON
   * envelope; a refusal is still the envelope. Called with the transport's `download`, never `request`.
   */
  download?: boolean;
  /**
   * A GET that answers the JSON envelope or, when its handler returns a file, the file (the
   * billing dispatcher: `invoice/{invoiceId}/pdf`). Downloaded with the transport's `download`.
   */
  mayDownload?: boolean;
  /**
   * A `multipart/form-data` upload of one file (the media library's `uploader`): the file is the
   * part named `field`, at most `maxBytes`; the other parts are the `body`, checked by its schema.
   * Sent with the transport's `upload`, never `request`.
   */
  upload?: { field: string; maxBytes: number };
}

/** Whether a call must carry the anti-CSRF header: every non-GET, and GETs that change state. */
export const needsCsrfHeader = (endpoint: { method: HttpMethod; changesState?: boolean }): boolean =>
  endpoint.method !== 'GET' || endpoint.changesState === true;

export type Endpoint<
  TParams extends Schema | undefined = Schema | undefined,
  TQuery extends Schema | undefined = Schema | undefined,
  TBody extends Schema | undefined = Schema | undefined,
  TResponse extends Schema = Schema,
> = Readonly<EndpointConfig<TParams, TQuery, TBody, TResponse>> & {
  /** The names of the `{param}` placeholders in `path`, in order. */
  readonly pathParams: readonly string[];
};

// biome-ignore lint: the widest endpoint, for registries
export type AnyEndpoint = Endpoint<any, any, any, any>;

/** The input and output types of an optional schema (never where there is none). */
export type SchemaInput<S> = S extends Schema ? zc.input<S> : never;
export type SchemaOutput<S> = S extends Schema ? zc.output<S> : never;

/** The `params`, `query` and `body` a caller passes, each only where the definition has a schema for it. */
export type CallInput<D extends { params?: unknown; query?: unknown; body?: unknown }> = Part<'params', D['params']> &
  Part<'query', D['query']> &
  Part<'body', D['body']>;
type Part<K extends string, S> = S extends Schema ? { [P in K]: SchemaInput<S> } : { [P in K]?: undefined };

/** What the server receives after validation. */
export type CallRequest<D extends { params?: unknown; query?: unknown; body?: unknown }> = {
  params: SchemaOutput<D['params']>;
  query: SchemaOutput<D['query']>;
  body: SchemaOutput<D['body']>;
};

/** What a caller passes: `params`, `query` and `body`, each only where the endpoint has it. */
export type EndpointInput<E extends AnyEndpoint> = CallInput<E>;

/** What the server receives after validation. */
export type EndpointRequest<E extends AnyEndpoint> = CallRequest<E>;

export type EndpointResponse<E extends AnyEndpoint> = zc.output<E['response']>;
/** What a server handler returns: the response before parsing. */
export type EndpointResult<E extends AnyEndpoint> = zc.input<E['response']>;

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The names of the `{param}` placeholders of a path template, in order. */
export const placeholdersOf = (template: string): string[] => [...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string);

/** Defines an endpoint once; the client, the server and the docs all read this definition. */
export function defineEndpoint<
  TParams extends Schema | undefined = undefined,
  TQuery extends Schema | undefined = undefined,
  TBody extends Schema | undefined = undefined,
  TResponse extends Schema = Schema,
>(config: EndpointConfig<TParams, TQuery, TBody, TResponse>): Endpoint<TParams, TQuery, TBody, TResponse> {
  const pathParams = placeholdersOf(config.path);
  if (pathParams.length > 0 && !config.params) {
    throw new Error(`Endpoint ${config.name}: path ${config.path} has parameters but no params schema`);
  }
  return Object.freeze({ ...config, pathParams });
}

/** Fills a path template: `fillPath('/a/{id}', { id: 3 })` → `/a/3`. Every value is URL-encoded. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(PLACEHOLDER, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** The same template in the router syntax Fastify and find-my-way use: `/a/:id`. */
export const toRouterPath = (path: string): string => path.replace(PLACEHOLDER, ':$1');

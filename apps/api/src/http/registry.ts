import {
  type Access,
  type AnyEndpoint,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  type EndpointRequest,
  type EndpointResult,
  type HttpMethod,
  MESSAGES,
  needsCsrfHeader,
  toRouterPath,
} from '@salondesk/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionStore } from '../auth/sessions';
import type { AuthState } from '../auth/authState';
import { SESSION_COOKIE } from '../auth/sessions';
import type { BusinessRow } from '../businesses/queries';
import type { Database } from '../db/client';
import { checkAccess } from './access';
import { addressKey } from './addressKey';
import { success, successJson } from './envelope';
import { HttpError, invalidRequest, notFound, pleaseLogIn } from './errors';
import { type FileDownload, isFileDownload } from './file-download';
import { isPreSerialized, type PreSerialized } from './pre-serialized';
import { readUpload, type UploadedFile } from './upload';
import { malformedQueryIssues, parseRequest } from './validate';
import { safeParse } from 'zod/mini';

/** What every handler can use: the app's services, plus this request's user and business. */
export interface AppServices {
  db: Database;
  sessions: SessionStore;
  /** The clock; tests pass their own. */
  now: () => Date;
  /**
   * Parse pre-serialised handler results (`preSerialized`) with the endpoint's schema too, and
   * answer 500 when they do not match. On in tests; off in production, where their shape is
   * guaranteed by a contract test instead.
   */
  verifyPreSerialized?: boolean;
}

export interface HandlerContext extends AppServices {
  /** The signed-in user, or null on a public route called without a session. */
  auth: AuthState | null;
  /** The business named by the path (`business` routes), already access-checked. */
  business: BusinessRow | null;
  /**
   * Who sent the request, as far as sign-in throttling is concerned: `addressKey(request.ip)`,
   * an IPv4 address or an IPv6 /64 (`request.ip` honours `trustProxy`).
   */
  clientAddress: string;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The file of an `upload` endpoint's request (null when none was sent); null for every other endpoint. */
  file: UploadedFile | null;
}

/** The business of a `business` route (already access-checked); a 404 on a route without one. */
export function businessOf(ctx: HandlerContext): BusinessRow {
  if (!ctx.business) throw notFound();
  return ctx.business;
}

/** The signed-in user's state; a 401 (`Please log in`) on a public route called without a session. */
export function authOf(ctx: HandlerContext): AuthState {
  if (!ctx.auth) throw pleaseLogIn();
  return ctx.auth;
}

export type Handler<E extends AnyEndpoint> = (
  request: EndpointRequest<E>,
  context: HandlerContext,
) => Promise<EndpointResult<E> | PreSerialized<EndpointResult<E>> | FileDownload>;

export interface Implementation<E extends AnyEndpoint = AnyEndpoint> {
  endpoint: E;
  handler: Handler<E>;
}

/** Binds a handler to an endpoint definition of core; the types of both sides come from it. */
export const implement = <E extends AnyEndpoint>(endpoint: E, handler: Handler<E>): Implementation<E> => ({
  endpoint,
  handler,
});

/** One registered route, as the cross-business matrix test enumerates them. */
export interface RouteEntry {
  endpoint: AnyEndpoint;
  access: Access;
  method: HttpMethod;
  /** The Fastify path, `/protected/user/:uid/business/:id/detail`. */
  url: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState | null;
    scopedBusiness: BusinessRow | null;
  }
}

/** The `sd_session` cookie of a request, if any. */
export const sessionTokenOf = (request: FastifyRequest): string | undefined => request.cookies[SESSION_COOKIE] || undefined;

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/**
 * Registers one route per endpoint of the contract. Fails when an endpoint has no handler, a
 * handler has no endpoint, or two handlers claim the same endpoint. For each request:
 * CSRF header (calls that change state, see needsCsrfHeader) → session → access → validation (the
 * query string's escapes, NUL, lone surrogates and nesting in any field, then the endpoint's
 * schemas: `validate.ts`; an `upload` endpoint's multipart parts are read first, `upload.ts`) → handler → response
 * parsed with the endpoint's schema → success envelope. A handler may instead return JSON text
 * built elsewhere (`preSerialized`, see pre-serialized.ts): it goes into the envelope as is; a
 * `download` endpoint's handler returns a file (`fileDownload`, see file-download.ts), streamed as is.
 */
export function registerEndpoints(
  app: FastifyInstance,
  endpoints: readonly AnyEndpoint[],
  implementations: readonly Implementation[],
  services: AppServices,
): RouteEntry[] {
  const byName = new Map<string, Implementation>();
  for (const implementation of implementations) {
    const name = implementation.endpoint.name;
    if (byName.has(name)) throw new Error(`Two handlers implement endpoint ${name}`);
    byName.set(name, implementation);
  }
  const known = new Set(endpoints.map((e) => e.name));
  const missing = endpoints.filter((e) => !byName.has(e.name)).map((e) => e.name);
  if (missing.length > 0) throw new Error(`No handler for endpoint(s): ${missing.join(', ')}`);
  const extra = [...byName.keys()].filter((name) => !known.has(name));
  if (extra.length > 0) throw new Error(`Handler(s) for unknown endpoint(s): ${extra.join(', ')}`);

  if (!app.hasRequestDecorator('auth')) {
    app.decorateRequest('auth', null);
    app.decorateRequest('scopedBusiness', null);
  }

  const routes: RouteEntry[] = [];
  for (const endpoint of endpoints) {
    const { handler } = byName.get(endpoint.name) as Implementation;
    const url = toRouterPath(endpoint.path);
    app.route({
      method: endpoint.method,
      url,
      // Runs before the body is read: nothing of a request is looked at before its access check.
      onRequest: async (request, reply) => {
        // Decided by the endpoint, not the request's method: a HEAD on a GET route runs it too.
        if (needsCsrfHeader(endpoint) && request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) {
          throw new HttpError(403, MESSAGES.csrfMissing);
        }
        const token = sessionTokenOf(request);
        request.auth = token ? await services.sessions.resolve(token) : null;
        if (token && !request.auth && endpoint.access !== 'public') clearSessionCookie(reply);
        const { business } = await checkAccess(endpoint, request.auth, request.params as Record<string, unknown>, services.db, services.now());
        request.scopedBusiness = business;
      },
      handler: async (request, reply) => {
        const malformed = malformedQueryIssues(request.url);
        if (malformed.length > 0) throw invalidRequest(malformed);
        // An upload's parts are read here (after the access check): its fields are the body its schema checks.
        const upload = endpoint.upload ? await readUpload(request, endpoint.upload) : null;
        const input = parseRequest(endpoint, { params: request.params, query: request.query, body: upload ? upload.body : request.body });
        const result = await handler(input as EndpointRequest<AnyEndpoint>, {
          ...services,
          auth: request.auth,
          business: request.scopedBusiness,
          clientAddress: addressKey(request.ip ?? ''),
          request,
          reply,
          file: upload?.file ?? null,
        });
        if (endpoint.download || isFileDownload(result)) {
          if (!(endpoint.download || endpoint.mayDownload) || !isFileDownload(result)) throw new Error(`${endpoint.name}: a download endpoint answers with a file, and only it does`);
          reply.header('content-disposition', `attachment; filename="${result.filename}"`);
          reply.type(result.contentType);
          return reply.send(result.body);
        }
        if (isPreSerialized(result)) {
          if (services.verifyPreSerialized) {
            const checked = safeParse(endpoint.response, JSON.parse(result.json));
            if (!checked.success) {
              request.log.error({ endpoint: endpoint.name, issues: checked.error.issues }, 'Pre-serialised result does not match the contract');
              throw new Error(`Pre-serialised response of ${endpoint.name} does not match its schema`);
            }
          }
          reply.type('application/json; charset=utf-8');
          return successJson(result.json, endpoint.successMessage);
        }
        const parsed = safeParse(endpoint.response, result);
        if (!parsed.success) {
          request.log.error({ endpoint: endpoint.name, issues: parsed.error.issues }, 'Handler result does not match the contract');
          throw new Error(`Response of ${endpoint.name} does not match its schema`);
        }
        return success(parsed.data, endpoint.successMessage);
      },
    });
    routes.push({ endpoint, access: endpoint.access, method: endpoint.method, url });
  }
  return routes;
}

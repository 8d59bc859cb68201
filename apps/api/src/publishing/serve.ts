import { APP_SUBPATH, PREVIEW_PATH_WORD, SITES_PATH, type SiteKind, siteVersionCan } from '@salondesk/core';
import { createGzip } from 'node:zlib';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { businesses } from '../db/schema';
import type { ObjectStore } from '../storage';
import { isSitePath } from './files';
import { sitePreviews, siteVersions } from './schema';
import { type VersionRow, versionPrefix } from './versions';

/**
 * The framing policy of sites and previews: framed only by the dashboard's own origin (`'self'`:
 * the API serves the dashboard), which shows them in the Preview Website modal's sandboxed frame
 * — nothing broader. A website runs no script; an app runs its own (the service worker).
 */
export function siteSecurityPolicy(kind: SiteKind): string {
  const scripts = kind === 'app' ? "script-src 'self'; worker-src 'self'; manifest-src 'self'; connect-src 'self'" : "script-src 'none'; connect-src 'self'";
  return `default-src 'none'; ${scripts}; style-src 'self'; img-src 'self' data: https:; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'`;
}

type Found = { version: VersionRow; preview: boolean };

/** Serves a version's file at `rest` (`''` → `index.html`), its 404 page when there is none. */
async function sendFile(request: FastifyRequest, reply: FastifyReply, store: ObjectStore, found: Found, rest: string): Promise<FastifyReply> {
  const kind = found.version.kind as SiteKind;
  reply.removeHeader('x-frame-options');
  reply.header('x-frame-options', 'SAMEORIGIN');
  reply.header('content-security-policy', siteSecurityPolicy(kind));
  reply.header('x-content-type-options', 'nosniff');
  if (found.preview) reply.header('x-robots-tag', 'noindex, nofollow');
  let path = rest === '' || rest.endsWith('/') ? `${rest}index.html` : rest;
  let status = 200;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    decoded = '';
  }
  path = decoded;
  const prefix = versionPrefix(found.version);
  let object = isSitePath(path) ? await store.get(`${prefix}${path}`) : null;
  if (!object && isSitePath(path) && !path.includes('.')) {
    // `/sites/luxe/services` → `services.html`, as static hosts do.
    object = await store.get(`${prefix}${path}.html`);
  }
  if (!object) {
    status = 404;
    object = await store.get(`${prefix}404.html`);
    if (!object) return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found');
  }
  // Previews expire: never kept by a shared cache.
  const cacheControl = found.preview ? 'private, max-age=0, must-revalidate' : status === 404 ? 'public, max-age=0, must-revalidate' : (object.cacheControl ?? 'public, max-age=0, must-revalidate');
  reply.header('cache-control', cacheControl);
  // Text goes compressed to a client that takes gzip (pages, styles, the sitemap): its own ETag.
  const gzip = /^(text\/|application\/(xml|json|manifest\+json|javascript)|image\/svg\+xml)/.test(object.contentType) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  const etag = gzip ? `${object.etag.slice(0, -1)}-gzip"` : object.etag;
  reply.header('vary', 'Accept-Encoding');
  reply.header('etag', etag);
  reply.header('last-modified', object.lastModified.toUTCString());
  reply.header('content-type', object.contentType);
  if (status === 200 && request.headers['if-none-match'] === etag) {
    object.body.destroy();
    return reply.code(304).send();
  }
  if (request.method === 'HEAD') {
    object.body.destroy();
    if (!gzip) reply.header('content-length', object.size);
    return reply.code(status).send();
  }
  if (!gzip) return reply.code(status).header('content-length', object.size).send(object.body);
  reply.header('content-encoding', 'gzip');
  return reply.code(status).send(object.body.pipe(createGzip()));
}

/**
 * `GET /sites/{webcode}/…` (the live website), `/sites/{webcode}/app/…` (the live app) and
 * `/sites/adminpreview/{token}/…` (a version's preview while its token is valid), from the `sites`
 * store: the stored content type, a year's caching for hashed assets and revalidation by ETag for
 * the rest, `304` to a matching `If-None-Match`.
 */
export function registerSites(app: FastifyInstance, db: Database, store: () => ObjectStore, now: () => Date): void {
  const liveOf = async (webcode: string, kind: SiteKind): Promise<Found | undefined> => {
    const [row] = await db
      .select({ version: siteVersions })
      .from(siteVersions)
      .innerJoin(businesses, eq(businesses.id, siteVersions.business_id))
      .where(and(eq(businesses.webcode, webcode), eq(siteVersions.kind, kind), eq(siteVersions.status, 'live')));
    return row ? { version: row.version, preview: false } : undefined;
  };
  const previewOf = async (token: string): Promise<Found | undefined> => {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const [row] = await db
      .select({ version: siteVersions })
      .from(sitePreviews)
      .innerJoin(siteVersions, eq(siteVersions.id, sitePreviews.version_id))
      .where(and(eq(sitePreviews.token, token), gt(sitePreviews.expires_at, now())));
    return row && siteVersionCan.preview({ status: row.version.status as never }) ? { version: row.version, preview: true } : undefined;
  };
  const notFound = (reply: FastifyReply) =>
    reply.code(404).header('cache-control', 'no-store').header('content-security-policy', "default-src 'none'; frame-ancestors 'self'").type('text/plain; charset=utf-8').send('Not found');

  const handler = async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const [first = '', ...restParts] = (request.params['*'] ?? '').split('/');
    if (first === '') return notFound(reply);
    if (first === PREVIEW_PATH_WORD) {
      const [token = '', ...rest] = restParts;
      const found = await previewOf(token);
      if (!found) return notFound(reply);
      if (rest.length === 0) return reply.redirect(`${SITES_PATH}/${PREVIEW_PATH_WORD}/${token}/`, 301);
      return sendFile(request, reply, store(), found, rest.join('/'));
    }
    const isApp = restParts[0] === APP_SUBPATH;
    const found = await liveOf(first, isApp ? 'app' : 'website');
    if (!found) return notFound(reply);
    const rest = isApp ? restParts.slice(1) : restParts;
    // `/sites/luxe` and `/sites/luxe/app`: the folder's address, so relative links resolve.
    if ((isApp ? restParts.length === 1 : restParts.length === 0)) return reply.redirect(`${SITES_PATH}/${first}/${isApp ? `${APP_SUBPATH}/` : ''}`, 301);
    return sendFile(request, reply, store(), found, rest.join('/'));
  };
  app.get(`${SITES_PATH}/*`, handler);
}

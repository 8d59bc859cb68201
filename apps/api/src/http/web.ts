import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@salondesk/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './envelope';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Salondesk</title></head>
<body>
<h1>Salondesk API is running</h1>
<p>The dashboard has not been built yet. Run <code>pnpm build</code> at the repository root, then restart the server.</p>
</body>
</html>
`;

/** Marks the page as served in demo mode (the developer outbox is available). */
export const DEMO_META = '<meta name="salondesk-demo" content="1">';

/**
 * The dashboard's page (`index.html` of the build), with the demo flag the sign-in screens read (no
 * request needed to know it) and any `head` a route adds (the embed route's allow-list); the
 * not-built notice when there is no build.
 */
export function dashboardPage(webDist: string, options: { demo?: boolean } = {}): { built: boolean; page: (head?: string) => Promise<string> } {
  const indexFile = path.join(webDist, 'index.html');
  const built = existsSync(indexFile);
  return {
    built,
    page: async (head = '') => {
      if (!built) return NOT_BUILT_PAGE;
      const html = await readFile(indexFile, 'utf8');
      return html.replace('</head>', `${options.demo ? DEMO_META : ''}${head}</head>`);
    },
  };
}

const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');

/**
 * Serves the built dashboard (`apps/web/dist`) on the API's port: files as they are (hashed
 * `/assets/*` cached for a year, everything else revalidated), and `index.html` for any page
 * request that no route matched, so the dashboard's own routes (`/1/home`) load on refresh.
 * Everything else unmatched gets the 404 envelope.
 */
export async function registerWeb(app: FastifyInstance, webDist: string, options: { demo?: boolean } = {}): Promise<void> {
  const { built, page } = dashboardPage(webDist, options);
  if (built) {
    const assetsDir = path.join(webDist, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      wildcard: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  if (built) {
    // The root is a page too (the static plugin serves files only, no directory index).
    app.get('/', async (_request, reply) => reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(await page()));
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (wantsPage(request)) {
      reply.header('cache-control', REVALIDATE);
      if (built) return reply.type('text/html; charset=utf-8').send(await page());
      return reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    }
    return reply.code(404).send(failure(MESSAGES.notFound, 'NOT_FOUND'));
  });
}

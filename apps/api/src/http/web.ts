import { existsSync } from 'node:fs';
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

const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');

/**
 * Serves the built dashboard (`apps/web/dist`) on the API's port: files as they are (hashed
 * `/assets/*` cached for a year, everything else revalidated), and `index.html` for any page
 * request that no route matched, so the dashboard's own routes (`/1/home`) load on refresh.
 * Everything else unmatched gets the 404 envelope.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const built = existsSync(path.join(webDist, 'index.html'));
  if (built) {
    const assetsDir = path.join(webDist, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: ['index.html'],
      wildcard: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (wantsPage(request)) {
      reply.header('cache-control', REVALIDATE);
      if (built) return reply.sendFile('index.html');
      return reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    }
    return reply.code(404).send(failure(MESSAGES.notFound, 'NOT_FOUND'));
  });
}

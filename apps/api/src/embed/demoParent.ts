import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifyHelmet from '@fastify/helmet';
import { EMBED_DASHBOARD_META } from '@salondesk/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { dashboardPage } from '../http/web';

const loopback = (...ports: number[]) => ports.flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);

/** Where the demo parent page is, on its own origin. */
export const EMBED_DEMO_PATH = '/embed-demo';

export interface EmbedDemoParentOptions {
  host: string;
  port: number;
  /** The dashboard's port on the same host: the page frames `http://<the host it was opened on>:<dashboardPort>`. */
  dashboardPort: number;
  webDist: string;
}

/**
 * The demo parent page of the embed messaging (demo mode only): a page on a second origin — the
 * same host on another port, which browsers treat as another origin (so `event.origin` checks and
 * `frame-ancestors` apply) but the same site (so the dashboard's session cookie still goes with
 * the framed dashboard's requests). It is the dashboard's own build at `/embed-demo` (the
 * `routes/embed/embed-demo` screen, a parent page written with core's `createEmbedClient`), told
 * the dashboard's port in a `<meta>`; it serves nothing else: no API, no other screen.
 *
 * Opened as `http://localhost:<port>/embed-demo` it frames `http://localhost:<dashboard port>`,
 * and `localhost` is on every demo location's allow-list; opened on `127.0.0.1` it is a page the
 * allow-list does not name, and the dashboard refuses it.
 */
export async function startEmbedDemoParent(options: EmbedDemoParentOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const { page } = dashboardPage(options.webDist);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        // The dashboard on this host, whichever name it was opened with, and this page under the
        // other name (a foreign frame inside an allowed page, as the two-origin tests make one).
        frameSrc: loopback(options.dashboardPort, options.port),
        frameAncestors: loopback(options.port),
      },
    },
    frameguard: false,
  });
  await app.register(fastifyStatic, { root: path.join(options.webDist, 'assets'), prefix: '/assets/', index: false });
  app.get('/', async (_request, reply) => reply.redirect(EMBED_DEMO_PATH));
  app.get(EMBED_DEMO_PATH, async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(await page(`<meta name="${EMBED_DASHBOARD_META}" content="${options.dashboardPort}">`)),
  );
  await app.listen({ host: options.host, port: options.port });
  return app;
}

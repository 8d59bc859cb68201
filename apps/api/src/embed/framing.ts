import { EMBED_DOMAINS_META, frameAncestorsFor, id as idSchema } from '@salondesk/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../db/client';
import { allowedDomains } from '../epay/domains';
import { dashboardPage } from '../http/web';
import { METABASE_STANDIN_PATH } from '../reports/questions/metabase';

/** The path of the dashboard's embed route (`/embed/{businessId}`): the page a parent page frames. */
export const EMBED_ROUTE_PREFIX = '/embed/';

/**
 * The framing policy (ARCHITECTURE.md "Embed"). Every answer says nobody may frame it
 * (`frame-ancestors 'none'` in the CSP, set by helmet in server.ts, and `X-Frame-Options: DENY`),
 * except:
 * - the embed route `/embed/{businessId}`: exactly that business's allowed domains
 *   (`domains/update`, each on any port; `'none'` when it lists none) and no `X-Frame-Options`
 *   (it cannot name a list; browsers that read CSP ignore it anyway);
 * - the Metabase stand-in's pages: the dashboard's own origin (`'self'`), which frames them.
 */
export function setFrameAncestors(reply: FastifyReply, sources: string): void {
  const current = reply.getHeader('content-security-policy');
  if (typeof current !== 'string') return;
  reply.header('content-security-policy', current.replace(/frame-ancestors [^;]*/, `frame-ancestors ${sources}`));
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Registers the embed route's page: the dashboard's `index.html` with the business's allow-list
 * in a `<meta name="salondesk-embed-domains">` (the bridge checks `event.origin` against it) and
 * the framing policy listing exactly those domains. The list is read on every load, so a change
 * to `domains/update` applies to the next load. The allow-list is no secret: the policy header
 * names it to anyone who loads the page, as every site's `frame-ancestors` does.
 */
export function registerEmbedFraming(app: FastifyInstance, db: Database, options: { webDist: string; demo: boolean }): void {
  const { page } = dashboardPage(options.webDist, { demo: options.demo });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith(`${METABASE_STANDIN_PATH}/`)) {
      setFrameAncestors(reply, "'self'");
      reply.header('x-frame-options', 'SAMEORIGIN');
    }
    return payload;
  });

  app.get<{ Params: { businessId: string } }>(`${EMBED_ROUTE_PREFIX}:businessId`, async (request, reply) => {
    const businessId = idSchema.safeParse(request.params.businessId);
    const domains = businessId.success ? await allowedDomains(db, businessId.data) : [];
    setFrameAncestors(reply, frameAncestorsFor(domains));
    reply.removeHeader('x-frame-options');
    reply.header('cache-control', 'no-store');
    const meta = `<meta name="${EMBED_DOMAINS_META}" content="${escapeAttribute(domains.join(' '))}">`;
    return reply.type('text/html; charset=utf-8').send(await page(meta));
  });
}

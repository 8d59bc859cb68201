import { hostAllowed, MESSAGES, SHORT_CODE_PATTERN, SHORT_LINK_KIND, type ShortLinkKind } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { rows } from '../db/executor';
import { allowedDomains } from './domains';

const page = (title: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title>
<style>body{font:16px/1.5 ui-sans-serif,system-ui,sans-serif;color:#0f172a;margin:0;display:grid;place-items:center;min-height:100vh;background:#f8fafc}</style>
</head><body><main><h1 style="font-size:20px">${title}</h1></main></body></html>`;

/**
 * The short links (`servicestaff/shorturl`, `urlshortner`): `GET /s/{code}` answers 302 to the
 * link's target and counts the visit; an unknown code is a 404 page. A link to an address whose
 * domain has since left the business's allow-list no longer redirects (404 too): the allow-list
 * is what the business vouches for, so a short link is never an open redirect. HEAD answers the
 * same without counting (link previews). No session is needed: short links are shared publicly.
 */
export function registerShortLinks(app: FastifyInstance, db: Database): void {
  app.get<{ Params: { code: string } }>('/s/:code', async (request, reply) => {
    const { code } = request.params;
    const notFound = () => reply.code(404).type('text/html; charset=utf-8').send(page(MESSAGES.shortLinkNotFound));
    if (!SHORT_CODE_PATTERN.test(code)) return notFound();
    const [link] = await rows<{ id: number; business_id: number; target: string; kind: ShortLinkKind }>(
      db,
      sql`select id, business_id, target, kind from short_links where code = ${code}`,
    );
    if (!link) return notFound();
    if (link.kind === SHORT_LINK_KIND.LINK && !hostAllowed(await allowedDomains(db, link.business_id), new URL(link.target).hostname)) return notFound();
    if (request.method === 'GET') await db.execute(sql`update short_links set visits = visits + 1, last_visited_at = now() where id = ${link.id}`);
    return reply.code(302).header('location', link.target).header('referrer-policy', 'no-referrer').send();
  });
}

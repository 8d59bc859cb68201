import { hostAllowed } from '../models/domains';

/** The `<meta name>` in which the server hands the embed route the business's allow-list (space-separated). */
export const EMBED_DOMAINS_META = 'salondesk-embed-domains';
/** The `<meta name>` in which the demo parent page is told the dashboard's origin. */
export const EMBED_DASHBOARD_META = 'salondesk-embed-dashboard';

/**
 * Is a window message's `event.origin` one of the business's allowed domains (`domains/update`)?
 * Only `http:` and `https:` origins are: `null` (a sandboxed frame, a `data:` or `file:` page) and
 * any other scheme never are. The port is not looked at (an allow-list entry names a host, every
 * port of it the same site), exactly as the framing policy (`frameAncestorsFor`) reads the list.
 */
export function embedOriginAllowed(origin: string, domains: readonly string[]): boolean {
  const url = parseOrigin(origin);
  return url !== null && hostAllowed(domains, url.hostname);
}

/** `origin` as a URL when it is a real `http(s)` origin written as one (no path, no user), else null. */
export function parseOrigin(origin: string): URL | null {
  if (typeof origin !== 'string' || origin === 'null' || origin.length > 300) return null;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.origin !== origin) return null;
    return url;
  } catch {
    return null;
  }
}

/**
 * The `frame-ancestors` sources of the embed route for an allow-list: each entry on any port
 * (`example.com:*`, `*.example.com:*`, `127.0.0.1:*`; a source without a scheme keeps the
 * dashboard's own, so an `https` dashboard is framed only by `https` pages), or `'none'` when the
 * list is empty. Entries are normalised by `domains/update` (core's `normalizeDomain`), so no
 * entry can carry a quote, a space or a `;` into the header.
 */
export function frameAncestorsFor(domains: readonly string[]): string {
  const sources = domains.filter((d) => /^(\*\.)?[a-z0-9.-]+$/.test(d)).map((d) => `${d}:*`);
  return sources.length === 0 ? "'none'" : sources.join(' ');
}

/** The dashboard's address of the embed route for business `businessId`, told which origin will frame it. */
export function embedUrl(dashboardOrigin: string, businessId: number, parentOrigin: string): string {
  const url = new URL(`/embed/${businessId}`, dashboardOrigin);
  url.searchParams.set('parentOrigin', parentOrigin);
  return url.toString();
}

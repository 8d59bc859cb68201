/**
 * The business's domain allow-list (spec 001 §7 Epay `domains/update`): the hosts whose pages may
 * embed the dashboard and talk to it, and that its short links may point at. Every entry is a host
 * name, normalised so two spellings of one host are one entry:
 * - lower-case, IDNA (Unicode) labels to punycode (`Bücher.example` → `xn--bcher-kva.example`),
 *   through the platform's own WHATWG `URL` (browsers and Node alike), a trailing dot dropped;
 * - no scheme (`http://x` is refused), no path, query or fragment, no user, no port: an entry
 *   names a host, and every port of it is the same owner's site, so a port would only make the
 *   framing policy and the origin check disagree about one site;
 * - at most one leading `*.`, which stands for any subdomain (at any depth, not the domain
 *   itself, as in a CSP source), and never over a bare top-level domain (`*.com`);
 * - at least two labels (`example.com`), except `localhost`; an IPv4 address in its dotted form
 *   (a local demo page is served from `127.0.0.1`); no IPv6 literal, no wildcard over an address.
 */

/** The most entries an allow-list holds. */
export const DOMAINS_MAX = 50;
/** The longest host name (RFC 1035), after punycode. */
export const DOMAIN_MAX_LENGTH = 253;
/** What a person may type into one entry, before normalising (a long Unicode name grows in punycode). */
export const DOMAIN_INPUT_MAX_LENGTH = 300;

export const DOMAIN_PROBLEM = {
  empty: 'Enter a domain name',
  scheme: 'Enter the domain only, without http:// or https://',
  path: 'Enter the domain only, without a path, query or fragment',
  port: 'Enter the domain without a port',
  userinfo: 'Enter the domain without a user name',
  space: 'A domain name has no spaces',
  wildcard: 'Only one leading *. is allowed (like *.example.com)',
  wildcardTld: 'A wildcard needs a domain under it (like *.example.com, not *.com)',
  wildcardAddress: 'An IP address cannot have a wildcard',
  ipv6: 'Enter a domain name or an IPv4 address, not an IPv6 address',
  singleLabel: 'Enter a full domain name, like example.com',
  invalid: 'Not a valid domain name',
  tooLong: `A domain name has at most ${DOMAIN_MAX_LENGTH} characters`,
  labelTooLong: 'Each part of a domain name has at most 63 characters',
  label: 'Each part of a domain name has letters, digits and hyphens, and does not start or end with a hyphen',
  duplicate: 'This domain is already in the list',
  tooMany: `At most ${DOMAINS_MAX} domains`,
} as const;
export type DomainProblem = (typeof DOMAIN_PROBLEM)[keyof typeof DOMAIN_PROBLEM];

export type DomainResult = { ok: true; domain: string } | { ok: false; problem: DomainProblem };

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const WILDCARD = '*.';

/** Is `host` (already normalised) an IPv4 address? */
export const isIpv4 = (host: string): boolean => IPV4.test(host);

/** The WHATWG host parser: lower-case, IDNA to punycode, IPv4 forms to dotted; null when it refuses the host. */
function parseHost(host: string): string | null {
  try {
    const url = new URL(`http://${host}/`);
    // Anything that moved into another part of the URL (a port, a path) was not a bare host.
    if (url.port !== '' || url.pathname !== '/' || url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return null;
    return url.hostname;
  } catch {
    return null;
  }
}

/**
 * One entry of the allow-list, normalised, or the problem with it. Leading and trailing spaces are
 * forgiven (a pasted entry); a space inside is not.
 */
export function normalizeDomain(input: string): DomainResult {
  const raw = input.trim();
  if (raw === '') return { ok: false, problem: DOMAIN_PROBLEM.empty };
  if (raw.length > DOMAIN_INPUT_MAX_LENGTH) return { ok: false, problem: DOMAIN_PROBLEM.tooLong };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) || /^(https?|ftp|wss?|file|mailto|javascript|data):/i.test(raw)) return { ok: false, problem: DOMAIN_PROBLEM.scheme };
  if (/\s/u.test(raw)) return { ok: false, problem: DOMAIN_PROBLEM.space };
  if (raw.startsWith('[') || (raw.match(/:/g)?.length ?? 0) > 1) return { ok: false, problem: DOMAIN_PROBLEM.ipv6 };
  if (/[/?#\\]/.test(raw)) return { ok: false, problem: DOMAIN_PROBLEM.path };
  if (raw.includes('@')) return { ok: false, problem: DOMAIN_PROBLEM.userinfo };
  if (raw.includes(':')) return { ok: false, problem: DOMAIN_PROBLEM.port };
  // ASCII beyond letters, digits, dots, hyphens and the wildcard is never part of a host name (`%`
  // escapes, `_`); Unicode letters are, and go to punycode below.
  if ([...raw.replace(/[A-Za-z0-9.*-]/g, '')].some((c) => c.charCodeAt(0) < 128)) return { ok: false, problem: DOMAIN_PROBLEM.label };

  const wildcard = raw.startsWith(WILDCARD);
  const rest = wildcard ? raw.slice(WILDCARD.length) : raw;
  if (rest.includes('*')) return { ok: false, problem: DOMAIN_PROBLEM.wildcard };
  // One trailing dot is the root (a fully qualified name), the same host.
  const bare = rest.endsWith('.') && !rest.endsWith('..') ? rest.slice(0, -1) : rest;
  if (bare === '' || bare.startsWith('.') || bare.includes('..') || bare.endsWith('.')) return { ok: false, problem: DOMAIN_PROBLEM.invalid };

  const host = parseHost(bare);
  if (host === null || host === '') return { ok: false, problem: DOMAIN_PROBLEM.invalid };
  if (host.startsWith('[')) return { ok: false, problem: DOMAIN_PROBLEM.ipv6 };
  if (isIpv4(host)) {
    if (wildcard) return { ok: false, problem: DOMAIN_PROBLEM.wildcardAddress };
    return { ok: true, domain: host };
  }
  if (host.length > DOMAIN_MAX_LENGTH) return { ok: false, problem: DOMAIN_PROBLEM.tooLong };
  const labels = host.split('.');
  for (const label of labels) {
    if (label.length > 63) return { ok: false, problem: DOMAIN_PROBLEM.labelTooLong };
    if (!LABEL.test(label)) return { ok: false, problem: DOMAIN_PROBLEM.label };
  }
  // The top-level label is never all digits (that would read as an address).
  if (/^\d+$/.test(labels[labels.length - 1] as string)) return { ok: false, problem: DOMAIN_PROBLEM.invalid };
  if (labels.length < 2) {
    if (wildcard) return { ok: false, problem: DOMAIN_PROBLEM.wildcardTld };
    if (host !== 'localhost') return { ok: false, problem: DOMAIN_PROBLEM.singleLabel };
  }
  return { ok: true, domain: wildcard ? `${WILDCARD}${host}` : host };
}

/** Per entry of a list, its problem (by index), or the normalised list without duplicates. */
export type DomainListResult = { ok: true; domains: string[] } | { ok: false; problems: { index: number; problem: DomainProblem }[] };

/**
 * A whole allow-list: every entry normalised, in the order given; an entry that normalises to
 * one before it is a duplicate (refused, so the person sees which one), and at most `DOMAINS_MAX`.
 */
export function normalizeDomains(inputs: readonly string[]): DomainListResult {
  const problems: { index: number; problem: DomainProblem }[] = [];
  const domains: string[] = [];
  const seen = new Set<string>();
  inputs.forEach((input, index) => {
    const result = normalizeDomain(input);
    if (!result.ok) problems.push({ index, problem: result.problem });
    else if (seen.has(result.domain)) problems.push({ index, problem: DOMAIN_PROBLEM.duplicate });
    else {
      seen.add(result.domain);
      domains.push(result.domain);
    }
  });
  if (inputs.length > DOMAINS_MAX) problems.push({ index: DOMAINS_MAX, problem: DOMAIN_PROBLEM.tooMany });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, domains };
}

/**
 * Does an allow-list entry cover `host`? An exact entry covers that host; `*.example.com` covers
 * every subdomain of example.com at any depth, not example.com itself. `host` is normalised the
 * same way first (a URL's `hostname` already is); a host that is not valid is covered by nothing.
 */
export function domainCovers(entry: string, host: string): boolean {
  const normal = normalizeDomain(host);
  if (!normal.ok || normal.domain.startsWith(WILDCARD)) return false;
  const h = normal.domain;
  if (entry.startsWith(WILDCARD)) {
    const base = entry.slice(WILDCARD.length);
    return h.endsWith(`.${base}`) && !isIpv4(h);
  }
  return entry === h;
}

/** Is `host` on the allow-list? */
export const hostAllowed = (domains: readonly string[], host: string): boolean => domains.some((entry) => domainCovers(entry, host));

/**
 * What to save when a person edited the allow-list `base` into `edited` while someone else may
 * have saved `current` meanwhile: unchanged since (`current` equals `base`), the edited list as it
 * is (its order too); otherwise `current` without the entries the person removed, plus those they
 * added, so two people saving at once never undo each other. Entries compare normalised; an
 * entry of `edited` that does not normalise is kept as typed (the save will name it).
 */
export function mergeDomainChanges(base: readonly string[], edited: readonly string[], current: readonly string[]): string[] {
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  if (same(base, current)) return [...edited];
  const normal = (entry: string) => {
    const r = normalizeDomain(entry);
    return r.ok ? r.domain : entry;
  };
  const kept = new Set(edited.map(normal));
  const removed = new Set(base.filter((d) => !kept.has(d)));
  const had = new Set(base);
  const result = current.filter((d) => !removed.has(d));
  for (const entry of edited) {
    const d = normal(entry);
    if (!had.has(d) && !result.includes(d)) result.push(entry);
  }
  return result;
}

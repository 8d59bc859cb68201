import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { DOMAIN_PROBLEM, DOMAINS_MAX, domainCovers, hostAllowed, mergeDomainChanges, normalizeDomain, normalizeDomains } from './domains';
import { domainEntryArb, hostArb, labelArb, spoilerArb, typedHostArb } from './domains.arb';

const ok = (input: string) => {
  const r = normalizeDomain(input);
  return r.ok ? r.domain : `refused: ${r.problem}`;
};

describe('the domain allow-list', () => {
  it('refuses what the issue names, with a clear problem', () => {
    expect(normalizeDomain('exa mple.com')).toEqual({ ok: false, problem: DOMAIN_PROBLEM.space });
    expect(normalizeDomain('http://x')).toEqual({ ok: false, problem: DOMAIN_PROBLEM.scheme });
    expect(normalizeDomain('https://example.com/')).toEqual({ ok: false, problem: DOMAIN_PROBLEM.scheme });
    expect(normalizeDomain('example.com/book')).toEqual({ ok: false, problem: DOMAIN_PROBLEM.path });
    expect(normalizeDomain('example.com:443')).toEqual({ ok: false, problem: DOMAIN_PROBLEM.port });
    expect(normalizeDomain('*.*.example.com')).toEqual({ ok: false, problem: DOMAIN_PROBLEM.wildcard });
    expect(normalizeDomain('www.*.example.com')).toEqual({ ok: false, problem: DOMAIN_PROBLEM.wildcard });
    expect(normalizeDomain('*example.com')).toEqual({ ok: false, problem: DOMAIN_PROBLEM.wildcard });
    expect(normalizeDomain('*.com')).toEqual({ ok: false, problem: DOMAIN_PROBLEM.wildcardTld });
    expect(normalizeDomain('*.10.0.0.1')).toEqual({ ok: false, problem: DOMAIN_PROBLEM.wildcardAddress });
    expect(normalizeDomain('[::1]')).toEqual({ ok: false, problem: DOMAIN_PROBLEM.ipv6 });
    expect(normalizeDomain('salon')).toEqual({ ok: false, problem: DOMAIN_PROBLEM.singleLabel });
    expect(normalizeDomain('')).toEqual({ ok: false, problem: DOMAIN_PROBLEM.empty });
    expect(normalizeDomain('   ')).toEqual({ ok: false, problem: DOMAIN_PROBLEM.empty });
    expect(normalizeDomain('-salon.com')).toEqual({ ok: false, problem: DOMAIN_PROBLEM.label });
    expect(normalizeDomain('my_salon.com')).toEqual({ ok: false, problem: DOMAIN_PROBLEM.label });
    expect(normalizeDomain('ex%41mple.com')).toEqual({ ok: false, problem: DOMAIN_PROBLEM.label });
    expect(normalizeDomain(`${'a'.repeat(64)}.com`)).toEqual({ ok: false, problem: DOMAIN_PROBLEM.labelTooLong });
    expect(normalizeDomain('example..com')).toEqual({ ok: false, problem: DOMAIN_PROBLEM.invalid });
    expect(normalizeDomain('example.123')).toEqual({ ok: false, problem: DOMAIN_PROBLEM.invalid });
    expect(normalizeDomain('javascript:alert(1)')).toEqual({ ok: false, problem: DOMAIN_PROBLEM.scheme });
  });

  it('normalises case, Unicode, a trailing dot and surrounding spaces', () => {
    expect(ok('  WWW.Example.COM. ')).toBe('www.example.com');
    expect(ok('Bücher.example')).toBe('xn--bcher-kva.example');
    expect(ok('*.Bücher.example')).toBe('*.xn--bcher-kva.example');
    expect(ok('xn--bcher-kva.example')).toBe('xn--bcher-kva.example');
    expect(ok('localhost')).toBe('localhost');
    expect(ok('127.0.0.1')).toBe('127.0.0.1');
    expect(ok('*.salon.co.uk')).toBe('*.salon.co.uk');
  });

  test.prop([domainEntryArb])('a normalised entry is accepted as it is, and normalising is idempotent', (entry) => {
    expect(normalizeDomain(entry)).toEqual({ ok: true, domain: entry });
  });

  test.prop([typedHostArb])('any spelling of a host (case, spaces around, one trailing dot) is the same entry', ({ typed, host }) => {
    expect(normalizeDomain(typed)).toEqual({ ok: true, domain: host });
  });

  test.prop([hostArb, spoilerArb])('a scheme, path, query, port, user, inner space or extra wildcard is refused', (host, spoil) => {
    expect(normalizeDomain(spoil(host)).ok).toBe(false);
  });

  test.prop([fc.string({ maxLength: 80 })])('whatever is typed, an accepted entry is lower-case ASCII host syntax with at most one leading *.', (input) => {
    const r = normalizeDomain(input);
    if (!r.ok) return;
    expect(r.domain).toMatch(/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$/);
    expect(r.domain.length).toBeLessThanOrEqual(255);
    expect(normalizeDomain(r.domain)).toEqual(r);
  });

  test.prop([fc.array(domainEntryArb, { maxLength: 12 })])('a list keeps its order, without duplicates, and a second spelling is named as one', (entries) => {
    const unique = [...new Set(entries)];
    expect(normalizeDomains(unique)).toEqual({ ok: true, domains: unique });
    if (unique.length > 0) {
      const again = normalizeDomains([...unique, (unique[0] as string).toUpperCase()]);
      expect(again).toEqual({ ok: false, problems: [{ index: unique.length, problem: DOMAIN_PROBLEM.duplicate }] });
    }
  });

  it('names the entry of a list that is wrong, and the limit', () => {
    expect(normalizeDomains(['example.com', 'exa mple.com', 'http://x'])).toEqual({
      ok: false,
      problems: [
        { index: 1, problem: DOMAIN_PROBLEM.space },
        { index: 2, problem: DOMAIN_PROBLEM.scheme },
      ],
    });
    const many = Array.from({ length: DOMAINS_MAX + 1 }, (_, i) => `s${i}.example.com`);
    expect(normalizeDomains(many)).toEqual({ ok: false, problems: [{ index: DOMAINS_MAX, problem: DOMAIN_PROBLEM.tooMany }] });
  });

  test.prop([hostArb, labelArb, labelArb])('a wildcard covers subdomains at any depth but not the domain itself; an exact entry only itself', (host, a, b) => {
    expect(domainCovers(`*.${host}`, `${a}.${host}`)).toBe(true);
    expect(domainCovers(`*.${host}`, `${a}.${b}.${host}`)).toBe(true);
    expect(domainCovers(`*.${host}`, host)).toBe(false);
    expect(domainCovers(host, host.toUpperCase())).toBe(true);
    expect(domainCovers(host, `${a}.${host}`)).toBe(false);
    // A host that merely ends with the same letters is another domain.
    expect(domainCovers(`*.${host}`, `${a}${host}`)).toBe(false);
    expect(hostAllowed([], host)).toBe(false);
  });

  test.prop([fc.uniqueArray(domainEntryArb, { maxLength: 8 }), fc.uniqueArray(domainEntryArb, { maxLength: 4 }), fc.uniqueArray(domainEntryArb, { maxLength: 4 })])(
    'two people saving at once keep each other’s additions and removals',
    (base, mine, theirs) => {
      const edited = [...base.slice(1), ...mine.filter((d) => !base.includes(d))];
      const current = [...base.slice(0, -1), ...theirs.filter((d) => !base.includes(d))];
      const merged = mergeDomainChanges(base, edited, current);
      for (const d of edited) if (!base.includes(d)) expect(merged).toContain(d);
      for (const d of current) if (!base.includes(d)) expect(merged).toContain(d);
      if (base.length > 0) expect(merged).not.toContain(base[0]);
      if (base.length > 1) expect(merged).not.toContain(base[base.length - 1]);
      expect(new Set(merged).size).toBe(merged.length);
      // Nobody else saved: the edit is sent as it is, its order too.
      expect(mergeDomainChanges(base, [...edited].reverse(), base)).toEqual([...edited].reverse());
    },
  );
});

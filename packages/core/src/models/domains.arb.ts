import { fc } from '@fast-check/vitest';

/** Domain arbitraries for the allow-list rules' property tests. */

const letters = 'abcdefghijklmnopqrstuvwxyz';
const alnum = `${letters}0123456789`;
const char = (set: string) => fc.constantFrom(...set.split(''));

/** One valid ASCII label: letters, digits and inner hyphens, 1–20 characters, never `xn--`. */
export const labelArb: fc.Arbitrary<string> = fc
  .tuple(char(alnum), fc.array(char(`${alnum}-`), { maxLength: 18 }), char(alnum), fc.boolean())
  .map(([first, middle, last, short]) => (short ? first : `${first}${middle.join('')}${last}`))
  .filter((label) => !/^..--/.test(label));

/** A top-level label: letters only. */
export const tldArb: fc.Arbitrary<string> = fc.array(char(letters), { minLength: 2, maxLength: 6 }).map((l) => l.join(''));

/** A valid normalised host name of 2–4 labels. */
export const hostArb: fc.Arbitrary<string> = fc
  .tuple(fc.array(labelArb, { minLength: 1, maxLength: 3 }), tldArb)
  .map(([labels, tld]) => [...labels, tld].join('.'));

/** A valid normalised allow-list entry: a host, sometimes under one leading `*.`. */
export const domainEntryArb: fc.Arbitrary<string> = fc.tuple(fc.boolean(), hostArb).map(([wild, host]) => (wild ? `*.${host}` : host));

/** The same host as a person might type it: mixed case, spaces around, a trailing dot. */
export const typedHostArb: fc.Arbitrary<{ typed: string; host: string }> = fc
  .tuple(hostArb, fc.array(fc.boolean(), { minLength: 300, maxLength: 300 }), fc.boolean(), fc.constantFrom('', ' ', '  ', '\t'))
  .map(([host, upper, dot, pad]) => ({
    host,
    typed: `${pad}${[...host].map((c, i) => (upper[i % upper.length] ? c.toUpperCase() : c)).join('')}${dot ? '.' : ''}${pad}`,
  }));

/** Something that makes a host not a bare host name. */
export const spoilerArb: fc.Arbitrary<(host: string) => string> = fc.constantFrom(
  (h: string) => `http://${h}`,
  (h: string) => `https://${h}`,
  (h: string) => `${h}/`,
  (h: string) => `${h}/path`,
  (h: string) => `${h}?q=1`,
  (h: string) => `${h}#top`,
  (h: string) => `${h}:8080`,
  (h: string) => `user@${h}`,
  (h: string) => `*.*.${h}`,
  (h: string) => `a.*.${h}`,
  (h: string) => `${h.slice(0, 1)} ${h.slice(1)}`,
  (h: string) => `${h}..com`,
  (h: string) => `-${h}`,
  (h: string) => `${h}_x.com`,
  (h: string) => `${h}%2f`,
);

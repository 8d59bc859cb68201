import { isIPv6 } from 'node:net';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { addressKey } from './addressKey';

const group = fc.integer({ min: 0, max: 0xffff });
const groups = fc.array(group, { minLength: 8, maxLength: 8 });
/** Interface halves biased towards zeros, so `::` lands everywhere. */
const sparseGroups = fc.array(fc.oneof(fc.constant(0), group), { minLength: 8, maxLength: 8 });
const anyGroups = fc.oneof(groups, sparseGroups);

/** An IPv6 address in one of the ways it may be written: full, zero-padded, `::`-compressed, upper case, bracketed. */
const written = (g: readonly number[]) =>
  fc
    .record({
      pad: fc.boolean(),
      upper: fc.boolean(),
      compress: fc.option(fc.nat(7)),
      bracket: fc.boolean(),
    })
    .map(({ pad, upper, compress, bracket }) => {
      const parts = g.map((n) => (pad ? n.toString(16).padStart(4, '0') : n.toString(16)));
      let text = parts.join(':');
      if (compress !== null) {
        // Compress the run of zero groups that starts at or after `compress`, if any.
        const start = g.findIndex((n, i) => i >= compress && n === 0);
        if (start >= 0) {
          let end = start;
          while (end < 8 && g[end] === 0) end++;
          text = `${parts.slice(0, start).join(':')}::${parts.slice(end).join(':')}`;
        }
      }
      if (upper) text = text.toUpperCase();
      return bracket ? `[${text}]` : text;
    });

/** The WHATWG URL parser as an independent oracle for the canonical text of an IPv6 address. */
const canonical = (g: readonly number[]) => new URL(`http://[${g.map((n) => n.toString(16)).join(':')}]`).hostname.slice(1, -1);

const isMapped = (g: readonly number[]) => g.slice(0, 5).every((n) => n === 0) && g[5] === 0xffff;

describe('addressKey', () => {
  test.prop([fc.ipV4()])('an IPv4 address is its own key', (ip) => {
    expect(addressKey(ip)).toBe(ip);
  });

  test.prop([fc.ipV4(), fc.boolean()])('an IPv4-mapped IPv6 address counts as its IPv4 address, dotted or in hex', (ip, hex) => {
    const [a = 0, b = 0, c = 0, d = 0] = ip.split('.').map(Number);
    const mapped = hex ? `::ffff:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}` : `::ffff:${ip}`;
    expect(addressKey(mapped)).toBe(ip);
    expect(addressKey(mapped.toUpperCase())).toBe(ip);
    expect(addressKey(`0:0:0:0:0:ffff:${ip}`)).toBe(ip);
  });

  const sameNetwork = fc
    .tuple(anyGroups, anyGroups, anyGroups)
    .map(([net, a, b]) => [net.slice(0, 4).concat(a.slice(4)), net.slice(0, 4).concat(b.slice(4))] as const)
    .filter(([a, b]) => !isMapped(a) && !isMapped(b))
    .chain(([a, b]) => fc.tuple(written(a), written(b)));

  test.prop([sameNetwork])('two addresses of the same /64 have the same key, however each is written', ([a, b]) => {
    expect(addressKey(a)).toBe(addressKey(b));
  });

  test.prop([anyGroups, anyGroups])('addresses of different /64s have different keys', (a, b) => {
    fc.pre(a.slice(0, 4).join() !== b.slice(0, 4).join());
    fc.pre(!isMapped(a) && !isMapped(b));
    expect(addressKey(a.map((n) => n.toString(16)).join(':'))).not.toBe(addressKey(b.map((n) => n.toString(16)).join(':')));
  });

  test.prop([anyGroups.chain((g) => fc.tuple(fc.constant(g), written(g)))])(
    'the key of an IPv6 address is its /64 in canonical text (RFC 5952, checked against the URL parser), and is stable',
    ([g, text]) => {
      fc.pre(!isMapped(g));
      const network = g.slice(0, 4).concat([0, 0, 0, 0]);
      const key = addressKey(text);
      expect(key).toBe(`${canonical(network)}/64`);
      const prefix = key.slice(0, -'/64'.length);
      expect(isIPv6(prefix)).toBe(true);
      expect(addressKey(prefix)).toBe(key);
    },
  );

  test.prop([fc.ipV6()])("any address fast-check writes has a /64 or IPv4 key, never the fallback", (ip) => {
    expect(addressKey(ip)).toMatch(/^(\d+\.\d+\.\d+\.\d+|[0-9a-f:]+\/64)$/);
  });

  it('keeps zone ids out, and what is not an address as one client of its own', () => {
    expect(addressKey('fe80::1%eth0')).toBe('fe80::/64');
    expect(addressKey('2001:DB8:0:0:1::1')).toBe('2001:db8::/64');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('::/64');
    expect(addressKey(' 127.0.0.1 ')).toBe('127.0.0.1');
    expect(addressKey('Not-An-Address')).toBe('unparsed:not-an-address');
    expect(addressKey('x'.repeat(500))).toHaveLength('unparsed:'.length + 64);
  });
});

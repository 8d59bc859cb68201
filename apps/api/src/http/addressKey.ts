import { isIPv4, isIPv6 } from 'node:net';

/** The 8 groups of 16 bits of a valid IPv6 address (`::`, a dotted IPv4 tail and a zone id allowed). */
function hextets(ip: string): number[] {
  const [head = '', tail] = ip.split('::');
  const groups = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const front = groups(head);
  if (tail === undefined) return front;
  const back = groups(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** RFC 5952 text of 8 groups: lower case, no leading zeros, the first longest run of two or more zero groups as `::`. */
function ipv6Text(groups: readonly number[]): string {
  let best = { start: -1, length: 1 };
  for (let start = 0; start < groups.length; ) {
    if (groups[start] !== 0) {
      start++;
      continue;
    }
    let end = start;
    while (end < groups.length && groups[end] === 0) end++;
    if (end - start > best.length) best = { start, length: end - start };
    start = end;
  }
  const text = (part: readonly number[]) => part.map((g) => g.toString(16)).join(':');
  if (best.start < 0) return text(groups);
  return `${text(groups.slice(0, best.start))}::${text(groups.slice(best.start + best.length))}`;
}

/**
 * The key one client address is counted under (the per-address sign-in limit): an IPv4 address
 * as itself (`203.0.113.7`), an IPv4-mapped IPv6 one as that IPv4 (`::ffff:203.0.113.7` →
 * `203.0.113.7`), any other IPv6 address as its /64 (`2001:db8:1:2::/64`), because a single
 * subscriber, and so a single attacker, is usually handed a whole /64. However the address is
 * written (case, leading zeros, `::`, brackets, a zone id), the key is the same. What is not an
 * address at all (a forged `X-Forwarded-For` behind a trusted proxy) is kept, lower-cased and cut
 * to 64 characters, so it still counts as one client.
 */
export function addressKey(ip: string): string {
  const bare = ip
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  if (isIPv4(bare)) return bare.split('.').map(Number).join('.');
  if (isIPv6(bare)) {
    const groups = hextets(bare);
    const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
    if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
      return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.');
    }
    return `${ipv6Text([...groups.slice(0, 4), 0, 0, 0, 0])}/64`;
  }
  return `unparsed:${bare.toLowerCase().slice(0, 64)}`;
}

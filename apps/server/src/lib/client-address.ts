import { isIP } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (`::` expanded, an embedded IPv4 tail converted), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const bytes = tail[1]!.split('.').map(Number);
    text = `${text.slice(0, -tail[1]!.length)}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (half: string | undefined) => (half ? half.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const head = parse(halves[0]);
  const rest = parse(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...rest];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

/**
 * The client a limit counts, from the request's address: an IPv4 address as is (also when written as IPv4-mapped
 * IPv6), an IPv6 address as its /64 — one subscriber usually holds a whole /64, so counting single IPv6 addresses
 * would give each attacker 2^64 fresh counters.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase();
  const version = isIP(address);
  if (version === 4) return address;
  if (version !== 6) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  // ::ffff:a.b.c.d is an IPv4 client seen through a dual-stack socket.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * Fastify's `trustProxy` from the TRUST_PROXY setting (config.ts): proxy addresses/CIDRs as they are; a hop count as
 * a trust function over the hops nearest the app — Fastify ≥ 5.12 no longer takes a bare number, because a client
 * that reaches the app directly could then pick its address; a hop count is only for apps no client reaches directly.
 */
export function trustProxyOption(setting: false | number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

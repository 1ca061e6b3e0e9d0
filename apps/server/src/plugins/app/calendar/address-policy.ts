import { BlockList, isIP } from 'node:net';

/**
 * Addresses an imported feed may not be fetched from (unless ICAL_ALLOW_PRIVATE): this host, its private networks, the
 * cloud's metadata service (169.254.169.254, link-local), and the ranges that are not the public Internet.
 */
const FORBIDDEN = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64: an IPv4 address inside
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv6');
}

/** `::ffff:a.b.c.d` and `::ffff:7f00:1` are IPv4 addresses: judged as such. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower) ?? /^::(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether a literal IP address is one an imported feed may not be fetched from; anything that is not an IP is. */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 4) return FORBIDDEN.check(bare, 'ipv4');
  if (version === 6) {
    const v4 = embeddedIpv4(bare);
    return v4 ? FORBIDDEN.check(v4, 'ipv4') : FORBIDDEN.check(bare, 'ipv6');
  }
  return true;
}

/**
 * Whether a feed URL can be refused before any lookup: not http(s), `localhost`, or a literal address in a forbidden
 * range. Names are judged again at connect time, on the addresses they resolve to (feed-fetcher.ts).
 */
export function isRefusedUrl(url: string, allowPrivate: boolean): boolean {
  if (!URL.canParse(url)) return true;
  const { protocol, hostname } = new URL(url);
  if (protocol !== 'http:' && protocol !== 'https:') return true;
  if (allowPrivate) return false;
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host) !== 0 && isForbiddenAddress(host);
}

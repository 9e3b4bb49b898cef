/**
 * Classification of IP addresses and host names for SSRF protection of webhook URLs. Pure: the
 * caller resolves names (node:dns) and asks here about every address it got.
 */
import { trimTrailing } from '../shared/linear-text';
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'metadata'
  | 'unique_local'
  | 'multicast'
  | 'unspecified'
  | 'reserved';

/** Dotted-quad IPv4 → 32-bit unsigned integer, or null. */
export function parseIpv4(text: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p, i) => p > 255 || (m[i + 1].length > 1 && m[i + 1].startsWith('0')))) return null;
  return ((parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]) >>> 0;
}

/** IPv6 text (without brackets; a `%zone` is ignored) → eight 16-bit groups, or null. */
export function parseIpv6(text: string): number[] | null {
  let s = text.toLowerCase();
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(':')) return null;
  const lastColon = s.lastIndexOf(':');
  const last = s.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = parseIpv4(last);
    if (v4 === null) return null;
    s = `${s.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === '') return [];
    const groups = part.split(':');
    if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
    return groups.map((g) => parseInt(g, 16));
  };
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  if (head.length + tail.length > 7) return null;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

function inV4(addr: number, base: string, bits: number): boolean {
  const b = parseIpv4(base)!;
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return ((addr & mask) >>> 0) === ((b & mask) >>> 0);
}

const V4_RANGES: [string, number, AddressClass][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private'], // CGNAT (RFC 6598)
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.169.254', 32, 'metadata'],
  ['169.254.0.0', 16, 'link_local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // includes 255.255.255.255
];

export function classifyIpv4(addr: number): AddressClass {
  for (const [base, bits, cls] of V4_RANGES) if (inV4(addr, base, bits)) return cls;
  return 'public';
}

export function classifyIpv6(g: number[]): AddressClass {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const v4At = (i: number) => ((g[i] << 16) | g[i + 1]) >>> 0;
  if (zeros(0, 8)) return 'unspecified';
  if (zeros(0, 7) && g[7] === 1) return 'loopback';
  if (zeros(0, 5) && g[5] === 0xffff) return classifyIpv4(v4At(6)); // IPv4-mapped ::ffff:a.b.c.d
  if (zeros(0, 6)) return classifyIpv4(v4At(6)); // IPv4-compatible ::a.b.c.d (deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return classifyIpv4(v4At(6)); // NAT64 64:ff9b::/96
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return 'private'; // local-use NAT64 64:ff9b:1::/48
  if (g[0] === 0x2002) return classifyIpv4(v4At(1)); // 6to4 2002:a.b.c.d::/48
  if ((g[0] & 0xffc0) === 0xfe80) return 'link_local';
  if ((g[0] & 0xffc0) === 0xfec0) return 'private'; // site-local (deprecated)
  if (g[0] === 0xfd00 && g[1] === 0x0ec2 && zeros(2, 7) && g[7] === 0x254) return 'metadata'; // AWS IMDS over IPv6
  if ((g[0] & 0xfe00) === 0xfc00) return 'unique_local';
  if ((g[0] & 0xff00) === 0xff00) return 'multicast';
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'reserved'; // documentation
  if (g[0] === 0x2001 && g[1] === 0) return 'reserved'; // Teredo
  if (g[0] === 0x0100 && zeros(1, 4)) return 'reserved'; // discard-only 100::/64
  if ((g[0] & 0xe000) !== 0x2000) return 'reserved'; // outside global unicast 2000::/3
  return 'public';
}

export function ipVersion(text: string): 4 | 6 | 0 {
  if (parseIpv4(text) !== null) return 4;
  if (parseIpv6(text) !== null) return 6;
  return 0;
}

/** Classifies an IP literal; null when `text` is not an IP address. */
export function classifyIp(text: string): AddressClass | null {
  const v4 = parseIpv4(text);
  if (v4 !== null) return classifyIpv4(v4);
  const v6 = parseIpv6(text);
  return v6 ? classifyIpv6(v6) : null;
}

/** Cloud metadata services reachable by name. */
export const METADATA_HOSTNAMES = ['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal', 'metadata.azure.com'];

/** Names that never point at the public internet. */
const PRIVATE_SUFFIXES = ['.internal', '.local', '.localdomain', '.home.arpa', '.lan', '.intranet', '.corp'];

/** Classifies a host name before resolving it; null = decide by the addresses it resolves to. */
export function classifyHostname(hostname: string): AddressClass | null {
  const h = trimTrailing(hostname.toLowerCase(), '.');
  if (h === 'localhost' || h.endsWith('.localhost')) return 'loopback';
  if (METADATA_HOSTNAMES.includes(h)) return 'metadata';
  if (PRIVATE_SUFFIXES.some((s) => h.endsWith(s))) return 'private';
  if (!h.includes('.')) return 'private'; // single-label names resolve on the local network only
  return null;
}

/**
 * Whether a webhook may be sent to an address of this class. `allowPrivate` (the operator setting
 * WEBHOOK_ALLOW_PRIVATE_URLS, for local development and tests) opens loopback and private ranges;
 * link-local (cloud metadata), multicast, unspecified and reserved addresses stay closed.
 */
export function isAllowedClass(cls: AddressClass, allowPrivate: boolean): boolean {
  if (cls === 'public') return true;
  return allowPrivate && (cls === 'loopback' || cls === 'private' || cls === 'unique_local');
}

const DESCRIPTIONS: Record<AddressClass, string> = {
  public: 'es pública',
  loopback: 'es una dirección de loopback (el propio servidor)',
  private: 'es una dirección de red privada (RFC 1918, CGNAT 100.64.0.0/10 o de uso local)',
  link_local: 'es una dirección link-local',
  metadata: 'es el servicio de metadatos de la nube',
  unique_local: 'es una dirección IPv6 de uso local (fc00::/7)',
  multicast: 'es una dirección multicast',
  unspecified: 'es una dirección no especificada',
  reserved: 'es una dirección reservada (documentación, pruebas o uso especial)',
};

export function describeClass(cls: AddressClass): string {
  return DESCRIPTIONS[cls];
}

/**
 * What an API key is for (ADR 0054): optionally only some emitters (`emitter_ids`), some CAT-002
 * document types (`document_types`), some client addresses (`allowed_ips`, CIDRs or single
 * addresses, IPv4 or IPv6, checked with ipaddr.js against the address TRUST_PROXY gives), and an
 * expiry (`expires_at`). Null means no limit.
 */
import ipaddr from 'ipaddr.js';

export interface ApiKeyLimits {
  emitterIds: string[] | null;
  documentTypes: string[] | null;
  allowedIps: string[] | null;
  expiresAt: Date | null;
}

export const NO_LIMITS: ApiKeyLimits = { emitterIds: null, documentTypes: null, allowedIps: null, expiresAt: null };

/** A CIDR (`203.0.113.0/24`, `2001:db8::/32`) or a single address, as ipaddr.js reads it; null when it is neither. */
export function parseAllowedIp(text: string): [ipaddr.IPv4 | ipaddr.IPv6, number] | null {
  const t = text.trim();
  try {
    if (t.includes('/')) return ipaddr.parseCIDR(t);
    const a = ipaddr.parse(t);
    return [a, a.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

/** Whether a client address is within one of the ranges (IPv4-mapped IPv6 compared as IPv4). */
export function addressAllowed(address: string, ranges: readonly string[]): boolean {
  let a: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    a = ipaddr.process(address);
  } catch {
    return false;
  }
  for (const r of ranges) {
    const range = parseAllowedIp(r);
    if (!range) continue;
    const [net, bits] = range;
    const n = net.kind() === 'ipv6' && (net as ipaddr.IPv6).isIPv4MappedAddress() ? (net as ipaddr.IPv6).toIPv4Address() : net;
    const len = n !== net && n.kind() === 'ipv4' ? Math.max(0, bits - 96) : bits;
    if (a.kind() === n.kind() && a.match(n as never, len)) return true;
  }
  return false;
}

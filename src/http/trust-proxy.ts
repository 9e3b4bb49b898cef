import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/**
 * TRUST_PROXY (ADR 0051): which hops in front of the service may say who the client is with
 * `X-Forwarded-For` (and `X-Forwarded-Proto`). `false` trusts none (the socket's peer is the client);
 * a number trusts that many hops from the service; a list trusts the hops whose address is in one of
 * its CIDRs (or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`). The same rule serves
 * Express (`trust proxy`, so `req.ip` and `req.protocol`) and the graphql-ws upgrade request.
 */
export type TrustProxySetting = false | number | string[];

/** Parses the variable; a message naming what is wrong when it is not a setting. */
export function parseTrustProxy(raw: string | undefined): { ok: true; value: TrustProxySetting } | { ok: false; message: string } {
  const text = (raw ?? '').trim();
  if (text === '' || text === 'off' || text === 'false' || text === '0') return { ok: true, value: false };
  if (/^\d{1,2}$/.test(text)) return { ok: true, value: Number(text) };
  const list = text.split(',').map((s) => s.trim()).filter(Boolean);
  try {
    proxyAddr.compile(list);
  } catch (err) {
    return { ok: false, message: `debe ser off, un número de saltos (1–99) o una lista de CIDR separada por comas (${(err as Error).message})` };
  }
  return { ok: true, value: list };
}

/** The trust function proxy-addr and Express take. */
export function trustFunction(setting: TrustProxySetting): (address: string, hop: number) => boolean {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/** The client address of a request that did not go through Express (the graphql-ws upgrade), by the same rule. */
export function clientAddressOf(req: IncomingMessage, trust: (address: string, hop: number) => boolean): string {
  return proxyAddr(req, trust);
}

/** `https` or `http` as Express's `req.protocol` gives it: the socket's, or X-Forwarded-Proto's first value when the peer is trusted. */
export function protocolOf(req: IncomingMessage, trust: (address: string, hop: number) => boolean): 'https' | 'http' {
  if ((req.socket as { encrypted?: boolean }).encrypted) return 'https';
  const header = req.headers['x-forwarded-proto'];
  const forwarded = (Array.isArray(header) ? header[0] : header ?? '').split(',')[0].trim().toLowerCase();
  return forwarded === 'https' && trust(req.socket.remoteAddress ?? '', 0) ? 'https' : 'http';
}

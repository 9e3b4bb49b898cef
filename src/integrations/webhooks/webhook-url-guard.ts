import type { LookupFunction } from 'node:net';
import { promises as dns } from 'node:dns';
import { ipVersion } from '../../domain/webhooks/ip-classification';
import { checkResolvedAddress, checkWebhookUrl } from '../../domain/webhooks/webhook-url-rules';

/** Resolves a host name to every address (node:dns `lookup` with `all: true`). */
export type AddressLookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemLookup: AddressLookup = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

export type WebhookTarget =
  | { ok: true; url: URL; hostname: string; address: string; family: 4 | 6 }
  | { ok: false; code: 'invalid_format' | 'webhook_url_not_allowed'; message: string };

export interface GuardOptions {
  allowPrivate: boolean;
  lookup?: AddressLookup;
  /** Longest wait for DNS. */
  timeoutMs?: number;
}

/**
 * The address a webhook may be sent to: the URL passes the syntax and host rules, and EVERY address
 * its host resolves to is allowed (one private answer is enough to refuse: DNS rebinding and
 * split answers). The caller connects to the returned address, never resolving the name again.
 */
export async function resolveWebhookTarget(text: string, opts: GuardOptions): Promise<WebhookTarget> {
  const verdict = checkWebhookUrl(text, opts.allowPrivate);
  if (!verdict.ok) return verdict;
  const { url, hostname } = verdict;
  if (verdict.literal) return { ok: true, url, hostname, address: hostname, family: ipVersion(hostname) === 6 ? 6 : 4 };
  let addresses: { address: string; family: number }[];
  try {
    addresses = await withTimeout((opts.lookup ?? systemLookup)(hostname), opts.timeoutMs ?? 5000);
  } catch {
    return { ok: false, code: 'webhook_url_not_allowed', message: `No se pudo resolver el nombre ${hostname}; la URL del webhook debe ser pública.` };
  }
  if (!addresses.length) return { ok: false, code: 'webhook_url_not_allowed', message: `El nombre ${hostname} no tiene direcciones.` };
  for (const a of addresses) {
    const check = checkResolvedAddress(hostname, a.address, opts.allowPrivate);
    if (!check.ok) return { ok: false, code: 'webhook_url_not_allowed', message: check.message };
  }
  const first = addresses[0];
  return { ok: true, url, hostname, address: first.address, family: first.family === 6 ? 6 : 4 };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('tiempo agotado al resolver')), Math.max(1, ms));
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/**
 * A `lookup` for http(s).request that answers with the address already validated, so a DNS answer
 * that changes between the check and the connection (rebinding) cannot redirect the request.
 */
export function pinnedLookup(address: string, family: number): LookupFunction {
  return ((_host: string, options: unknown, callback?: unknown) => {
    const cb = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
    if (all) cb(null, [{ address, family }]);
    else cb(null, address, family);
  }) as LookupFunction;
}

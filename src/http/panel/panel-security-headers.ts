import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import helmet from 'helmet';

/**
 * The CSP sources of a page's inline scripts, one `'sha256-…'` per script: the browser runs an inline
 * script only if its exact text hashes to one of them, so no other inline code (an injected one
 * included) runs, and no 'unsafe-inline' is needed. The panel's page has one (its first-screen requests).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]) || !m[2]) continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** What one page's policy depends on: the origins that may frame it and its inline scripts' hashes. */
interface PagePolicy {
  frameAncestors: readonly string[];
  scriptHashes: readonly string[];
}

const policyOf = (res: ServerResponse): PagePolicy => ((res as Response).locals.panelPolicy as PagePolicy | undefined) ?? { frameAncestors: [], scriptHashes: [] };

/**
 * The security headers of the panel's pages, by helmet (ADR 0082), exactly those the panel sent
 * before: scripts only from the service itself plus the page's inline scripts named by their hashes,
 * no inline style, data to /graphql and /v1 on the same origin (the WebSocket included: 'self' covers
 * ws/wss of the same host), framing only by the embed session's account's origins. Everything else
 * helmet can send is off (the API and other pages send none of it either).
 */
const pageHeaders = (frameable: boolean) =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': [(_req, res) => ["'self'", ...policyOf(res).scriptHashes].join(' ')],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': [(_req, res) => (policyOf(res).frameAncestors.length ? policyOf(res).frameAncestors.join(' ') : "'none'")],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    xContentTypeOptions: true,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // A page no origin may frame also says so to browsers without frame-ancestors.
    xFrameOptions: frameable ? false : { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: false,
    xXssProtection: false,
  });

const FRAMEABLE_PAGE = pageHeaders(true);
const UNFRAMEABLE_PAGE = pageHeaders(false);

/** `X-Content-Type-Options: nosniff` for the panel's assets (helmet). */
export const assetHeaders = helmet.xContentTypeOptions();

/**
 * Sets a panel page's headers on `res`: helmet's security headers for this page's policy, plus the
 * two helmet does not write (the page's type and cache, and `Permissions-Policy`, which helmet dropped).
 */
export function setPanelPageHeaders(req: Request, res: Response, frameAncestors: readonly string[] = [], scriptHashes: readonly string[] = []): void {
  res.locals.panelPolicy = { frameAncestors, scriptHashes } satisfies PagePolicy;
  let failure: Error | undefined;
  (frameAncestors.length ? FRAMEABLE_PAGE : UNFRAMEABLE_PAGE)(req, res, (err?: unknown) => {
    failure = err as Error | undefined;
  });
  if (failure) throw failure;
  res.set({
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  });
}

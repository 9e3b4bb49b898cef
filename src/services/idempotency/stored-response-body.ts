import type { ServiceDeps } from '../shared/service-deps';

/**
 * A stored response may carry a secret shown once (a new API key, a webhook signing secret), so the
 * body is kept sealed with the master key, bound to its record. Bodies stored before sealing began
 * (never starting with `v1.`: JSON starts with `{` or `[`) are read as they are.
 */
export function sealStoredBody(deps: ServiceDeps, recordId: string, body: string): string {
  return body === '' ? body : deps.secrets.seal(body, `idempotency:${recordId}`);
}

export function openStoredBody(deps: ServiceDeps, recordId: string, stored: string | null): string {
  if (!stored || !stored.startsWith('v1.')) return stored ?? '';
  return deps.secrets.openText(stored, `idempotency:${recordId}`);
}

/**
 * API key scopes. A new key gets DEFAULT_SCOPES; `fiscal:close` and `documents:invalidate` (voiding a
 * sealed fiscal document, which cannot be undone) only on request.
 * A `:write` scope also grants the matching `:read`.
 */
export const ALL_SCOPES = [
  'emitters:read',
  'emitters:write',
  'documents:read',
  'documents:write',
  'documents:invalidate',
  'webhooks:read',
  'webhooks:write',
  'fiscal:read',
  'fiscal:write',
  'fiscal:close',
] as const;

export type Scope = (typeof ALL_SCOPES)[number];

export const DEFAULT_SCOPES: Scope[] = [
  'emitters:read',
  'emitters:write',
  'documents:read',
  'documents:write',
  'webhooks:write',
  'fiscal:read',
  'fiscal:write',
];

export function isScope(s: string): s is Scope {
  return (ALL_SCOPES as readonly string[]).includes(s);
}

export function hasScope(granted: readonly string[], required: Scope): boolean {
  if (granted.includes(required)) return true;
  if (required.endsWith(':read')) return granted.includes(required.replace(/:read$/, ':write'));
  return false;
}

/** Parses `a,b,c`; returns the unknown names when any. */
export function parseScopes(text: string): { scopes: Scope[]; unknown: string[] } {
  const names = [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))];
  return { scopes: names.filter(isScope), unknown: names.filter((n) => !isScope(n)) };
}

/** The first of `required` that `granted` does not cover, or null when all are. */
export function firstMissingScope(granted: readonly string[], required: readonly Scope[]): Scope | null {
  return required.find((s) => !hasScope(granted, s)) ?? null;
}

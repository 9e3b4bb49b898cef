/** `Bearer sk_…` → the key; null when absent. Case-insensitive scheme, surrounding spaces ignored. */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const m = /^\s*Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : '';
}

/** graphql-ws `connection_init` payload: `{"Authorization": "Bearer sk_…"}`, key name case-insensitive. */
export function bearerFromConnectionParams(params: Readonly<Record<string, unknown>> | undefined | null): string | null {
  if (!params) return null;
  for (const [k, v] of Object.entries(params)) {
    if (k.toLowerCase() === 'authorization' && typeof v === 'string') return bearerToken(v);
  }
  return null;
}

/** The account's REST doors used by the panel: plans, usage, API keys, users and the audit log. */
import { api } from '../lib/http';

export interface Plan {
  id: string;
  code: string;
  name: string;
  currency: string;
  price_excl_iva: string;
  interval: string;
  included_documents: number;
  overage: { up_to: number | null; unit_price_excl_iva: string }[];
  features: string[];
}

export interface Usage {
  period: string;
  environment: string;
  plan_code: string;
  included: number;
  used: number;
  remaining: number;
  overage_documents: number;
  overage_amount_excl_iva: string;
  by_emitter: { emitter_id: string; by_type: { type: string; processed: number }[] }[];
  data_refreshed_at: string;
}

export interface List<T> {
  data: T[];
  has_more: boolean;
}

export const listPlans = () => api<List<Plan>>('GET', '/v1/plans');
export const getUsage = (period: string) => api<Usage>('GET', `/v1/usage?period=${encodeURIComponent(period)}`);

export interface ApiKey {
  id: string;
  name: string | null;
  environment: string;
  scopes: string[];
  /** The key's visible start and end (sk_test_ab…yz); the full key is shown once, at creation. */
  redacted?: string | null;
  prefix?: string | null;
  last4?: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at?: string | null;
  /** The panel user who created it; null for a key created at the command line. */
  created_by_user_id?: string | null;
  /** Limits (null = none): its only emitters, document types and addresses, and its expiry. */
  emitter_ids?: string[] | null;
  document_types?: string[] | null;
  allowed_ips?: string[] | null;
  expires_at?: string | null;
}

export interface ApiKeyLimitsInput {
  emitter_ids?: string[];
  document_types?: string[];
  allowed_ips?: string[];
  expires_at?: string;
}

export const listApiKeys = (after: string | null) => api<List<ApiKey>>('GET', `/v1/api-keys?limit=50${after ? `&starting_after=${encodeURIComponent(after)}` : ''}`);
export const createApiKey = (body: { name: string; scopes: string[] } & ApiKeyLimitsInput, key: string) => api<ApiKey & { key: string }>('POST', '/v1/api-keys', { body, idempotencyKey: key });
export const revokeApiKey = (id: string, key: string) => api<ApiKey>('DELETE', `/v1/api-keys/${encodeURIComponent(id)}`, { idempotencyKey: key });

/** The origins allowed to frame the account's embed views (`frame-ancestors`). */
export const getEmbedOrigins = () => api<{ origins: string[] }>('GET', '/v1/embed-origins');
export const setEmbedOrigins = (origins: string[]) => api<{ origins: string[] }>('PUT', '/v1/embed-origins', { body: { origins } });

export interface User {
  id: string;
  email: string;
  role: 'owner' | 'member' | 'viewer';
  status?: string | null;
  created_at: string;
  last_login_at?: string | null;
  /** A pending invitation's link: when it was sent and until when it works (7 days). */
  invitation?: { sent_at: string; expires_at: string } | null;
}

export const listUsers = (after: string | null) => api<List<User>>('GET', `/v1/users?limit=50${after ? `&starting_after=${encodeURIComponent(after)}` : ''}`);
export const inviteUser = (body: { email: string; role: string }, key: string) => api<User>('POST', '/v1/users', { body, idempotencyKey: key });
export const updateUser = (id: string, body: { role: string }, key: string) => api<User>('PATCH', `/v1/users/${encodeURIComponent(id)}`, { body, idempotencyKey: key });
export const removeUser = (id: string, key: string) => api<unknown>('DELETE', `/v1/users/${encodeURIComponent(id)}`, { idempotencyKey: key });
export const resendInvitation = (id: string, key: string) => api<User>('POST', `/v1/users/${encodeURIComponent(id)}/invitation/resend`, { idempotencyKey: key });
export const revokeInvitation = (id: string, key: string) => api<unknown>('DELETE', `/v1/users/${encodeURIComponent(id)}/invitation`, { idempotencyKey: key });

export interface AuditEntry {
  id: string;
  action: string;
  actor: { type?: string; id?: string | null; email?: string | null; key_id?: string | null; key_label?: string | null } | null;
  ip: string | null;
  user_agent?: string | null;
  target?: { type?: string; id?: string | null; label?: string | null } | null;
  details?: Record<string, unknown> | null;
  created_at: string;
}

/** The audit log's filters, as `GET /v1/audit-log` takes them. */
export interface AuditFilter {
  user_id?: string;
  action?: string;
  created_from?: string;
  created_to?: string;
}

export function listAudit(after: string | null, filter: AuditFilter = {}) {
  const q = new URLSearchParams({ limit: '50' });
  for (const [k, v] of Object.entries(filter)) if (v) q.set(k, v);
  if (after) q.set('starting_after', after);
  return api<List<AuditEntry>>('GET', `/v1/audit-log?${q.toString()}`);
}

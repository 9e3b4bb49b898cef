/**
 * The actions the audit log records (docs/account.md). An entry names who (user or key), when, from
 * where (address, User-Agent), the target, and details that never include a secret.
 */
export const AUDIT_ACTIONS = [
  'api_key.created',
  'api_key.revoked',
  'credentials.uploaded',
  'user.created',
  'user.invited',
  'user.removed',
  'user.role_changed',
  'user.password_reset_requested',
  'user.password_reset',
  'user.password_set',
  'user.password_changed',
  'user.second_factor_enabled',
  'user.second_factor_disabled',
  'user.recovery_code_used',
  'session.second_factor_verified',
  'account.second_factor_policy_changed',
  'user.invitation_accepted',
  'user.invitation_resent',
  'user.invitation_revoked',
  'emitter.created',
  'emitter.updated',
  'establishment.created',
  'establishment.updated',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.deleted',
  'webhook_endpoint.secret_rolled',
  'document.invalidation_requested',
  'fiscal.period.closed',
  'fiscal.period.reopened',
  'account.embed_origins_changed',
  'session.login_succeeded',
  'session.login_failed',
  'session.login_locked',
  'session.ended',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

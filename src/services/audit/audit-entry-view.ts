import type { AuditEntryEntity } from '../../persistence/entities';

/** An audit entry as services hand it out. */
export interface AuditEntryView {
  id: string;
  action: string;
  actor: { type: string; userId: string | null; email: string | null; keyId: string | null };
  ip: string | null;
  userAgent: string | null;
  target: { type: string; id: string } | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

export function auditEntryView(e: AuditEntryEntity): AuditEntryView {
  return {
    id: e.id,
    action: e.action,
    actor: { type: e.actorType, userId: e.actorUserId, email: e.actorEmail, keyId: e.actorKeyId },
    ip: e.ip,
    userAgent: e.userAgent,
    target: e.targetType && e.targetId ? { type: e.targetType, id: e.targetId } : null,
    details: e.details ?? {},
    createdAt: e.createdAt,
  };
}

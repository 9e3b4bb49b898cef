import type { AuditEntryEntity } from '../../persistence/entities';
import { targetKey, type AuditTargetLabels } from './audit-target-labels';

/** An audit entry as services hand it out. */
export interface AuditEntryView {
  id: string;
  action: string;
  /** `keyLabel`: the acting key's name or prefix (an `api_key` actor). */
  actor: { type: string; userId: string | null; email: string | null; keyId: string | null; keyLabel: string | null };
  ip: string | null;
  userAgent: string | null;
  /** `label`: how a person recognises it (an emitter's name, a key's name or prefix, a user's e-mail, a control number), when known. */
  target: { type: string; id: string; label: string | null } | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

export function auditEntryView(e: AuditEntryEntity, labels: AuditTargetLabels = new Map()): AuditEntryView {
  return {
    id: e.id,
    action: e.action,
    actor: {
      type: e.actorType,
      userId: e.actorUserId,
      email: e.actorEmail,
      keyId: e.actorKeyId,
      keyLabel: e.actorType === 'api_key' && e.actorKeyId ? (labels.get(targetKey('api_key', e.actorKeyId)) ?? null) : null,
    },
    ip: e.ip,
    userAgent: e.userAgent,
    target: e.targetType && e.targetId ? { type: e.targetType, id: e.targetId, label: labels.get(targetKey(e.targetType, e.targetId)) ?? null } : null,
    details: e.details ?? {},
    createdAt: e.createdAt,
  };
}

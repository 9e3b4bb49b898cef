import type { AuditEntryView } from '../../services/audit/audit-entry-view';
import type { AuditEntryType } from './audit.types';

export function toAuditEntry(e: AuditEntryView): AuditEntryType {
  return { ...e, actor: { ...e.actor }, target: e.target ? { ...e.target } : null };
}

import { ROLES } from '../../domain/identity/roles';
import { type Page, type PageRequest, toPage } from '../../domain/shared/pagination';
import { AuditEntryEntity } from '../../persistence/entities';
import { requirePanelUser } from '../identity/panel-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { auditEntryView, type AuditEntryView } from './audit-entry-view';
import { auditTargetLabels } from './audit-target-labels';

/** The audit log of the session's account (both environments), newest first (any role; session only). */
export class ListAuditLogService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, page: PageRequest): Promise<Page<AuditEntryView>> {
    requirePanelUser(actor, ROLES, 'ver el registro de auditoría');
    const em = this.deps.orm.em.fork();
    const rows = await em.find(
      AuditEntryEntity,
      { accountId: actor.accountId, ...(page.startingAfter ? { id: { $lt: page.startingAfter } } : {}) },
      { orderBy: { id: 'desc' }, limit: page.limit + 1 },
    );
    const labels = await auditTargetLabels(em, this.deps.documents, actor.accountId, rows.slice(0, page.limit));
    return toPage(rows.map((r) => auditEntryView(r, labels)), page.limit);
  }
}

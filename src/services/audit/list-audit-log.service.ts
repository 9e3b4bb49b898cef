import { ROLES } from '../../domain/identity/roles';
import { auditFilterSchema } from '../../domain/identity/audit-filter.schema';
import { addDays, instantOfLocal } from '../../domain/mh-rules/el-salvador-time';
import { DomainError } from '../../domain/shared/domain-error';
import { type Page, type PageRequest, toPage } from '../../domain/shared/pagination';
import { parseWith } from '../../domain/shared/zod-errors';
import { AuditEntryEntity } from '../../persistence/entities';
import { requirePanelUser } from '../identity/panel-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { auditEntryView, type AuditEntryView } from './audit-entry-view';
import { auditTargetLabels } from './audit-target-labels';

/**
 * The audit log of the session's account (both environments), newest first (any role; session only),
 * filtered by the user who acted, the action and El Salvador dates (`createdFrom` and `createdTo` included).
 */
export class ListAuditLogService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, page: PageRequest, filter: unknown = {}): Promise<Page<AuditEntryView>> {
    requirePanelUser(actor, ROLES, 'ver el registro de auditoría');
    const parsed = parseWith(auditFilterSchema, filter ?? {});
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const f = parsed.value;
    const createdAt = {
      ...(f.createdFrom ? { $gte: instantOfLocal(f.createdFrom) } : {}),
      ...(f.createdTo ? { $lt: instantOfLocal(addDays(f.createdTo, 1)) } : {}),
    };
    const em = this.deps.orm.em.fork();
    const rows = await em.find(
      AuditEntryEntity,
      {
        accountId: actor.accountId,
        ...(page.startingAfter ? { id: { $lt: page.startingAfter } } : {}),
        ...(f.userId ? { actorUserId: f.userId } : {}),
        ...(f.action ? { action: f.action } : {}),
        ...(f.createdFrom || f.createdTo ? { createdAt } : {}),
      },
      { orderBy: { id: 'desc' }, limit: page.limit + 1 },
    );
    const labels = await auditTargetLabels(em, this.deps.documents, actor.accountId, rows.slice(0, page.limit));
    return toPage(rows.map((r) => auditEntryView(r, labels)), page.limit);
  }
}

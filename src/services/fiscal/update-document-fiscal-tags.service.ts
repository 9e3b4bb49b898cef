import { DEFAULT_FISCAL_TAGS, parseFiscalTags, periodOf, type FiscalTags } from '../../domain/fiscal';
import { DomainError, type FieldError } from '../../domain/shared/domain-error';
import { isErrorCode } from '../../domain/shared/error-codes';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { markPeriodDrift } from './fiscal-periods';

/**
 * `PATCH /documents/{id}/fiscal`: the tags sent replace the stored ones (the others stay). A change
 * to a document of a closed period is allowed and marks that period's drift (and the void period's,
 * for a document voided in a later period).
 */
export class UpdateDocumentFiscalTagsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string, input: unknown): Promise<{ documentId: string; fiscalTags: FiscalTags }> {
    const parsed = parseFiscalTags(input);
    if (!parsed.ok) {
      throw DomainError.validation(parsed.errors.map((e): FieldError => ({ path: e.path, code: isErrorCode(e.code) ? e.code : 'invalid_value', message: e.message })));
    }
    const documents = this.deps.documents;
    return documents.transaction(async (tx) => {
      const doc = await documents.findOwn(tx.em, actor, id);
      if (!doc) throw DomainError.notFound('un documento', 'id');
      const before: FiscalTags = { ...DEFAULT_FISCAL_TAGS, ...(doc.fiscal_tags as Partial<FiscalTags>) };
      const after: FiscalTags = { ...before, ...parsed.value };
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        const now = this.deps.clock.now();
        await documents.setFiscalTags(tx, doc.id, { ...after }, now);
        const periods = new Set([doc.issue_date.slice(0, 7)]);
        if (doc.voided_at) periods.add(periodOf(doc.voided_at));
        for (const period of periods) {
          await markPeriodDrift(tx.em, {
            accountId: actor.accountId, emitterId: doc.emitter.id, environment: doc.environment, period, at: now,
            change: { kind: 'document.fiscal_tags', subjectId: doc.id, before, after },
          });
        }
      }
      return { documentId: doc.id, fiscalTags: after };
    });
  }
}

import type { BatchOutcome } from '../../services/bulk-issuance/issue-document-batch.service';
import { toDocument } from './document.mapper';
import type { DocumentBatchType } from './document-batch.types';

/** The batch's outcome → its GraphQL type (REST renders the same outcome in document-batch.resource.ts). */
export function toDocumentBatch(b: BatchOutcome): DocumentBatchType {
  return {
    dryRun: b.dryRun,
    results: b.results.map((r) => ({
      index: r.index,
      externalId: r.externalId,
      status: r.status,
      idempotencyKey: r.idempotencyKey,
      document: r.document ? toDocument(r.document) : null,
      errors: (r.error?.errors ?? []).map((e) => ({ field: e.path, code: e.code, message: e.message, mh: null })),
    })),
  };
}

import type { DocumentIssuedLines } from '../../domain/documents';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';

/**
 * The lines and payment terms as signed of several documents at once (GraphQL `items` and `payment`
 * of a list's nodes or a subscription's document, one query per operation): in `ids` order, null
 * for one another account, environment or embed view does not see.
 */
export class ListDocumentLinesService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, ids: readonly string[]): Promise<(DocumentIssuedLines | null)[]> {
    const found = await this.deps.documents.issuedLines(actor, ids);
    return ids.map((id) => found.get(id) ?? null);
  }
}

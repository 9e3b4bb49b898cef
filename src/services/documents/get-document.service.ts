import type { DocumentView } from '../../domain/documents';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';

/** `GET /documents/{id}` and `document(id)`: the document with its `events[]` (another account's or environment's is null). */
export class GetDocumentService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string): Promise<DocumentView | null> {
    return this.deps.documents.view(actor, id, this.deps.baseUrl());
  }
}

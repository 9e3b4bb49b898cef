import { z } from 'zod';
import { DomainError } from '../../domain/shared/domain-error';
import { type Page, type PageRequest } from '../../domain/shared/pagination';
import { parseWith } from '../../domain/shared/zod-errors';
import type { Actor } from '../shared/actor';
import { inRequestEnvironment } from '../shared/request-environment';
import type { ServiceDeps } from '../shared/service-deps';
import { DOCUMENT_STATUSES, type DocumentView } from '../../domain/documents';

export const documentFilterSchema = z.strictObject({
  emitterId: z.string().max(64).optional(),
  type: z.string().regex(/^\d{2}$/, 'El tipo es un código CAT-002 de 2 dígitos (01, 03, 05, 06…).').optional(),
  status: z.enum(DOCUMENT_STATUSES, `El estado es uno de: ${DOCUMENT_STATUSES.join(', ')}.`).optional(),
  externalId: z.string().max(255).optional(),
  issuedFrom: z.iso.date('Fecha yyyy-MM-dd.').optional(),
  issuedTo: z.iso.date('Fecha yyyy-MM-dd.').optional(),
  environment: z.enum(['00', '01'], 'El ambiente es "00" o "01".').optional(),
  q: z.string().max(100, 'La búsqueda admite hasta 100 caracteres.').optional(),
});

export type DocumentFilter = z.infer<typeof documentFilterSchema>;

/**
 * The documents of the caller's account in the key's environment, newest first, with the spec's
 * filters (the store's list query). Another environment's documents are never visible.
 */
export class ListDocumentsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, filter: unknown, page: PageRequest): Promise<Page<DocumentView>> {
    const parsed = parseWith(documentFilterSchema, filter ?? {});
    if (!parsed.ok) throw new DomainError('invalid_request', parsed.errors[0].message, parsed.errors.map((e) => ({ ...e, code: 'invalid_request' as const })));
    const f = parsed.value;
    return this.deps.documents.list(inRequestEnvironment(actor, f.environment), f, page, this.deps.baseUrl());
  }
}

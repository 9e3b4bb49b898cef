import { z } from 'zod';
import { DomainError } from '../../domain/shared/domain-error';
import { type Page, type PageRequest } from '../../domain/shared/pagination';
import { parseWith } from '../../domain/shared/zod-errors';
import type { Actor } from '../shared/actor';
import { inRequestEnvironment } from '../shared/request-environment';
import type { ServiceDeps } from '../shared/service-deps';
import { DOCUMENT_STATUSES, type DocumentView } from '../../domain/documents';
import { ALL_DTE_TYPES } from '../../domain/dte/dte.types';

/** The refusal of a `type` filter that names no DTE type of CAT-002. */
export const DOCUMENT_TYPE_FILTER_MESSAGE = `El tipo es el código CAT-002 de un documento: ${ALL_DTE_TYPES.slice(0, -1).join(', ')} o ${ALL_DTE_TYPES[ALL_DTE_TYPES.length - 1]}.`;

export const documentFilterSchema = z.strictObject({
  emitterId: z.string().max(64).optional(),
  type: z.enum(ALL_DTE_TYPES, DOCUMENT_TYPE_FILTER_MESSAGE).optional(),
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

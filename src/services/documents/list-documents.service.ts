import { z } from 'zod';
import { DomainError } from '../../domain/shared/domain-error';
import { type Page, type PageRequest } from '../../domain/shared/pagination';
import { parseWith } from '../../domain/shared/zod-errors';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { LIST_COLUMNS, documentViewFromRow, type DocumentListRow, type DocumentView } from './document-view';

export const DOCUMENT_STATUSES = ['draft', 'validated', 'signed', 'sending', 'processed', 'rejected', 'contingency', 'voided', 'error'] as const;

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
 * filters. `q` matches a control number, generation code or seal exactly, or the receiver's name or
 * document number (trigram index). Another environment's documents are never visible.
 */
export class ListDocumentsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, filter: unknown, page: PageRequest): Promise<Page<DocumentView>> {
    const parsed = parseWith(documentFilterSchema, filter ?? {});
    if (!parsed.ok) throw new DomainError('invalid_request', parsed.errors[0].message, parsed.errors.map((e) => ({ ...e, code: 'invalid_request' as const })));
    const f = parsed.value;
    if (f.environment && f.environment !== actor.environment) return { data: [], hasMore: false };
    const where: string[] = ['d.account_id = ?', 'd.environment = ?'];
    const params: unknown[] = [actor.accountId, actor.environment];
    const add = (clause: string, ...values: unknown[]) => {
      where.push(clause);
      params.push(...values);
    };
    if (f.emitterId) add('d.emitter_id = ?', f.emitterId);
    if (f.type) add('d.type = ?', f.type);
    if (f.status) add('d.status = ?', f.status);
    if (f.externalId) add('d.external_id = ?', f.externalId);
    if (f.issuedFrom) add('d.issue_date >= ?', f.issuedFrom);
    if (f.issuedTo) add('d.issue_date <= ?', f.issuedTo);
    if (page.startingAfter) add('d.id < ?', page.startingAfter);
    const q = f.q?.trim();
    if (q) {
      const upper = q.toUpperCase();
      add(
        `(d.control_number = ? or d.generation_code = ? or d.reception_stamp = ? or (coalesce(d.receiver_name, '') || ' ' || coalesce(d.receiver_document_number, '')) ilike ?)`,
        upper,
        upper,
        upper,
        `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      );
    }
    const em = this.deps.orm.em.fork();
    const rows = await sql<DocumentListRow>(
      em,
      `select ${LIST_COLUMNS} from documents d join emitters e on e.id = d.emitter_id where ${where.join(' and ')} order by d.id desc limit ?`,
      [...params, page.limit + 1],
    );
    const pageRows = rows.slice(0, page.limit);
    const events = pageRows.length
      ? await sql<{ document_id: string; type: string; at: string; message: string }>(
          em,
          'select document_id, type, at, message from document_events where document_id = any(?::text[]) order by at, id',
          [pageRows.map((r) => r.id)],
        )
      : [];
    const byDoc = new Map<string, { type: string; at: Date; message: string }[]>();
    for (const e of events) byDoc.set(e.document_id, [...(byDoc.get(e.document_id) ?? []), { type: e.type, at: new Date(e.at), message: e.message }]);
    const base = this.deps.baseUrl();
    return { data: pageRows.map((r) => documentViewFromRow(r, byDoc.get(r.id) ?? [], base)), hasMore: rows.length > page.limit };
  }
}

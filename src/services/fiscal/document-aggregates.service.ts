import { isValidPeriod, reportTypeInfo, SALES_ANNEX_DOC_TYPES, type SalesAnnexType } from '../../domain/fiscal';
import { DomainError } from '../../domain/shared/domain-error';
import type { PageRequest } from '../../domain/shared/pagination';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { isDocumentStatus } from '../../domain/documents';
import { DOCUMENT_ANALYTICS_VIEW } from '../../persistence/documents/document-queries';

export type DocumentGroupBy = 'day' | 'month' | 'type' | 'receiver' | 'establishment' | 'annex';

export interface DocumentAggregateFilter {
  /** AAAA-MM of the issue date. */
  period?: string | null;
  /** DTE type code (01, 03, 05…). */
  type?: string | null;
  /** Defaults to processed: the documents that count in the books (voided ones do not). */
  status?: string | null;
  /** Exact receiver document number, or a substring of the receiver's name. */
  receiver?: string | null;
  establishmentCode?: string | null;
}

export interface DocumentAggregate {
  key: string;
  label: string | null;
  documents: number;
  subtotal: string;
  iva: string;
  total: string;
}

export interface DocumentAggregatePage {
  groups: DocumentAggregate[];
  hasMore: boolean;
  totals: Omit<DocumentAggregate, 'key' | 'label'>;
}

const TYPE_LABELS: Record<string, string> = {
  '01': 'Factura',
  '03': 'Comprobante de crédito fiscal',
  '04': 'Nota de remisión',
  '05': 'Nota de crédito',
  '06': 'Nota de débito',
  '07': 'Comprobante de retención',
  '11': 'Factura de exportación',
  '14': 'Factura de sujeto excluido',
  '15': 'Comprobante de donación',
};

/**
 * F-07 sales annex of a document, from the annex generators' own type sets (CCF/NC/ND → f07_anexo1,
 * FE and FEX → f07_anexo2); '' for types neither annex reports. The codes are two-digit constants, inlined.
 */
const ANNEX_KEY = `case ${Object.entries(SALES_ANNEX_DOC_TYPES)
  .map(([annex, types]) => `when d.type in (${[...types].map((t) => { if (!/^\d{2}$/.test(t)) throw new Error(`bad type ${t}`); return `'${t}'`; }).join(', ')}) then '${annex}'`)
  .join(' ')} else '' end`;
const NO_ANNEX_LABEL = 'Sin anexo de ventas F-07 (ni anexo 1 ni anexo 2)';
function annexLabel(key: string): string {
  return key in SALES_ANNEX_DOC_TYPES ? reportTypeInfo(key as SalesAnnexType).name : NO_ANNEX_LABEL;
}

/** Group key and label per grouping; keys sort as text, which is also the cursor order. */
const GROUPS: Record<DocumentGroupBy, { key: string; label: string }> = {
  day: { key: 'd.issue_date', label: 'null' },
  month: { key: 'substr(d.issue_date, 1, 7)', label: 'null' },
  type: { key: 'd.type', label: 'null' },
  receiver: { key: "coalesce(d.receiver_document_number, '')", label: 'max(d.receiver_name)' },
  establishment: { key: "coalesce(d.establishment_code, '')", label: 'null' },
  annex: { key: ANNEX_KEY, label: 'null' },
};

/** Cursors are the group key, base64url-encoded (a key may be empty). */
export const encodeAggregateCursor = (key: string) => Buffer.from(`k:${key}`, 'utf8').toString('base64url');
export function decodeAggregateCursor(cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith('k:')) throw DomainError.field('invalid_request', 'after', 'Cursor "after" inválido.');
  return text.slice(2);
}

/**
 * Signed amounts, as the VAT books count them: a credit note (NC, 05) reduces the sales it corrects,
 * so its subtotal, IVA and total enter the sums negative; every other type adds.
 */
const signed = (column: string) => `sum(case when d.type = '05' then -d.${column} else d.${column} end)`;

/**
 * Sums of an emitter's documents (ambiente de la llave) grouped by day, month, type, receiver,
 * establishment or F-07 sales annex, in SQL over numeric columns (`sum()::text`, never floats), with cursor pagination
 * on the groups and the totals over the whole filter. Totals equal the books': credit notes subtract
 * and documents tagged `exclude_from_books` are left out, as in every book and annex.
 */
export class DocumentAggregatesService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, groupBy: DocumentGroupBy, filter: DocumentAggregateFilter, page: PageRequest): Promise<DocumentAggregatePage> {
    const group = GROUPS[groupBy];
    if (!group) throw DomainError.field('invalid_request', 'groupBy', 'Agrupación no admitida.');
    const em = this.deps.orm.em.fork();
    await loadOwnEmitter(em, actor, emitterId, 'emitterId');

    const where: string[] = ['d.account_id = ?', 'd.environment = ?', 'd.emitter_id = ?', "coalesce(d.fiscal_tags->>'excludeFromBooks', 'false') <> 'true'"];
    const params: unknown[] = [actor.accountId, actor.environment, emitterId];
    const add = (clause: string, ...values: unknown[]) => {
      where.push(clause);
      params.push(...values);
    };
    const status = filter.status ?? 'processed';
    if (!isDocumentStatus(status)) throw DomainError.field('invalid_request', 'filter.status', 'Estado de documento no admitido.');
    add('d.status = ?', status);
    if (filter.period != null) {
      if (!isValidPeriod(filter.period)) throw DomainError.field('invalid_format', 'filter.period', 'El periodo debe tener el formato AAAA-MM.');
      add('d.issue_date like ?', `${filter.period}-%`);
    }
    if (filter.type != null) {
      if (!/^\d{2}$/.test(filter.type)) throw DomainError.field('invalid_format', 'filter.type', 'El tipo de documento son dos dígitos (CAT-002), p. ej. 01 o 03.');
      add('d.type = ?', filter.type);
    }
    const receiver = filter.receiver?.trim();
    if (receiver) {
      if (receiver.length > 200) throw DomainError.field('invalid_request', 'filter.receiver', 'El receptor admite hasta 200 caracteres.');
      add('(d.receiver_document_number = ? or d.receiver_name ilike ?)', receiver, `%${receiver.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    if (filter.establishmentCode != null) add('d.establishment_code = ?', filter.establishmentCode);

    const conditions = where.join(' and ');
    const after = page.startingAfter !== null ? decodeAggregateCursor(page.startingAfter) : null;
    const rows = await sql<{ key: string; label: string | null; documents: number; subtotal: string; iva: string; total: string }>(
      em,
      `select * from (
         select ${group.key} as key, ${group.label} as label, count(*)::int as documents,
                ${signed('subtotal')}::text as subtotal, ${signed('iva')}::text as iva, ${signed('total')}::text as total
           from ${DOCUMENT_ANALYTICS_VIEW} d where ${conditions} group by 1
       ) g ${after !== null ? 'where g.key collate "C" > ?' : ''} order by g.key collate "C" limit ?`,
      [...params, ...(after !== null ? [after] : []), page.limit + 1],
    );
    const [totals] = await sql<{ documents: number; subtotal: string; iva: string; total: string }>(
      em,
      `select count(*)::int as documents, coalesce(${signed('subtotal')}, 0.00)::text as subtotal,
              coalesce(${signed('iva')}, 0.00)::text as iva, coalesce(${signed('total')}, 0.00)::text as total
         from ${DOCUMENT_ANALYTICS_VIEW} d where ${conditions}`,
      params,
    );
    const groups = rows.slice(0, page.limit).map((r) => ({
      key: r.key,
      label: groupBy === 'type' ? (TYPE_LABELS[r.key] ?? null) : groupBy === 'annex' ? annexLabel(r.key) : (r.label ?? null),
      documents: Number(r.documents),
      subtotal: r.subtotal,
      iva: r.iva,
      total: r.total,
    }));
    return { groups, hasMore: rows.length > page.limit, totals: { documents: Number(totals.documents), subtotal: totals.subtotal, iva: totals.iva, total: totals.total } };
  }
}

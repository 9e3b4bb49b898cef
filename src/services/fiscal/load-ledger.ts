import type { EntityManager } from '@mikro-orm/core';
import {
  DEFAULT_FISCAL_TAGS, LEDGER_DOCUMENT_TYPES, SETTLED_DOC_TYPES, SUPERSEDING_TYPES, settledCodesToLoad, isValidPeriod, toLedgerRecord,
  type FiscalRecord, type FiscalResource, type FiscalTags, type LedgerDocument, type LedgerDocumentStatus, type LedgerDocumentType, type LedgerRecord,
} from '../../domain/fiscal';
import type { DocumentQueries, LedgerDocumentRow } from '../../persistence/documents/document-queries';
import { sql } from '../shared/sql';
import { instantOfLocal } from '../../domain/mh-rules/el-salvador-time';

export interface LedgerQuery {
  emitterId: string;
  /** `00` test or `01` production: books follow the key's environment. */
  environment: string;
  /** `YYYY-MM` */
  period: string;
}

export interface Ledger {
  documents: LedgerDocument[];
  records: LedgerRecord[];
}

const LEDGER_TYPES: readonly string[] = LEDGER_DOCUMENT_TYPES;
const SUPERSEDING_DOC_TYPES = [...new Set(Object.values(SUPERSEDING_TYPES).map((t) => t.docType))];
const CHUNK = 5000;

/** `2026-03` → first day of the period and of the next one (`yyyy-MM-dd`), and those instants in El Salvador time (UTC−6). */
export function periodBounds(period: string): { from: string; to: string; fromInstant: Date; toInstant: Date } {
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(5, 7));
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  const from = `${period}-01`;
  const to = `${next}-01`;
  return { from, to, fromInstant: instantOfLocal(from), toInstant: instantOfLocal(to) };
}

function toLedgerDocument(row: LedgerDocumentRow): LedgerDocument {
  const v = row.void;
  return {
    id: row.id,
    type: row.type as LedgerDocumentType,
    environment: row.environment as '00' | '01',
    status: row.status as LedgerDocumentStatus,
    json: JSON.parse(row.dte_json) as Record<string, unknown>,
    seal: row.reception_stamp,
    issuedOn: row.issue_date,
    processedAt: row.processed_at,
    voidedAt: row.voided_at,
    voidInfo: row.voided_at && v
      ? { reasonType: v.reasonType, replacementGenerationCode: row.replacement_generation_code, seal: v.receptionStamp }
      : null,
    fiscalTags: { ...DEFAULT_FISCAL_TAGS, ...(row.fiscal_tags ?? {}) },
  };
}

/**
 * The ledger of one period of an emitter in one environment, as the report generators read it:
 * - documents of the ledger types (LEDGER_DOCUMENT_TYPES: 01, 03, 04, 05, 06, 07, 08, 09, 11, 14)
 *   issued in the period (any status: the domain decides what counts and warns about `error` ones),
 *   plus documents of earlier periods voided in this one (late voids: reversal lines and the anulados
 *   annex);
 * - fiscal records booked in the period (month of the accounting date), not deleted;
 * - the CR / FSE of any other period whose generation code a record of the period carries: the
 *   issued document replaces that record (issued-supersedes.rules.ts);
 * - the sale documents of any other period that a CL of the period settles: annex 4 reads their seal
 *   and control number (settled-documents.rules.ts).
 * Only the columns the books need are read, in chunks of 5,000 rows.
 */
export async function loadLedger(em: EntityManager, store: DocumentQueries, q: LedgerQuery): Promise<Ledger> {
  if (!isValidPeriod(q.period)) throw new Error(`BUG: periodo inválido ${q.period}`);
  const b = periodBounds(q.period);
  const documents: LedgerDocument[] = [];
  for (const kind of ['issued', 'voided_late'] as const) {
    const query = { kind, emitterId: q.emitterId, environment: q.environment, ...b, types: LEDGER_TYPES };
    for (let after = ''; ; ) {
      const rows = await store.ledgerChunk(em, query, after, CHUNK);
      for (const r of rows) documents.push(toLedgerDocument(r));
      if (rows.length < CHUNK) break;
      after = rows[rows.length - 1].id;
    }
  }

  const records: LedgerRecord[] = [];
  let after = '';
  for (;;) {
    const rows = await sql<{ id: string; resource: string; body: FiscalRecord }>(
      em,
      `select d.id, d.resource, d.body from fiscal_records d
        where d.emitter_id = ? and d.environment = ? and d.period = ? and d.deleted_at is null and d.id > ?
        order by d.id limit ${CHUNK}`,
      [q.emitterId, q.environment, q.period, after],
    );
    for (const r of rows) records.push(toLedgerRecord(r.id, r.resource as FiscalResource, r.body));
    if (rows.length < CHUNK) break;
    after = rows[rows.length - 1].id;
  }
  const loaded = new Set(documents.map((d) => d.id));
  const codes = [...new Set(records.filter((r) => r.record.docClass === '4' && r.record.generationCode && r.resource in SUPERSEDING_TYPES).map((r) => r.record.generationCode!))];
  for (let i = 0; i < codes.length; i += CHUNK) {
    const rows = await store.ledgerByGenerationCodes(em, { emitterId: q.emitterId, environment: q.environment, types: SUPERSEDING_DOC_TYPES }, codes.slice(i, i + CHUNK));
    for (const r of rows) if (!loaded.has(r.id)) { loaded.add(r.id); documents.push(toLedgerDocument(r)); }
  }
  const settled = settledCodesToLoad(documents, q.period);
  for (let i = 0; i < settled.length; i += CHUNK) {
    const rows = await store.ledgerByGenerationCodes(em, { emitterId: q.emitterId, environment: q.environment, types: SETTLED_DOC_TYPES }, settled.slice(i, i + CHUNK));
    for (const r of rows) if (!loaded.has(r.id)) { loaded.add(r.id); documents.push(toLedgerDocument(r)); }
  }
  return { documents, records };
}

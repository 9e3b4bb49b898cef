import type { EntityManager, MikroORM } from '@mikro-orm/core';
import {
  AWAITING_TRANSMISSION_STATUSES, WITHOUT_EFFECT_STATUSES, documentCodeTerms, isDocumentStatus, issuedLinesOf, receiverSearchText,
  type DocumentIssuedLines, type DocumentStatus, type DocumentView,
} from '../../domain/documents';
import { preparedRows, sql, sqlRows, statementEm } from '../sql';
import { statusListSql } from './status-list-sql';
import { type DocumentColumn, type DocumentRow, type SignedDocumentRow, type StoredDocumentRow } from './document-row';
import { columnList, documentTables, type DocumentTables } from './document-table';
import { DOCUMENT_VIEW_COLUMNS, historyLines, toDocumentView, type DocumentViewColumnsRow } from './document-view.mapper';
import { receiverTextMatch } from './receiver-text-match';

/** Whose documents a read may see: one account, one environment (and one emitter for an embed view). */
export interface DocumentOwner {
  accountId: string;
  environment: string;
  /** An embed view's emitter, or an API key's `emitter_ids`: the only ones whose documents it sees. */
  onlyEmitterIds?: readonly string[];
}

/** The owner as SQL over documents aliased `d` (parameters: `ownerParams`). */
const OWNER_SQL = 'd.account_id = ? and d.environment = ? and (?::text[] is null or d.emitter_id = any(?::text[]))';
const emitterList = (owner: DocumentOwner) => (owner.onlyEmitterIds ? [...owner.onlyEmitterIds] : null);
const ownerParams = (owner: DocumentOwner) => [owner.accountId, owner.environment, emitterList(owner), emitterList(owner)];

/** The issuer aliased `e` as one jsonb value with the columns of DocumentIssuerRow. */
const ISSUER_JSON = `jsonb_build_object('id', e.id, 'nit', e.nit, 'nrc', e.nrc, 'name', e.name, 'trade_name', e.trade_name,
  'economic_activity', e.economic_activity, 'phone', e.phone, 'email', e.email, 'address_department', e.address_department,
  'address_municipality', e.address_municipality, 'address_district', e.address_district, 'address_line', e.address_line,
  'is_large_taxpayer', e.is_large_taxpayer, 'numbering', e.numbering, 'logo_url', e.logo_url)`;

/** The list filters of `GET /v1/documents` and `documents(filter)`, already validated. */
export interface DocumentListFilter {
  emitterId?: string;
  type?: string;
  status?: string;
  externalId?: string;
  issuedFrom?: string;
  issuedTo?: string;
  q?: string;
}

/** `events[]` of the document aliased `d`, oldest first, as one jsonb array. */
export const EVENTS_AGGREGATE = `coalesce((select jsonb_agg(jsonb_build_object('type', ev.type, 'at', ev.at, 'message', ev.message) order by ev.at, ev.id)
  from document_events ev where ev.document_id = d.id), '[]'::jsonb)`;

/** Longest range of issue dates (days) whose id span a dated list computes first. */
const SPAN_MAX_DAYS = 400;

const validId = (id: unknown): id is string => typeof id === 'string' && id.length > 0 && id.length <= 64;

export { statusListSql } from './status-list-sql';

/** The statuses a note blocking the void of its CCF may not have, as SQL (`statusListSql`). */
const WITHOUT_EFFECT_SQL = statusListSql(WITHOUT_EFFECT_STATUSES);

/**
 * The named reads of documents: the views (by id, list) and the lookups other use cases need. Every
 * reader of the `documents` table goes through here (or through the store's writes, which answer the
 * changed row, or the documented fragments at the end of this file for queries over other tables).
 * Reads hand out plain typed rows and views, never managed ORM entities: nothing outside the store
 * can flush a change to a document.
 */
export class DocumentQueries {
  protected readonly tables: DocumentTables;
  /** Non-lazy columns of `documents`: what a status change answers (its callers read more than the view). */
  protected readonly viewColumns: string[];
  /** The view's columns of `documents` aliased `d` and the issuer's name. */
  private readonly viewSelect: string;
  /** Every non-lazy column of `documents` aliased `d` (a StoredDocumentRow but its issuer). */
  private readonly storedSelect: string;

  constructor(protected readonly orm: MikroORM) {
    this.tables = documentTables(orm);
    const { columns, lazy } = this.tables.documents;
    this.viewColumns = [...columns.filter((c) => !lazy.has(c)), ...this.tables.documents.generated];
    const unknown = DOCUMENT_VIEW_COLUMNS.filter((c) => !this.viewColumns.includes(c));
    if (unknown.length) throw new Error(`columnas de la vista que la entidad no tiene: ${unknown.join(', ')}`);
    this.viewSelect = `${columnList(DOCUMENT_VIEW_COLUMNS, 'd')}, e.name as emitter_name`;
    this.storedSelect = columnList(this.viewColumns, 'd');
  }

  protected em(em?: EntityManager): EntityManager {
    return em ?? statementEm(this.orm);
  }

  /** `GET /documents/{id}`: one round trip for the row, its issuer's name, its `events[]` and its lines as signed. */
  async view(owner: DocumentOwner, id: string, baseUrl: string): Promise<DocumentView | null> {
    if (!validId(id)) return null;
    const [row] = await preparedRows<DocumentViewColumnsRow & { events: { type: string; at: string; message: string }[]; dte_json: string }>(
      this.em(),
      `select ${this.viewSelect}, ${EVENTS_AGGREGATE} as events, d.dte_json
         from documents d join emitters e on e.id = d.emitter_id
        where d.id = ? and d.account_id = ? and d.environment = ? and (?::text[] is null or d.emitter_id = any(?::text[]))`,
      [id, owner.accountId, owner.environment, emitterList(owner), emitterList(owner)],
    );
    return row ? toDocumentView(row, historyLines(row.events), baseUrl, issuedLinesOf(row.dte_json)) : null;
  }

  /** The lines and payment terms as signed of the owner's documents among `ids` (another owner's are left out). */
  async issuedLines(owner: DocumentOwner, ids: readonly string[]): Promise<Map<string, DocumentIssuedLines>> {
    const wanted = ids.filter(validId);
    if (!wanted.length) return new Map();
    const rows = await sqlRows<{ id: string; dte_json: string }>(
      this.em(),
      `select d.id, d.dte_json from documents d where d.id = any(?::text[]) and ${OWNER_SQL}`,
      [wanted, ...ownerParams(owner)],
    );
    return new Map(rows.map((r) => [r.id, issuedLinesOf(r.dte_json)]));
  }

  /**
   * The owner's documents, newest first, one page (limit + 1 rows tell whether more follow). `q`
   * matches a control number, generation code or seal exactly, typed with or without its dashes
   * (`documentCodeTerms`), or the receiver's name or document number regardless of case, accents and
   * dashes (trigram index over the folded text, `receiverTextMatch`; ADR 0040).
   */
  async list(owner: DocumentOwner, f: DocumentListFilter, page: { limit: number; startingAfter: string | null }, baseUrl: string): Promise<{ data: DocumentView[]; hasMore: boolean }> {
    const cut = await this.listWhere(owner, f, page.startingAfter);
    if (cut === 'none') return { data: [], hasMore: false };
    const { where, params } = cut;
    // One round trip: the page's ids are cut first (sorting the matches by id alone, not whole
    // rows: a search can match hundreds), then only its rows are read with their issuer and gather
    // their `events[]`, so PostgreSQL never builds the view of a row the limit drops.
    const rows = await sqlRows<DocumentViewColumnsRow & { events: { type: string; at: string; message: string }[] }>(
      this.em(),
      `select ${this.viewSelect}, ${EVENTS_AGGREGATE} as events
         from (select d.id from documents d where ${where.join(' and ')} order by d.id desc limit ?) page
         join documents d on d.id = page.id join emitters e on e.id = d.emitter_id
        order by d.id desc`,
      [...params, page.limit + 1],
    );
    const pageRows = rows.slice(0, page.limit);
    return { data: pageRows.map((r) => toDocumentView(r, historyLines(r.events), baseUrl)), hasMore: rows.length > page.limit };
  }

  /**
   * One keyset page of the list (the same filters and order) for an export: the view's columns
   * without `events[]` or links (empty), so a page of hundreds costs one index scan and a join.
   */
  async exportPage(owner: DocumentOwner, f: DocumentListFilter, page: { limit: number; startingAfter: string | null }): Promise<{ data: DocumentView[]; hasMore: boolean }> {
    const cut = await this.listWhere(owner, f, page.startingAfter);
    if (cut === 'none') return { data: [], hasMore: false };
    const rows = await sqlRows<DocumentViewColumnsRow>(
      this.em(),
      `select ${this.viewSelect}
         from (select d.id from documents d where ${cut.where.join(' and ')} order by d.id desc limit ?) page
         join documents d on d.id = page.id join emitters e on e.id = d.emitter_id
        order by d.id desc`,
      [...cut.params, page.limit + 1],
    );
    const pageRows = rows.slice(0, page.limit);
    return { data: pageRows.map((r) => toDocumentView(r, [], '')), hasMore: rows.length > page.limit };
  }

  /** The WHERE of the list's filters over documents aliased `d`, or 'none' when no document can match. */
  private async listWhere(owner: DocumentOwner, f: DocumentListFilter, startingAfter: string | null): Promise<{ where: string[]; params: unknown[] } | 'none'> {
    const where: string[] = ['d.account_id = ?', 'd.environment = ?'];
    const params: unknown[] = [owner.accountId, owner.environment];
    const add = (clause: string, ...values: unknown[]) => {
      where.push(clause);
      params.push(...values);
    };
    if (owner.onlyEmitterIds) add('d.emitter_id = any(?::text[])', [...owner.onlyEmitterIds]);
    if (f.emitterId) add('d.emitter_id = ?', f.emitterId);
    if (f.type) add('d.type = ?', f.type);
    if (f.status) add('d.status = ?', f.status);
    if (f.externalId) add('d.external_id = ?', f.externalId);
    if (f.issuedFrom) add('d.issue_date >= ?', f.issuedFrom);
    if (f.issuedTo) add('d.issue_date <= ?', f.issuedTo);
    if (f.issuedFrom || f.issuedTo) {
      const span = await this.issueDateIdSpan(owner, f.issuedFrom ?? null, f.issuedTo ?? null);
      if (span === 'none') return 'none';
      if (span) add('d.id >= ? and d.id <= ?', span.first, span.last);
    }
    if (startingAfter) add('d.id < ?', startingAfter);
    const q = f.q?.trim();
    if (q) {
      const codes = documentCodeTerms(q);
      const receiver = receiverTextMatch(receiverSearchText(q));
      add(`(d.control_number = ? or d.generation_code = ? or d.reception_stamp = ? or ${receiver.sql})`, codes.controlNumber, codes.generationCode, codes.receptionStamp, ...receiver.params);
    }
    return { where, params };
  }

  /**
   * The first and last ids of the owner's documents issued in [from, to] (either end open), found with
   * two probes of the issue-date index per day of the range, or 'none' when no document falls in it.
   * A list filtered by dates adds them as bounds of its scan in id order: exact (every match lies
   * between them), and it keeps that scan inside the range's documents, which PostgreSQL's estimates
   * (blind to ids and issue dates rising together) do not. A range of more than SPAN_MAX_DAYS days
   * (once cut to the owner's first and last issue dates) is left to the planner (null).
   */
  private async issueDateIdSpan(owner: DocumentOwner, from: string | null, to: string | null): Promise<{ first: string; last: string } | 'none' | null> {
    const [row] = await sqlRows<{ days: number | null; first: string | null; last: string | null }>(
      this.em(),
      `with span as (
         select greatest(?::text, min(issue_date)) as lo, least(?::text, max(issue_date)) as hi
           from documents where account_id = ? and environment = ?)
       select s.hi::date - s.lo::date as days, b.first, b.last from span s left join lateral (
         select min(x.first) as first, max(x.last) as last
           from generate_series(s.lo::date, s.hi::date, interval '1 day') g(day)
           cross join lateral (select to_char(g.day, 'YYYY-MM-DD') as day) d
           cross join lateral (
             select (select min(id) from documents where account_id = ? and environment = ? and issue_date = d.day) as first,
                    (select max(id) from documents where account_id = ? and environment = ? and issue_date = d.day) as last) x
          where s.hi::date - s.lo::date <= ${SPAN_MAX_DAYS}) b on true`,
      [from, to, owner.accountId, owner.environment, owner.accountId, owner.environment, owner.accountId, owner.environment],
    );
    if (row.days === null || row.days < 0) return 'none';
    if (row.days > SPAN_MAX_DAYS) return null;
    return row.first && row.last ? { first: row.first, last: row.last } : 'none';
  }

  /** A document of the owner as a plain row with its issuer (another owner's is invisible: null). */
  async findOwn(em: EntityManager, owner: DocumentOwner, id: string): Promise<StoredDocumentRow | null> {
    if (!validId(id)) return null;
    const [row] = await sqlRows<StoredDocumentRow>(
      em,
      `select ${this.storedSelect}, ${ISSUER_JSON} as emitter from documents d join emitters e on e.id = d.emitter_id where d.id = ? and ${OWNER_SQL}`,
      [id, ...ownerParams(owner)],
    );
    return row ?? null;
  }

  /** A document with its signed JSON, JWS and issuer (PDF, e-mail, `/json`); `owner` limits it to one account and environment. */
  async findSigned(em: EntityManager, id: string, owner?: DocumentOwner): Promise<SignedDocumentRow | null> {
    if (!validId(id)) return null;
    const [row] = await sqlRows<SignedDocumentRow>(
      em,
      `select ${this.storedSelect}, d.dte_json, d.jws, ${ISSUER_JSON} as emitter from documents d join emitters e on e.id = d.emitter_id
        where d.id = ?${owner ? ` and ${OWNER_SQL}` : ''}`,
      [id, ...(owner ? ownerParams(owner) : [])],
    );
    return row ?? null;
  }

  /** The id of the owner's document `id`, or null (a read naming a document checks it is the owner's). */
  async ownId(owner: DocumentOwner, id: string): Promise<string | null> {
    if (typeof id !== 'string' || id.length > 64) return null;
    const [row] = await preparedRows<{ id: string }>(this.em(), `select d.id from documents d where d.id = ? and ${OWNER_SQL}`, [id, ...ownerParams(owner)]);
    return row?.id ?? null;
  }

  /**
   * The original of a return (Evento de Retorno), locked until the caller's transaction ends so the
   * returns of one document are judged one at a time: its signed JSON, the income-tax rate its
   * request withheld (`withholding.renta`) and its issuer's NIT and name.
   */
  async lockForReturn(tx: EntityManager, owner: DocumentOwner, id: string): Promise<ReturnOriginalRow | null> {
    const [row] = await sqlRows<ReturnOriginalRow>(
      tx,
      `select d.id, d.emitter_id, d.type, d.status, d.generation_code, d.issue_date, d.processed_at, d.establishment_code, d.point_of_sale_code, d.dte_json,
              d.request #>> '{withholding,renta}' as renta, e.nit as emitter_nit, e.name as emitter_name
         from documents d join emitters e on e.id = d.emitter_id
        where d.id = ? and ${OWNER_SQL} for update of d`,
      [id, ...ownerParams(owner)],
    );
    return row ?? null;
  }

  /** The control numbers of the account's documents among `ids` (labels of the audit log; any environment). */
  async controlNumbers(em: EntityManager, accountId: string, ids: readonly string[]): Promise<Pick<DocumentRow, 'id' | 'control_number'>[]> {
    if (!ids.length) return [];
    return sql<Pick<DocumentRow, 'id' | 'control_number'>>(em, 'select id, control_number from documents where id = any(?::text[]) and account_id = ?', [ids, accountId]);
  }

  /**
   * Usage of one account and environment: how many of its documents reached `processed` in
   * [from, to) — voided later or not — per issuer and type, in issuer then type order.
   */
  async processedCounts(owner: Pick<DocumentOwner, 'accountId' | 'environment'>, from: Date, to: Date): Promise<{ emitter_id: string; type: string; processed: number }[]> {
    return sql<{ emitter_id: string; type: string; processed: number }>(
      this.em(),
      `select emitter_id, type, count(*)::int as processed from documents
        where account_id = ? and environment = ? and processed_at >= ? and processed_at < ?
        group by emitter_id, type order by emitter_id, type`,
      [owner.accountId, owner.environment, from, to],
    );
  }

  /** The signed JSON text of a document, exactly as stored. */
  async signedJson(em: EntityManager, id: string): Promise<string | null> {
    const [row] = await sqlRows<Pick<DocumentRow, 'dte_json'>>(em, 'select dte_json from documents where id = ?', [id]);
    return row?.dte_json ?? null;
  }

  /** The owner's document of one issuer with this generation code (a related document of a note). */
  async findByGenerationCode(em: EntityManager, owner: DocumentOwner, emitterId: string, generationCode: string): Promise<Pick<DocumentRow, 'id' | 'type' | 'generation_code' | 'issue_date'> | null> {
    const [row] = await sqlRows<Pick<DocumentRow, 'id' | 'type' | 'generation_code' | 'issue_date'>>(
      em,
      'select id, type, generation_code, issue_date from documents where account_id = ? and environment = ? and emitter_id = ? and generation_code = ?',
      [owner.accountId, owner.environment, emitterId, generationCode],
    );
    return row ?? null;
  }

  /** An NC or ND of the owner, not voided or rejected, relating this generation code (blocks voiding the CCF). */
  async activeNoteRelating(em: EntityManager, owner: DocumentOwner, generationCode: string): Promise<string | null> {
    const [row] = await sqlRows<{ id: string }>(
      em,
      `select id from documents where account_id = ? and environment = ? and type in ('05', '06') and status not in (${WITHOUT_EFFECT_SQL})
         and related_documents @> ?::jsonb limit 1`,
      [owner.accountId, owner.environment, JSON.stringify([{ generationCode }])],
    );
    return row?.id ?? null;
  }

  /** How many documents of each status, type and environment (the operator's gauge; a grouped scan of the table). */
  async countsByStatusAndType(): Promise<{ status: string; type: string; environment: string; n: number }[]> {
    return sql(statementEm(this.orm), 'select status, type, environment, count(*)::int as n from documents group by 1, 2, 3');
  }

  /** Normally signed documents waiting for a transmitter whose lease is free and that have not moved since `quietSince`. */
  async awaitingTransmission(now: Date, quietSince: Date, limit: number): Promise<string[]> {
    const rows = await sqlRows<{ id: string }>(
      this.em(),
      `select id from documents
        where status in (${statusListSql(AWAITING_TRANSMISSION_STATUSES)}) and model_type = 1 and contingency_episode_id is null
          and (transmit_lease_until is null or transmit_lease_until < ?) and updated_at < ?
        order by updated_at limit ?`,
      [now, quietSince, limit],
    );
    return rows.map((r) => r.id);
  }

  /** Status and model of a document (why a transmitter could not claim it). */
  async transmissionState(id: string): Promise<Pick<DocumentRow, 'status' | 'model_type'> | null> {
    const [row] = await preparedRows<Pick<DocumentRow, 'status' | 'model_type'>>(this.em(), 'select status, model_type from documents where id = ?', [id]);
    return row ?? null;
  }

  /** The identity of a document (issuer, account, environment). */
  async owner(em: EntityManager, id: string): Promise<Pick<DocumentRow, 'account_id' | 'emitter_id' | 'environment'> | null> {
    const [row] = await sqlRows<Pick<DocumentRow, 'account_id' | 'emitter_id' | 'environment'>>(em, 'select account_id, emitter_id, environment from documents where id = ?', [id]);
    return row ?? null;
  }

  /** Documents held in a contingency episode, in issuance order. */
  async heldInEpisode(em: EntityManager, episodeId: string): Promise<Pick<DocumentRow, 'id' | 'type' | 'generation_code' | 'model_type' | 'jws' | 'establishment_code' | 'point_of_sale_code'>[]> {
    return sqlRows(
      em,
      `select id, type, generation_code, model_type, jws, establishment_code, point_of_sale_code from documents
        where contingency_episode_id = ? and status = 'contingency' order by id`,
      [episodeId],
    );
  }

  /** Status and codes of the given documents (a lote's results). */
  async statusesOf(em: EntityManager, ids: readonly string[]): Promise<Pick<DocumentRow, 'id' | 'type' | 'generation_code' | 'status'>[]> {
    return sql(em, 'select id, type, generation_code, status from documents where id = any(?::text[])', [ids]);
  }


  /**
   * One chunk (ids after `after`, in id order) of the documents one period's books read: issued in
   * the period (`issue_date` in [from, to)), or issued earlier and voided in it (`voided_at` in
   * [fromInstant, toInstant)), of the given types, with the generation code of a void's replacement.
   */
  async ledgerChunk(em: EntityManager, q: LedgerDocumentsQuery, after: string, limit: number): Promise<LedgerDocumentRow[]> {
    const columns = `d.id, d.type, d.environment, d.status, d.dte_json, d.reception_stamp, d.issue_date, d.processed_at, d.voided_at, d.void,
      d.fiscal_tags, r.generation_code as replacement_generation_code`;
    const where =
      q.kind === 'issued'
        ? 'd.issue_date >= ? and d.issue_date < ?'
        : 'd.voided_at is not null and d.voided_at >= ? and d.voided_at < ? and d.issue_date < ?';
    const bounds = q.kind === 'issued' ? [q.from, q.to] : [q.fromInstant, q.toInstant, q.from];
    // Timestamps stay PostgreSQL's text here: report input hashes are computed over them.
    return sql<LedgerDocumentRow>(
      em,
      `select ${columns} from documents d left join documents r on r.id = d.void->>'replacementDocumentId'
        where d.emitter_id = ? and d.environment = ? and ${where} and d.type = any(?::text[]) and d.id > ?
        order by d.id limit ?`,
      [q.emitterId, q.environment, ...bounds, q.types, after, limit],
    );
  }

  /** Ledger rows of the emitter's documents of `types` with one of these generation codes (uppercase, hyphenated), any date. */
  async ledgerByGenerationCodes(em: EntityManager, q: { emitterId: string; environment: string; types: readonly string[] }, codes: readonly string[]): Promise<LedgerDocumentRow[]> {
    if (codes.length === 0) return [];
    return sql<LedgerDocumentRow>(
      em,
      `select d.id, d.type, d.environment, d.status, d.dte_json, d.reception_stamp, d.issue_date, d.processed_at, d.voided_at, d.void,
          d.fiscal_tags, r.generation_code as replacement_generation_code
        from documents d left join documents r on r.id = d.void->>'replacementDocumentId'
        where d.emitter_id = ? and d.environment = ? and d.type = any(?::text[]) and d.generation_code = any(?::text[])
        order by d.id`,
      [q.emitterId, q.environment, q.types, codes],
    );
  }

  /** How many documents of the emitter were issued in [from, to] (El Salvador dates): a period archive's total. */
  async countOfPeriod(em: EntityManager, q: PeriodDocumentsQuery): Promise<number> {
    const [row] = await sql<{ n: number | string }>(
      em,
      'select count(*) as n from documents d where d.account_id = ? and d.environment = ? and d.emitter_id = ? and d.issue_date >= ? and d.issue_date <= ?',
      [q.accountId, q.environment, q.emitterId, q.from, q.to],
    );
    return Number(row?.n ?? 0);
  }

  /**
   * One page (ids after `after`, in id order) of the documents of the emitter issued in [from, to],
   * with their signed JSON and JWS and the issuer: what a period archive writes (ADR 0072).
   */
  async signedOfPeriod(em: EntityManager, q: PeriodDocumentsQuery, after: string, limit: number): Promise<SignedDocumentRow[]> {
    return periodPage<SignedDocumentRow>(em, `${this.storedSelect}, d.dte_json, d.jws, ${ISSUER_JSON} as emitter`, 'join emitters e on e.id = d.emitter_id', q, after, limit);
  }

  /**
   * One page (ids after `after`, in id order) of the same documents with only what `indice.csv`
   * shows: the index's pass reads no signed JSON, JWS or issuer, so it allocates a few hundred bytes
   * a document instead of the tens of kilobytes a signed page costs.
   */
  async indexOfPeriod(em: EntityManager, q: PeriodDocumentsQuery, after: string, limit: number): Promise<PeriodIndexRow[]> {
    return periodPage<PeriodIndexRow>(em, columnList(PERIOD_INDEX_COLUMNS, 'd'), '', q, after, limit);
  }
}

/** A keyset page (ids after `after`, in id order) of an emitter's documents issued in [from, to]: `select` of documents `d` and what it `join`s. */
function periodPage<R>(em: EntityManager, select: string, join: string, q: PeriodDocumentsQuery, after: string, limit: number): Promise<R[]> {
  return sqlRows<R>(
    em,
    `select ${select} from documents d ${join}
      where d.account_id = ? and d.environment = ? and d.emitter_id = ? and d.issue_date >= ? and d.issue_date <= ? and d.id > ?
      order by d.id limit ?`,
    [q.accountId, q.environment, q.emitterId, q.from, q.to, after, limit],
  );
}

/** The columns of a document's row of `indice.csv`. */
const PERIOD_INDEX_COLUMNS = [
  'id', 'type', 'control_number', 'generation_code', 'reception_stamp', 'issue_date', 'receiver_name', 'receiver_document_number', 'subtotal', 'iva', 'total', 'status',
] as const satisfies readonly DocumentColumn[];

/** A document as the period archive's index reads it. */
export type PeriodIndexRow = Pick<DocumentRow, (typeof PERIOD_INDEX_COLUMNS)[number]>;

/** The documents of one emitter's month (a period archive). */
export interface PeriodDocumentsQuery {
  accountId: string;
  environment: string;
  emitterId: string;
  /** First and last El Salvador dates, `AAAA-MM-DD`, both included. */
  from: string;
  to: string;
}

/** The original of a return as `lockForReturn` reads it. */
export type ReturnOriginalRow = Pick<
  DocumentRow,
  'id' | 'emitter_id' | 'type' | 'status' | 'generation_code' | 'issue_date' | 'processed_at' | 'establishment_code' | 'point_of_sale_code' | 'dte_json'
> & {
  /** `withholding.renta` of the issuance request (the income-tax rate withheld), as text. */
  renta: string | null;
  emitter_nit: string;
  emitter_name: string;
};

export interface LedgerDocumentsQuery {
  kind: 'issued' | 'voided_late';
  emitterId: string;
  environment: string;
  /** First day of the period and of the next one (`yyyy-MM-dd`). */
  from: string;
  to: string;
  /** Those days' first instants in El Salvador time. */
  fromInstant: Date;
  toInstant: Date;
  types: readonly string[];
}

export type LedgerDocumentRow = Pick<DocumentRow, 'id' | 'type' | 'environment' | 'status' | 'dte_json' | 'reception_stamp' | 'issue_date' | 'void' | 'fiscal_tags'> & {
  /** As PostgreSQL writes it (`2026-03-10 14:00:00+00`). */
  processed_at: string | null;
  voided_at: string | null;
  replacement_generation_code: string | null;
};

/**
 * The documented view of documents for analysts' aggregates: use as `from ${DOCUMENT_ANALYTICS_VIEW} d`.
 * Columns: id, account_id, environment, emitter_id, type, status, issue_date, establishment_code,
 * receiver_name, receiver_document_number, subtotal, iva, total (numeric), fiscal_tags (jsonb).
 * PostgreSQL flattens it into the outer query, so the table's indexes serve its filters.
 */
export const DOCUMENT_ANALYTICS_VIEW = `(select id, account_id, environment, emitter_id, type, status, issue_date, establishment_code,
  receiver_name, receiver_document_number, subtotal, iva, total, fiscal_tags from documents)`;

/**
 * Whether the issuer has issued a document of `type` (two digits) with the generation code that the
 * SQL expression `codeSql` holds, in any case and with or without hyphens (documents keep it as the
 * uppercase 36-character UUID, so the unique index answers): for queries over other tables that name
 * an issuer's documents by code. `emitterSql` and `environmentSql` are the outer query's columns.
 */
export function issuedWithGenerationCodeSql(type: string, codeSql: string, emitterSql: string, environmentSql: string): string {
  if (!/^\d{2}$/.test(type)) throw new Error(`BUG: tipo de DTE no admitido ${JSON.stringify(type)}`);
  const compact = `upper(replace(${codeSql}, '-', ''))`;
  const uuid = `case when length(${compact}) = 32 then substr(${compact}, 1, 8) || '-' || substr(${compact}, 9, 4) || '-' || substr(${compact}, 13, 4) || '-' || substr(${compact}, 17, 4) || '-' || substr(${compact}, 21) else ${compact} end`;
  return `exists (select 1 from documents x where x.generation_code = ${uuid} and x.emitter_id = ${emitterSql} and x.environment = ${environmentSql} and x.type = '${type}')`;
}

/** How many documents a database holds, as `n` (0 before its migrations created the table): a backup's manifest. */
export const DOCUMENT_TOTAL_SQL = `select case when to_regclass('documents') is null then 0 else (select count(*)::int from documents) end as n`;

/** The months (`period`, `yyyy-MM`) in which an issuer has documents of an environment (parameters: emitter id, environment), to compose with other period sources. */
export const DOCUMENT_ISSUE_PERIODS_SQL = 'select distinct substr(issue_date, 1, 7) as period from documents where emitter_id = ? and environment = ?';

/**
 * How many documents a contingency episode aliased `alias` holds (`held_only`: still in contingency),
 * for queries over episodes.
 */
export function episodeDocumentCountSql(alias: string, heldOnly: boolean): string {
  return `(select count(*)::int from documents x where x.contingency_episode_id = ${alias}.id${heldOnly ? " and x.status = 'contingency'" : ''})`;
}

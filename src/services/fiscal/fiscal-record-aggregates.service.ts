import { RECORD_ANNEX_ROUTES, RESOURCE_KEYS, recordCountsNegative, reportTypeInfo, SUPERSEDING_TYPES, type FiscalResource } from '../../domain/fiscal';
import { issuedWithGenerationCodeSql } from '../../persistence/documents/document-queries';
import { DomainError } from '../../domain/shared/domain-error';
import type { PageRequest } from '../../domain/shared/pagination';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { decodeAggregateCursor } from './document-aggregates.service';
import { recordFilterSql, type FiscalRecordFilter } from './fiscal-record-filter';
import { checkResource } from './fiscal-record-rows';

export type RecordGroupBy = 'day' | 'month' | 'doc_type' | 'counterpart' | 'annex';

/** One `amounts` key of the resource and its sum, a decimal string with 2 decimals. */
export interface AmountSum {
  key: string;
  total: string;
}

export interface RecordAggregateTotals {
  records: number;
  /** Every amount key of the resource, in the catalog's order ("0.00" when no record has it). */
  amounts: AmountSum[];
}

export interface RecordAggregate extends RecordAggregateTotals {
  key: string;
  label: string | null;
}

export interface RecordAggregatePage {
  groups: RecordAggregate[];
  hasMore: boolean;
  totals: RecordAggregateTotals;
}

const COUNTERPART_ID = "coalesce(r.body->'counterpart'->>'nit', r.body->'counterpart'->>'dui', r.body->'attributes'->>'other_id_number', r.body->'counterpart'->>'nrc', '')";

/** Literal of a routing value: codes and kinds are short lowercase/digit constants, inlined. */
function literal(value: string): string {
  if (!/^[a-z0-9_]{1,40}$/.test(value)) throw new Error(`BUG: valor de ruta no admitido ${JSON.stringify(value)}`);
  return `'${value}'`;
}

/** SQL of the annex a record goes to, from the same routing table as `recordAnnexOf`. */
function annexKeySql(resource: FiscalResource): string {
  const route = RECORD_ANNEX_ROUTES[resource];
  const field = route.field === 'docType' ? "r.body->>'docType'" : "r.body->'attributes'->>'kind'";
  const whens = route.routes.map(([annex, values]) => `when ${field} in (${[...values].map(literal).join(', ')}) then ${literal(annex)}`);
  return `case ${whens.join(' ')} else ${route.otherwise ? literal(route.otherwise) : "''"} end`;
}

/** Group key and label per grouping; keys sort as text (collate "C"), which is also the cursor order. */
function groupSql(groupBy: RecordGroupBy, resource: FiscalResource): { key: string; label: string } {
  switch (groupBy) {
    case 'day': return { key: 'r.accounting_date', label: 'null' };
    case 'month': return { key: 'r.period', label: 'null' };
    case 'doc_type': return { key: "coalesce(r.body->>'docType', '')", label: 'null' };
    case 'counterpart': return { key: COUNTERPART_ID, label: "max(r.body->'counterpart'->>'name')" };
    case 'annex': return { key: annexKeySql(resource), label: 'null' };
    default: throw DomainError.field('invalid_request', 'groupBy', 'Agrupación no admitida.');
  }
}

/**
 * SQL: the record (aliased `r`) is replaced in the books by a document this service issued — a DTE
 * record (`doc_class` 4, given or derived from its generation code) of the superseding type's code
 * (issued-supersedes.rules.ts, ADR 0036) — so it is not summed either; null when the resource has no
 * such rule.
 */
function supersededSql(resource: FiscalResource): string | null {
  const rule = SUPERSEDING_TYPES[resource];
  if (!rule) return null;
  const ofType = rule.recordDocType ? ` and r.body->>'docType' = ${literal(rule.recordDocType)}` : '';
  return `(r.body->>'generationCode' is not null and coalesce(r.body->>'docClass', '4') = '4'${ofType}
    and ${issuedWithGenerationCodeSql(rule.docType, "r.body->>'generationCode'", 'r.emitter_id', 'r.environment')})`;
}

const NO_ANNEX_LABEL = 'Sin anexo del F-07';

/**
 * Sums of an emitter's fiscal records of one resource (ambiente de la llave) grouped by accounting
 * day, month, document type, counterpart or F-07 annex, per `amounts` key, in SQL over numeric
 * (each amount rounded half up to cents as the books read it, never floats). Like the books: deleted
 * records, records with `excludeFromBooks` and records replaced by a CR or FSE this service issued do not count, and a credit note (05) among purchases or
 * external sales subtracts, so the totals equal the VAT books' columns. Cursor pagination on the
 * groups; `totals` cover the whole filter.
 */
export class FiscalRecordAggregatesService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, resource: string, groupBy: RecordGroupBy, filter: FiscalRecordFilter, page: PageRequest): Promise<RecordAggregatePage> {
    const res = checkResource(resource);
    const group = groupSql(groupBy, res);
    const { clauses, params: filterParams } = recordFilterSql(filter);
    const after = page.startingAfter !== null ? decodeAggregateCursor(page.startingAfter) : null;
    const em = this.deps.orm.em.fork();
    await loadOwnEmitter(em, actor, emitterId, 'emitterId');

    const superseded = supersededSql(res);
    const where = ['r.emitter_id = ?', 'r.environment = ?', 'r.resource = ?', "coalesce(r.body->>'excludeFromBooks', 'false') <> 'true'", ...(superseded ? [`not ${superseded}`] : []), ...clauses].join(' and ');
    const params = [emitterId, actor.environment, res, ...filterParams];
    const sign = recordCountsNegative(res, '05') ? "case when r.body->>'docType' = '05' then -1 else 1 end" : '1';
    const filtered = `select ${group.key} as key, ${sign} as sign, r.body from fiscal_records r where ${where}`;
    const amountSum = "sum(f.sign * round(a.value::numeric, 2))::numeric(20, 2)::text";

    const rows = await sql<{ key: string; label: string | null; records: number }>(
      em,
      `select * from (
         select ${group.key} as key, ${group.label} as label, count(*)::int as records from fiscal_records r where ${where} group by 1
       ) g ${after !== null ? 'where g.key collate "C" > ?' : ''} order by g.key collate "C" limit ?`,
      [...params, ...(after !== null ? [after] : []), page.limit + 1],
    );
    const pageRows = rows.slice(0, page.limit);
    const keys = pageRows.map((r) => r.key);
    const [groupSums, totalSums, [count]] = await Promise.all([
      keys.length
        ? sql<{ key: string; amount: string; total: string }>(
          em,
          `select f.key, a.key as amount, ${amountSum} as total from (${filtered}) f, jsonb_each_text(f.body->'amounts') a where f.key = any(?) group by 1, 2`,
          [...params, keys],
        )
        : Promise.resolve([]),
      sql<{ amount: string; total: string }>(em, `select a.key as amount, ${amountSum} as total from (${filtered}) f, jsonb_each_text(f.body->'amounts') a group by 1`, params),
      sql<{ records: number }>(em, `select count(*)::int as records from fiscal_records r where ${where}`, params),
    ]);

    const amountKeys = RESOURCE_KEYS[res].amounts.map((k) => k.key);
    const amountList = (sums: Map<string, string>): AmountSum[] => amountKeys.map((key) => ({ key, total: sums.get(key) ?? '0.00' }));
    const perGroup = new Map<string, Map<string, string>>();
    for (const s of groupSums) {
      let m = perGroup.get(s.key);
      if (!m) perGroup.set(s.key, (m = new Map()));
      m.set(s.amount, s.total);
    }
    const groups = pageRows.map((r) => ({
      key: r.key,
      label: groupBy === 'annex' ? (r.key ? reportTypeInfo(r.key as Parameters<typeof reportTypeInfo>[0]).name : NO_ANNEX_LABEL) : (r.label ?? null),
      records: Number(r.records),
      amounts: amountList(perGroup.get(r.key) ?? new Map()),
    }));
    return {
      groups,
      hasMore: rows.length > page.limit,
      totals: { records: Number(count.records), amounts: amountList(new Map(totalSums.map((s) => [s.amount, s.total]))) },
    };
  }
}

import type { EntityManager } from '@mikro-orm/core';
import {
compareVersions,parseFiscalRecord,periodOf,recordContentHash,
type FiscalRecord,type FiscalResource
} from '../../domain/fiscal';
import { DomainError,type FieldError } from '../../domain/shared/domain-error';
import { isErrorCode } from '../../domain/shared/error-codes';
import { IdPrefix,newId } from '../../domain/shared/ids';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { isLocked,periodStatuses } from './fiscal-periods';

import { checkResource,COLUMNS,itemError,MAX_BATCH_ITEMS,periodClosedError,toStored,type BatchItemResult,type Row } from './fiscal-record-rows';

interface Prepared {
  index: number;
  externalId: string;
  record: FiscalRecord;
  period: string;
  hash: string;
}

/**
 * Fiscal records of an emitter in the key's environment: a batch upsert in one transaction (bulk
 * reads and multi-row writes). Idempotent
 * by external_id + version (`compareVersions`); records of a closing or closed period cannot be
 * written (per-item `period_closed`).
 */
export class PutFiscalRecordsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, resource: string, items: unknown): Promise<BatchItemResult[]> {
    const res = checkResource(resource);
    if (!Array.isArray(items)) throw DomainError.field('invalid_type', 'items', '"items" debe ser una lista de registros.');
    if (items.length > MAX_BATCH_ITEMS) {
      throw DomainError.field('out_of_range', 'items', `Un lote admite como máximo ${MAX_BATCH_ITEMS} registros; recibió ${items.length}.`);
    }
    const em = this.deps.orm.em.fork();
    await loadOwnEmitter(em, actor, emitterId);
    const results: BatchItemResult[] = items.map(() => ({ externalId: null, status: 'error' }));
    const prepared: Prepared[] = [];
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const ext = item && typeof item === 'object' && typeof (item as { externalId?: unknown }).externalId === 'string'
        ? String((item as { externalId: string }).externalId).trim() : null;
      results[index].externalId = ext;
      const parsed = parseFiscalRecord(res, item);
      if (!parsed.ok) {
        const n = parsed.errors.length;
        const errors: FieldError[] = parsed.errors.map((e) => ({ path: e.path, code: isErrorCode(e.code) ? e.code : 'invalid_value', message: e.message }));
        results[index].error = itemError('validation_failed', n === 1 ? errors[0].message : `El registro tiene ${n} errores de validación.`, errors);
        return;
      }
      const record = parsed.value;
      results[index].externalId = record.externalId;
      if (seen.has(record.externalId)) {
        results[index].error = itemError('duplicate_value', `El external_id "${record.externalId}" aparece más de una vez en el lote.`, [
          { path: 'externalId', code: 'duplicate_value', message: `El external_id "${record.externalId}" aparece más de una vez en el lote.` },
        ]);
        return;
      }
      seen.add(record.externalId);
      prepared.push({ index, externalId: record.externalId, record, period: periodOf(record.accountingDate), hash: recordContentHash(record) });
    });
    if (prepared.length) {
      await em.transactional((tx) => this.write(tx, actor, emitterId, res, prepared, results));
    }
    return results;
  }

  private async write(tx: EntityManager, actor: Actor, emitterId: string, resource: FiscalResource, items: Prepared[], results: BatchItemResult[]): Promise<void> {
    const env = actor.environment;
    const existing = new Map<string, Row>();
    const rows = await sql<Row>(
      tx,
      `select ${COLUMNS} from fiscal_records
        where emitter_id = ? and environment = ? and resource = ? and external_id = any(?::text[])
        for update`,
      [emitterId, env, resource, items.map((p) => p.externalId)],
    );
    for (const r of rows) existing.set(r.external_id, r);
    const periods = new Set<string>();
    for (const p of items) {
      periods.add(p.period);
      const old = existing.get(p.externalId);
      if (old) periods.add(old.period);
    }
    const locks = await periodStatuses(tx, emitterId, env, [...periods]);
    const now = this.deps.clock.now();
    const inserts: Record<string, unknown>[] = [];
    const updates: Record<string, unknown>[] = [];
    const insertedAt = new Map<string, Prepared>();
    for (const p of items) {
      const old = existing.get(p.externalId);
      const live = old && !old.deleted_at ? old : null;
      const closed = isLocked(locks.get(p.period)) ? p.period : old && isLocked(locks.get(old.period)) ? old.period : null;
      const outcome = live && live.content_hash === p.hash && live.version === p.record.version ? 'unchanged' : compareVersions(live?.body ?? null, p.record);
      if (outcome === 'unchanged') {
        results[p.index] = { externalId: p.externalId, status: 'unchanged', record: toStored(live!) };
        continue;
      }
      if (closed) {
        results[p.index] = { externalId: p.externalId, status: 'error', error: periodClosedError(closed) };
        continue;
      }
      if (outcome === 'conflict') {
        const msg = live!.version > p.record.version
          ? `El registro "${p.externalId}" ya está guardado en la versión ${live!.version}; envíe una versión mayor para modificarlo.`
          : `El registro "${p.externalId}" ya está guardado en la versión ${live!.version} con otro contenido; envíe una versión mayor para modificarlo.`;
        results[p.index] = { externalId: p.externalId, status: 'error', error: itemError('record_version_conflict', msg, [{ path: 'version', code: 'record_version_conflict', message: msg }]) };
        continue;
      }
      const row = {
        id: old?.id ?? newId(IdPrefix.fiscalRecord, now.getTime()),
        version: p.record.version,
        period: p.period,
        accounting_date: p.record.accountingDate,
        content_hash: p.hash,
        body: p.record,
      };
      if (old) {
        updates.push(row);
        const created = old.deleted_at !== null;
        results[p.index] = {
          externalId: p.externalId, status: created ? 'created' : 'updated',
          record: toStored({ ...old, ...row, deleted_at: null, updated_at: now, created_at: created ? now : old.created_at }),
        };
        if (created) updates[updates.length - 1].revive = true;
      } else {
        inserts.push({ ...row, external_id: p.externalId });
        insertedAt.set(p.externalId, p);
        results[p.index] = {
          externalId: p.externalId, status: 'created',
          record: toStored({ ...row, emitter_id: emitterId, environment: env, resource, external_id: p.externalId, deleted_at: null, created_at: now, updated_at: now }),
        };
      }
    }
    if (inserts.length) {
      const done = await sql<{ external_id: string }>(
        tx,
        `insert into fiscal_records (id, account_id, environment, emitter_id, resource, external_id, version, period, accounting_date, content_hash, body, deleted_at, created_at, updated_at)
         select x.id, ?, ?, ?, ?, x.external_id, x.version, x.period, x.accounting_date, x.content_hash, x.body, null, ?, ?
           from jsonb_to_recordset(?::jsonb) as x(id text, external_id text, version int, period text, accounting_date text, content_hash text, body jsonb)
         on conflict (emitter_id, environment, resource, external_id) do nothing
         returning external_id`,
        [actor.accountId, env, emitterId, resource, now, now, JSON.stringify(inserts)],
      );
      if (done.length !== inserts.length) {
        // Written at the same moment by another request: the caller retries those items.
        const ok = new Set(done.map((d) => d.external_id));
        for (const [ext, p] of insertedAt) {
          if (!ok.has(ext)) {
            results[p.index] = { externalId: ext, status: 'error', error: itemError('record_version_conflict', `El registro "${ext}" se escribió al mismo tiempo en otra solicitud; reintente.`) };
          }
        }
      }
    }
    if (updates.length) {
      await sql(
        tx,
        `update fiscal_records f
            set version = x.version, period = x.period, accounting_date = x.accounting_date, content_hash = x.content_hash, body = x.body,
                deleted_at = null, updated_at = ?, created_at = case when x.revive then ? else f.created_at end
           from jsonb_to_recordset(?::jsonb) as x(id text, version int, period text, accounting_date text, content_hash text, body jsonb, revive boolean)
          where f.id = x.id`,
        [now, now, JSON.stringify(updates.map((u) => ({ revive: false, ...u })))],
      );
    }
  }
}

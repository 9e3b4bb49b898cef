import type { EntityManager } from '@mikro-orm/core';
import type { z } from 'zod';
import type { AuditAction } from '../../domain/identity/audit-actions';
import { DomainError, type FieldError } from '../../domain/shared/domain-error';
import { isErrorCode, type ErrorCode } from '../../domain/shared/error-codes';
import { parseWith } from '../../domain/shared/zod-errors';
import type { EmitterEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import { loadOwnEmitter } from '../emitters/emitter-access';
import { holdIdempotencyRecord } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { isUniqueViolation } from '../shared/unique-violation';

/** Most entries one import (a batch, a CSV file) carries (ADR 0065). */
export const MAX_DIRECTORY_BATCH = 500;

export interface ImportItemError {
  code: ErrorCode;
  message: string;
  errors: FieldError[];
}

/** One item's outcome, in the batch's order: what was done (or, in a preview, what would be done). */
export interface ImportItemResult<E> {
  index: number;
  status: 'created' | 'updated' | 'refused';
  /** The entry as saved; null in a preview and on a refusal. */
  entry: E | null;
  error: ImportItemError | null;
}

export interface ImportOutcome<E> {
  dryRun: boolean;
  created: number;
  updated: number;
  refused: number;
  results: ImportItemResult<E>[];
}

/** What differs between importing customers and importing products. */
export interface ImportKind<I, C, E extends { id: string }> {
  schema: z.ZodType<I>;
  columns(input: I): C;
  /** The natural key an import upserts by (document number, code); null: always a new entry. */
  key(cols: C): string | null;
  keyPath: string;
  keyLabel: string;
  /** The emitter's entries with these keys, locked for the transaction. */
  findByKeys(tx: EntityManager, emitter: EmitterEntity, keys: string[], lock: boolean): Promise<E[]>;
  keyOf(e: E): string | null;
  create(tx: EntityManager, actor: Actor, emitter: EmitterEntity, cols: C, now: Date): E;
  update(e: E, cols: C, now: Date): void;
  auditAction: AuditAction;
  /** The refusal when another request saved the same key meanwhile (the whole batch is refused). */
  taken(key: string): DomainError;
}

function itemError(code: ErrorCode, message: string, errors: FieldError[]): ImportItemError {
  return { code, message, errors: errors.length ? errors : [{ path: null, code, message }] };
}

interface Prepared<C> {
  index: number;
  cols: C;
  key: string | null;
}

/**
 * Imports up to MAX_DIRECTORY_BATCH entries into an emitter's directory (ADR 0065): each item is
 * validated by the single create's schema; an item whose natural key (document number, code) the
 * emitter already has updates that entry, any other is created; an invalid item, or a key repeated
 * in the batch, is refused on its own and the others are saved — all in one transaction with one
 * audit line. `dryRun`: the same judgement, nothing written.
 */
export async function importDirectoryEntries<I, C, E extends { id: string }>(
  deps: ServiceDeps, kind: ImportKind<I, C, E>, actor: Actor, emitterId: string, items: unknown, dryRun: boolean,
): Promise<ImportOutcome<E>> {
  if (!Array.isArray(items)) throw DomainError.field('invalid_type', 'items', '"items" debe ser una lista.');
  if (items.length > MAX_DIRECTORY_BATCH) {
    throw DomainError.field('out_of_range', 'items', `Un lote admite como máximo ${MAX_DIRECTORY_BATCH} elementos; recibió ${items.length}. No se guardó nada.`);
  }
  const em = deps.orm.em.fork();
  const emitter = await loadOwnEmitter(em, actor, emitterId, 'emitterId');
  const results: ImportItemResult<E>[] = items.map((_, index) => ({ index, status: 'refused', entry: null, error: null }));
  const prepared: Prepared<C>[] = [];
  const firstOf = new Map<string, number>();
  items.forEach((item, index) => {
    const parsed = parseWith(kind.schema, item);
    if (!parsed.ok) {
      const errors = parsed.errors.map((e) => ({ path: e.path, code: isErrorCode(e.code) ? e.code : 'invalid_value', message: e.message }) as FieldError);
      results[index].error = itemError('validation_failed', errors.length === 1 ? errors[0].message : `El elemento tiene ${errors.length} errores de validación.`, errors);
      return;
    }
    const cols = kind.columns(parsed.value);
    const key = kind.key(cols);
    if (key !== null) {
      const first = firstOf.get(key);
      if (first !== undefined) {
        const message = `${kind.keyLabel} ${key} ya aparece en el elemento ${first + 1} del lote.`;
        results[index].error = itemError('duplicate_value', message, [{ path: kind.keyPath, code: 'duplicate_value', message }]);
        return;
      }
      firstOf.set(key, index);
    }
    prepared.push({ index, cols, key });
  });
  const keys = prepared.flatMap((p) => (p.key === null ? [] : [p.key]));
  const run = async (tx: EntityManager) => {
    const existing = new Map<string, E>();
    if (keys.length) for (const e of await kind.findByKeys(tx, emitter, keys, !dryRun)) existing.set(kind.keyOf(e)!, e);
    const now = deps.clock.now();
    for (const p of prepared) {
      const old = p.key !== null ? existing.get(p.key) : undefined;
      if (dryRun) {
        results[p.index].status = old ? 'updated' : 'created';
        continue;
      }
      if (old) kind.update(old, p.cols, now);
      results[p.index].status = old ? 'updated' : 'created';
      results[p.index].entry = old ?? kind.create(tx, actor, emitter, p.cols, now);
    }
  };
  if (dryRun) {
    await run(em);
  } else if (prepared.length) {
    try {
      await em.transactional(async (tx) => {
        await holdIdempotencyRecord(tx, actor);
        await run(tx);
        await tx.flush();
        const created = results.filter((r) => r.status === 'created').length;
        const updated = results.filter((r) => r.status === 'updated').length;
        await recordAudit(tx, deps.clock.now(), { actor }, {
          accountId: actor.accountId, action: kind.auditAction, target: { type: 'emitter', id: emitter.id },
          details: { created, updated, refused: items.length - created - updated },
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw kind.taken(keys[0] ?? '');
      throw err;
    }
    // Entries it updated: issuance by reference in this process reads them anew.
    deps.emitterCaches?.forget(emitter.id);
  }
  const count = (s: ImportItemResult<E>['status']) => results.filter((r) => r.status === s).length;
  return { dryRun, created: count('created'), updated: count('updated'), refused: count('refused'), results };
}

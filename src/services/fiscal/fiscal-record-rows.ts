/**
 * What the fiscal records' use cases share: the stored shape, the row it is read from, the per-item
 * results of a batch and its refusals.
 */
import { isFiscalResource,type FiscalRecord,type FiscalResource } from '../../domain/fiscal';
import { DomainError,type FieldError } from '../../domain/shared/domain-error';
import { type ErrorCode } from '../../domain/shared/error-codes';

export const MAX_BATCH_ITEMS = 500;

/** A stored record as the API shows it (`body` is the normalised record, camelCase). */
export interface StoredFiscalRecord {
  id: string;
  emitterId: string;
  environment: string;
  resource: FiscalResource;
  externalId: string;
  version: number;
  period: string;
  body: FiscalRecord;
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ItemError {
  code: ErrorCode;
  message: string;
  errors: FieldError[];
}

export interface BatchItemResult {
  externalId: string | null;
  status: 'created' | 'updated' | 'unchanged' | 'error';
  record?: StoredFiscalRecord;
  error?: ItemError;
}

export interface Row {
  id: string;
  emitter_id: string;
  environment: string;
  resource: string;
  external_id: string;
  version: number;
  period: string;
  body: FiscalRecord;
  content_hash: string;
  deleted_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export const COLUMNS = 'id, emitter_id, environment, resource, external_id, version, period, body, content_hash, deleted_at, created_at, updated_at';

export function toStored(r: Row): StoredFiscalRecord {
  const d = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));
  return {
    id: r.id, emitterId: r.emitter_id, environment: r.environment, resource: r.resource as FiscalResource, externalId: r.external_id,
    version: Number(r.version), period: r.period, body: r.body, deletedAt: d(r.deleted_at), createdAt: d(r.created_at)!, updatedAt: d(r.updated_at)!,
  };
}

export function itemError(code: ErrorCode, message: string, errors: FieldError[] = []): ItemError {
  return { code, message, errors: errors.length ? errors : [{ path: null, code, message }] };
}

export function periodClosedError(period: string): ItemError {
  return itemError('period_closed', `El periodo ${period} está cerrado (o en cierre): no admite cambios de registros. Reábralo para modificarlo.`);
}

export function checkResource(resource: string): FiscalResource {
  if (!isFiscalResource(resource)) {
    throw DomainError.field('invalid_value', 'resource', `Recurso fiscal desconocido "${resource}": use purchases, withholdings-received, external-sales o withholdings-made.`);
  }
  return resource;
}


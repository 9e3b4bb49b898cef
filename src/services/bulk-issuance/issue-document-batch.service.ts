import { createHash } from 'node:crypto';
import { DomainError, type FieldError } from '../../domain/shared/domain-error';
import { ERROR_CODES, type ErrorCode } from '../../domain/shared/error-codes';
import type { DocumentView } from '../../domain/documents';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import type { RunIdempotentRequestService } from '../idempotency/run-idempotent-request.service';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from '../idempotency/idempotency-scope';
import type { IssueDocumentService } from '../documents/issue-document.service';

/** Most documents one batch carries. */
export const MAX_BATCH_DOCUMENTS = 100;

/** A document's refusal inside a batch: the same code, message and field errors a single issuance answers. */
export interface BatchDocumentError {
  code: ErrorCode;
  message: string;
  errors: FieldError[];
  mh?: unknown;
}

/** The outcome of one document, at its index in the batch. */
export interface BatchDocumentResult {
  index: number;
  externalId: string | null;
  /** What `POST /v1/documents?mode=async` answers for it: 202 (issued, transmission follows), 200 dry run, or the refusal's status. */
  status: number;
  /** The Idempotency-Key the document was issued under (derived from the batch's). Null in a dry run. */
  idempotencyKey: string | null;
  document: DocumentView | null;
  error: BatchDocumentError | null;
}

export interface BatchOutcome {
  results: BatchDocumentResult[];
  dryRun: boolean;
}

/** What a document's own Idempotency-Key record stores (no transport shape: the door renders it). */
type StoredItem = { documentId: string } | { error: BatchDocumentError };

const ITEM_FINGERPRINT = 'document-batch-item/v1';

/**
 * The Idempotency-Key a batch's document is issued under: the batch's key and the document's
 * `external_id` (or, without one, its index), as `<batch key>:<external_id>` or `<batch key>:#<index>`;
 * over 255 characters, `batch:` and the SHA-256 of both. A retry of the batch with its key — after
 * a crash, a timeout, or simply again — issues each document under the same key, so none twice.
 */
export function batchItemKey(batchKey: string, externalId: string | null, index: number): string {
  const key = externalId !== null ? `${batchKey}:${externalId}` : `${batchKey}:#${index}`;
  if (key.length <= MAX_IDEMPOTENCY_KEY_LENGTH) return key;
  return `batch:${createHash('sha256').update(batchKey).update('\u0000').update(externalId !== null ? `e:${externalId}` : `i:${index}`).digest('hex')}`;
}

function externalIdOf(body: unknown): string | null {
  const v = (body as { externalId?: unknown } | null)?.externalId;
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

function errorOf(err: DomainError): BatchDocumentError {
  const mh = err.extra?.mh;
  return mh === undefined ? { code: err.code, message: err.message, errors: err.errors } : { code: err.code, message: err.message, errors: err.errors, mh };
}

/** 202 for an issued document (async: the transmission goes on), 201/200 when it already ended, 200 dry run. */
function issuedStatus(view: DocumentView): number {
  if (view.dryRun) return 200;
  if (view.status === 'processed') return 201;
  if (view.status === 'rejected') return 200;
  return 202;
}

/**
 * Issues up to 100 documents in one request (ADR 0074). Each document goes through the issuance
 * service exactly as `POST /v1/documents?mode=async` would — same numbering, signing and contingency
 * rules — under its own Idempotency-Key derived from the batch's (batchItemKey), with its own record:
 * the batch's answer lists every document's result in order (the document, or its refusal), and
 * running the batch again with its key issues nothing twice, even when its first run died half-way.
 * A dry run judges every document and stores nothing. The batch is refused as a whole (nothing
 * issued) only for its shape: no key, no documents, more than 100, or one `external_id` twice.
 */
export class IssueDocumentBatchService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly issue: IssueDocumentService,
    private readonly idempotent: RunIdempotentRequestService,
  ) {}

  async execute(actor: Actor, documents: readonly unknown[], opts: { dryRun?: boolean } = {}): Promise<BatchOutcome> {
    const dryRun = opts.dryRun === true;
    const batchKey = actor.idempotency?.key;
    if (!dryRun && !batchKey) {
      const message = 'Un lote de documentos requiere el encabezado Idempotency-Key: de él se deriva la llave de cada documento, y reintentar con la misma llave no emite nada dos veces.';
      throw new DomainError('idempotency_key_missing', message, [{ path: 'Idempotency-Key', code: 'idempotency_key_missing', message }]);
    }
    this.assertShape(documents);
    // Each document runs under its own record; the batch's record only stores the batch's answer.
    const base: Actor = { ...actor, idempotency: undefined };
    const results: BatchDocumentResult[] = [];
    for (const [index, body] of documents.entries()) {
      const externalId = externalIdOf(body);
      results.push(dryRun ? await this.dryRunOne(base, index, externalId, body) : await this.issueOne(base, batchKey!, index, externalId, body));
    }
    return { results, dryRun };
  }

  private assertShape(documents: readonly unknown[]): void {
    if (documents.length === 0) throw DomainError.field('invalid_value', 'documents', 'El lote debe traer al menos un documento.');
    if (documents.length > MAX_BATCH_DOCUMENTS) {
      throw DomainError.field('invalid_value', 'documents', `Un lote admite hasta ${MAX_BATCH_DOCUMENTS} documentos (se recibieron ${documents.length}); nada se emitió. Divida el envío en lotes con llaves distintas.`);
    }
    const seen = new Map<string, number>();
    const errors: FieldError[] = [];
    documents.forEach((d, i) => {
      const ext = externalIdOf(d);
      if (ext === null) return;
      const first = seen.get(ext);
      if (first !== undefined) errors.push({ path: `documents[${i}].externalId`, code: 'invalid_value', message: `El external_id «${ext}» ya está en el documento ${first} del lote: cada documento del lote lleva el suyo; nada se emitió.` });
      else seen.set(ext, i);
    });
    if (errors.length) throw DomainError.validation(errors);
  }

  private async dryRunOne(actor: Actor, index: number, externalId: string | null, body: unknown): Promise<BatchDocumentResult> {
    try {
      const view = await this.issue.execute(actor, body, { dryRun: true });
      return { index, externalId, status: 200, idempotencyKey: null, document: view, error: null };
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      return { index, externalId, status: ERROR_CODES[err.code].status, idempotencyKey: null, document: null, error: errorOf(err) };
    }
  }

  private async issueOne(actor: Actor, batchKey: string, index: number, externalId: string | null, body: unknown): Promise<BatchDocumentResult> {
    const key = batchItemKey(batchKey, externalId, index);
    let fresh: DocumentView | null = null;
    const outcome = await this.idempotent.execute(actor, { key, fingerprint: [ITEM_FINGERPRINT, body], recordInCommit: true }, async (keyed) => {
      let stored: StoredItem;
      let status: number;
      try {
        fresh = await this.issue.execute(keyed, body, { dryRun: false, mode: 'async' });
        stored = { documentId: fresh.id! };
        status = issuedStatus(fresh);
      } catch (err) {
        if (!(err instanceof DomainError) || err.code === 'idempotency_request_in_progress') throw err;
        stored = { error: errorOf(err) };
        status = ERROR_CODES[err.code].status;
      }
      return { status, body: JSON.stringify(stored), headers: {} };
    });
    const refused = (code: ErrorCode, message: string): BatchDocumentResult => ({ index, externalId, status: ERROR_CODES[code].status, idempotencyKey: key, document: null, error: { code, message, errors: [{ path: null, code, message }] } });
    if (outcome.kind === 'mismatch') return refused('idempotency_key_reused', `La llave ${key} de este documento ya se usó con otro contenido: el documento no se emitió.`);
    if (outcome.kind === 'in_progress') return refused('idempotency_request_in_progress', 'Este documento todavía se está emitiendo en otra solicitud con la misma llave; reintente el lote en unos segundos.');
    const stored = JSON.parse(outcome.response.body) as StoredItem;
    if ('error' in stored) return { index, externalId, status: outcome.response.status, idempotencyKey: key, document: null, error: stored.error };
    // A replay answers the document as it is now (its status moved on since).
    const view: DocumentView | null = (fresh as DocumentView | null) ?? (await this.deps.documents.view(actor, stored.documentId, this.deps.baseUrl()));
    if (!view) throw new Error(`BUG: documento ${stored.documentId} del lote no encontrado`);
    return { index, externalId, status: outcome.replayed ? issuedStatus(view) : outcome.response.status, idempotencyKey: key, document: view, error: null };
  }
}

import type { KeyObject } from 'node:crypto';
import { signCompact } from '../../integrations/signer/jws-signer';
import type { BornDocument } from '../../persistence/documents/document-store';
import type { DocumentRow } from '../../persistence/documents/document-row';
import type { ServiceDeps } from '../shared/service-deps';
import { allocateControlNumbers, counterKeyOf, type CounterRequest } from './allocate-control-number';
import { linkCompanion, markLinked, type IdempotencyHandle } from '../idempotency/idempotency-handle';
import { GroupedWrites } from '../../persistence/grouped-writes';

/** A validated document waiting for its control number and signature. */
export interface PreparedIssuance {
  counter: CounterRequest;
  /** The official JSON; `identificacion.numeroControl` is set here before signing. */
  json: Record<string, unknown>;
  key: KeyObject;
  pointOfSaleId: string;
  row: Omit<DocumentRow, 'control_number' | 'dte_json' | 'jws' | 'signed_at' | 'updated_at'> & { status: BornDocument['row']['status'] };
  /** The request's Idempotency-Key record: the document is linked to it in the same commit. */
  idempotency?: IdempotencyHandle;
}

export interface Signed {
  controlNumber: string;
  jws: string;
}

/** At most this many documents share one transaction (the counter's lock is held while they are signed). */
const MAX_BATCH = 32;

/**
 * Group commit of issuance. A control number is drawn from a counter row whose lock lasts until
 * commit, so issuers of one sequence queue on it; taking them one transaction at a time makes the
 * lock, not the CPU, the limit. Requests for the same counter that arrive while a transaction is
 * open wait together and the next transaction takes all of them: one allocation of N consecutive
 * numbers, N signatures, one insert statement, one commit. Numbers stay gapless and unique (a failed
 * transaction gives all of them back) and each request is answered only after its commit. Each
 * document is linked to its request's Idempotency-Key record in that commit, so a retry after a
 * crash finds it (a record taken over by another process fails the commit instead). If a
 * batch fails, its documents are retried one by one so an error belongs to the document that caused
 * it. Other processes still queue on the same row lock, so the guarantee holds across processes.
 */
export class IssuanceCommitter {
  private readonly groups = new GroupedWrites<PreparedIssuance, Signed>((_key, items) => this.write(items), MAX_BATCH, { retryAlone: true });

  constructor(private readonly deps: ServiceDeps) {}

  /** Resolves after the document's commit with its control number and compact JWS. */
  commit(item: PreparedIssuance): Promise<Signed> {
    return this.groups.submit(counterKeyOf(item.counter), item);
  }

  private async write(items: PreparedIssuance[]): Promise<Signed[]> {
    const documents = this.deps.documents;
    const signed = await documents.leanTransaction(async (tx) => {
      const numbers = await allocateControlNumbers(tx.em, items[0].counter, items.length);
      const born: BornDocument[] = [];
      for (let i = 0; i < items.length; i++) {
        const { json, key, row, pointOfSaleId } = items[i];
        (json.identificacion as Record<string, unknown>).numeroControl = numbers[i];
        const text = JSON.stringify(json);
        const jws = signCompact(text, key);
        const signedAt = this.deps.clock.now();
        born.push({ row: { ...row, control_number: numbers[i], dte_json: text, jws, signed_at: signedAt, updated_at: signedAt }, pointOfSaleId });
      }
      // The links to the requests' Idempotency-Key records ride in the insert (no round trip of their own).
      const links = linkCompanion(items.flatMap((i) => (i.idempotency ? [{ handle: i.idempotency, resource: { type: 'document', id: i.row.id } }] : [])));
      const { companionRows } = await documents.insertBorn(tx, born, links?.write);
      links?.check(companionRows);
      return born.map((b) => ({ controlNumber: b.row.control_number, jws: b.row.jws }));
    });
    // Committed: a record this commit wrote (issued with its record, ADR 0020) exists now.
    markLinked(items.map((i) => i.idempotency));
    return signed;
  }
}

const committers = new WeakMap<ServiceDeps, IssuanceCommitter>();

/** The process's committer for these dependencies (one per running app). */
export function issuanceCommitterFor(deps: ServiceDeps): IssuanceCommitter {
  let c = committers.get(deps);
  if (!c) committers.set(deps, (c = new IssuanceCommitter(deps)));
  return c;
}

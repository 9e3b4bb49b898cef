import type { EntityManager } from '@mikro-orm/core';
import { DomainError } from '../../domain/shared/domain-error';
import type { Actor } from '../shared/actor';
import { sql, type CompanionWrite } from '../shared/sql';

/** A resource a request created, as its idempotency record keeps it. */
export interface CreatedResource {
  type: string;
  id: string;
}

/**
 * The idempotency record a request runs under, carried on its Actor. A use case that creates
 * something links it with linkCreatedResource inside the creating transaction; when a request is
 * run again after its first run died, resumedResource hands each use case what it created then.
 */
export interface IdempotencyHandle {
  recordId: string;
  /** The Idempotency-Key itself (a batch derives each document's own key from it). */
  key?: string;
  /** The process lease that owns the record while this request runs. */
  ownerLeaseId: string;
  /** Resources the earlier run linked (empty on a first run), consumed in order. */
  resumed: CreatedResource[];
  cursor: number;
  /**
   * A record not written yet (ADR 0020, "the record in the creating commit"): the commit that links
   * the first resource inserts it, owned by this run, or is refused with IdempotencyRecordExists when
   * another request already holds the key. Null once the record exists.
   */
  pending: PendingRecord | null;
}

/** What a record written by the creating commit holds besides its first resource. */
export interface PendingRecord {
  accountId: string;
  environment: string;
  key: string;
  requestHash: string;
  at: Date;
  expiresAt: Date;
}

/**
 * The creating commit of a run whose record was not written yet found the key held by another
 * request: nothing was created (the commit is refused); the door resolves the key as usual (replay,
 * 409, or a takeover of a dead run) and may run the request again.
 */
export class IdempotencyRecordExists extends Error {
  constructor() {
    super('Otra solicitud ya tiene este Idempotency-Key.');
  }
}

export const IN_PROGRESS_MESSAGE = 'Una solicitud con este Idempotency-Key todavía se está procesando; reintente en unos segundos.';

/** The record was taken over by another process (this one was judged dead): this run must not create anything. */
export function takenOver(): DomainError {
  return new DomainError('idempotency_request_in_progress', IN_PROGRESS_MESSAGE);
}

/**
 * The id of the `type` resource an earlier run of this request created, or null (first run, or the
 * earlier run died before creating it). Use cases that create something call this first and, when
 * it answers, return that resource as it is now instead of creating another.
 */
export function resumedResource(actor: Actor | null | undefined, type: string): string | null {
  const h = actor?.idempotency;
  const next = h?.resumed[h.cursor];
  if (!h || !next || next.type !== type) return null;
  h.cursor++;
  return next.id;
}

/**
 * The answer of a resumed request whose resource was deleted since (an endpoint deleted, a user
 * removed): 404 as a GET of it answers, and nothing is created again. `what`: "El endpoint de webhook".
 */
export function resumedResourceGone(what: string): DomainError {
  return new DomainError('resource_not_found', `${what} que creó la primera ejecución de esta solicitud ya no existe (se eliminó después); para crear otro envíe un Idempotency-Key nuevo.`);
}

/**
 * Every `type` resource earlier runs of this request linked, in order (each dead run may have
 * linked one more): for use cases whose resumed answer replaces what they created (a new API key
 * instead of one whose plaintext was never delivered), which must deal with all of them.
 */
export function resumedResources(actor: Actor | null | undefined, type: string): string[] {
  const ids: string[] = [];
  for (let id = resumedResource(actor, type); id !== null; id = resumedResource(actor, type)) ids.push(id);
  return ids;
}

/** The records to link in one statement, for use cases that create several resources at once (group commit). */
export interface PendingLink {
  handle: IdempotencyHandle;
  resource: CreatedResource;
}

/**
 * Appends created resources to their idempotency records inside the creating transaction `tx`. The
 * record must still be owned by this run's process lease; if it was taken over the transaction is
 * refused (the resource is not created), so a request never creates its resource twice. A record not
 * written yet (`pending`) is inserted here with its first resource; if another request holds the key
 * the transaction is refused with IdempotencyRecordExists. Call markLinked once `tx` committed.
 */
export async function linkCreatedResources(tx: EntityManager, links: PendingLink[]): Promise<void> {
  const c = linkCompanion(links);
  if (!c) return;
  const [r] = await sql<{ n: number }>(tx, `with ${c.write.cte} select count(*)::int as n from companion`, c.write.params);
  c.check(r.n);
}

/** Links to records that exist: appended to them, only while this run owns them. */
const LINK_SQL = `update idempotency_records r
    set resources = r.resources || jsonb_build_array(jsonb_build_object('type', l.type, 'id', l.resource_id))
   from unnest(?::text[], ?::text[], ?::text[], ?::text[]) as l(record_id, owner, type, resource_id)
  where r.id = l.record_id and r.owner_lease_id = l.owner and r.state = 'in_progress'
  returning r.id`;

/** Records born with their first resource; a key another request holds inserts nothing. */
const INSERT_SQL = `insert into idempotency_records (id, account_id, environment, key, request_hash, state, owner_lease_id, resources, locked_at, created_at, expires_at)
  select l.record_id, l.account_id, l.environment, l.key, l.request_hash, 'in_progress', l.owner,
         jsonb_build_array(jsonb_build_object('type', l.type, 'id', l.resource_id)), l.at, l.at, l.expires_at
    from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::timestamptz[], ?::timestamptz[])
         as l(record_id, account_id, environment, key, request_hash, owner, type, resource_id, at, expires_at)
  on conflict (account_id, environment, key) do nothing
  returning id`;

const linkParams = (links: PendingLink[]) => [links.map((l) => l.handle.recordId), links.map((l) => l.handle.ownerLeaseId), links.map((l) => l.resource.type), links.map((l) => l.resource.id)];

function insertParams(links: PendingLink[]): unknown[] {
  const p = links.map((l) => l.handle.pending!);
  return [
    links.map((l) => l.handle.recordId), p.map((r) => r.accountId), p.map((r) => r.environment), p.map((r) => r.key), p.map((r) => r.requestHash),
    links.map((l) => l.handle.ownerLeaseId), links.map((l) => l.resource.type), links.map((l) => l.resource.id), p.map((r) => r.at), p.map((r) => r.expiresAt),
  ];
}

/**
 * linkCreatedResources as a companion of the statement that creates the resources (the group
 * commit's insert), saving its round trip: `write` goes into that statement (one CTE named
 * `companion` returning a row per record linked or born), and `check` gets the rows it returned and
 * refuses the transaction when a record was taken over, or a record to be born found its key held.
 * Null without links.
 */
export function linkCompanion(links: PendingLink[]): { write: CompanionWrite; check(linkedRows: number): void } | null {
  if (!links.length) return null;
  const existing = links.filter((l) => !l.handle.pending);
  const born = links.filter((l) => l.handle.pending);
  if (new Set(born.map((l) => l.handle.recordId)).size !== born.length) throw new Error('BUG: un registro de Idempotency-Key nace con un solo recurso');
  const ctes: string[] = [];
  const params: unknown[] = [];
  const parts: string[] = [];
  if (existing.length) {
    ctes.push(`companion_linked as (${LINK_SQL})`);
    params.push(...linkParams(existing));
    parts.push('select id from companion_linked');
  }
  if (born.length) {
    ctes.push(`companion_born as (${INSERT_SQL})`);
    params.push(...insertParams(born));
    parts.push('select id from companion_born');
  }
  ctes.push(`companion as (${parts.join(' union all ')})`);
  const expected = new Set(existing.map((l) => l.handle.recordId)).size + born.length;
  return {
    write: { cte: ctes.join(',\n'), params },
    check: (n) => {
      if (n === expected) return;
      // One run's refusal refuses the whole commit; the group commit then retries its documents one by one.
      if (born.length) throw new IdempotencyRecordExists();
      throw takenOver();
    },
  };
}

/** After the commit that ran linkCreatedResources or linkCompanion for these handles: their records exist now. */
export function markLinked(handles: (IdempotencyHandle | undefined)[]): void {
  for (const h of handles) if (h) h.pending = null;
}

/** linkCreatedResources for one resource of the request `actor` runs (nothing without an Idempotency-Key). */
export async function linkCreatedResource(tx: EntityManager, actor: Actor | null | undefined, type: string, id: string): Promise<void> {
  if (actor?.idempotency) await linkCreatedResources(tx, [{ handle: actor.idempotency, resource: { type, id } }]);
}

/**
 * Inside `tx`, locks the request's record and checks that this run still owns it (nothing without an
 * Idempotency-Key); otherwise the transaction is refused. For resumed runs that change what the dead
 * run created without creating anything (a secret minted again): a run taken over meanwhile must not
 * replace the secret the new owner's answer carries.
 */
export async function holdIdempotencyRecord(tx: EntityManager, actor: Actor | null | undefined): Promise<void> {
  const h = actor?.idempotency;
  if (!h) return;
  const rows = await sql<{ id: string }>(tx, `select id from idempotency_records where id = ? and owner_lease_id = ? and state = 'in_progress' for update`, [h.recordId, h.ownerLeaseId]);
  if (!rows.length) throw takenOver();
}

/**
 * Shared last steps of creating a return or special-operations event: sign the built JSON with the
 * issuer's key, store it `pending` (linked to the request's idempotency record) in the caller's
 * transaction, then transmit it — waiting up to SYNC_WAIT_MS for MH, after which it goes on (202).
 */
import type { EntityManager } from '@mikro-orm/core';
import type { DteEventKind } from '../../domain/events/dte-event.types';
import { newId } from '../../domain/shared/ids';
import { signCompact } from '../../integrations/signer/jws-signer';
import { signingKeyFor } from '../credentials/signing-key';
import { linkCreatedResource } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { DTE_EVENT_COLUMNS, dteEventViewFromRow, type DteEventRow, type DteEventView } from './dte-event-view';
import type { TransmitDteEventService } from './transmit-dte-event.service';
import { waitUpToSyncWait } from '../shared/sync-wait';

export const DTE_EVENT_RESOURCE = 'dte_event';
const PREFIX: Readonly<Record<DteEventKind, string>> = { return: 'ret', special_operation: 'sop' };

export interface NewDteEvent {
  kind: DteEventKind;
  emitterId: string;
  documentId: string | null;
  externalId: string | null;
  generationCode: string;
  eventDate: string;
  lines: Record<string, unknown>[];
  totals: DteEventView['totals'];
  json: Record<string, unknown>;
}

/** Signs and stores the event inside `tx`; returns its id. */
export async function storeDteEvent(deps: ServiceDeps, tx: EntityManager, actor: Actor, e: NewDteEvent): Promise<string> {
  const { key } = await signingKeyFor(deps, tx, e.emitterId, actor.environment);
  const text = JSON.stringify(e.json);
  const jws = signCompact(text, key);
  const now = deps.clock.now();
  const id = newId(PREFIX[e.kind], now.getTime());
  await sql(
    tx,
    `insert into dte_events (id, account_id, emitter_id, environment, kind, document_id, external_id, status, generation_code, event_date, lines, totals,
       event_json, jws, transmission_attempts, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
    [id, actor.accountId, e.emitterId, actor.environment, e.kind, e.documentId, e.externalId, e.generationCode, e.eventDate, JSON.stringify(e.lines),
      JSON.stringify(e.totals), text, jws, now, now],
  );
  await linkCreatedResource(tx, actor, DTE_EVENT_RESOURCE, id);
  return id;
}

/** Transmits a stored event and answers it as it is after MH's answer, or after SYNC_WAIT_MS. */
export async function transmitAndView(deps: ServiceDeps, transmitter: TransmitDteEventService, actor: Actor, id: string): Promise<DteEventView> {
  await waitUpToSyncWait(deps, transmitter.execute(id), { event_id: id });
  const view = await readDteEvent(deps, actor, id);
  if (!view) throw new Error(`BUG: evento ${id} no encontrado después de crearlo`);
  return view;
}

export async function readDteEvent(deps: ServiceDeps, actor: Actor, id: string): Promise<DteEventView | null> {
  if (typeof id !== 'string' || id.length > 64) return null;
  const [row] = await sql<DteEventRow>(deps.orm.em.fork(), `select ${DTE_EVENT_COLUMNS} from dte_events where id = ? and account_id = ? and environment = ?`, [
    id, actor.accountId, actor.environment,
  ]);
  return row ? dteEventViewFromRow(row) : null;
}

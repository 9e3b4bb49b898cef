/**
 * Shared last steps of creating a return or special-operations event: sign the built JSON with the
 * issuer's key, store it (born `pending`, linked to the request's idempotency record) in the caller's
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
import { dteEventViewFromRow, type DteEventView } from './dte-event-view';
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
  await deps.dteEvents.insert(tx, {
    id, account_id: actor.accountId, emitter_id: e.emitterId, environment: actor.environment, kind: e.kind, document_id: e.documentId, external_id: e.externalId,
    generation_code: e.generationCode, event_date: e.eventDate, lines: e.lines, totals: e.totals, event_json: text, jws, at: now,
  });
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
  const row = await deps.dteEvents.find(actor, id);
  return row ? dteEventViewFromRow(row) : null;
}

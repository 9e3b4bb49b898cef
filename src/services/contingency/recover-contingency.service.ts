import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { buildContingencyEvent } from '../../domain/events/contingency-event.builder';
import { validateOfficialJson } from '../../domain/dte/schemas/official-schema-validator';
import type { MhCredentials, MhQueryResult } from '../../integrations/mh-client';
import { signCompact } from '../../integrations/signer/jws-signer';
import { signingKeyFor } from '../credentials/signing-key';
import { insertOutboxEvent } from '../shared/outbox';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { mhAnswer } from '../documents/mh-answer';
import { mhCredentialsFor } from '../documents/mh-credentials-for';
import type { DueEpisode } from '../../persistence/contingency/contingency-episode-store';

type Episode = DueEpisode;

type Held = Awaited<ReturnType<ServiceDeps['documents']['heldInEpisode']>>[number];

export const LOTE_SIZE = 100;
const PENDING_LOTE = 'sent';

/**
 * Drives open contingency episodes to the end MH requires (MH-2026-RULES §2, decisions "Contingency"):
 * 1. `open`: probe MH with a query; when it answers, the outage has ended (`recovering`).
 * 2. Documents signed normally but never answered: query first (sealed → processed); only if MH does
 *    not have them are they re-signed once as contingency documents (tipoModelo 2, tipoOperacion 2,
 *    tipoContingencia, motivoContin; same generation code and control number).
 * 3. The contingency event listing the held documents (within 24 h after the outage ended).
 * 4. The documents in lotes of at most 100 (within 72 h of the event's seal), then the lote results:
 *    each document ends `processed` or `rejected`. The episode is then `completed`.
 * Safe to run twice; every step is recorded before the next.
 */
export class RecoverContingencyService {
  constructor(private readonly deps: ServiceDeps) {}

  /** Runs every due episode once; returns how many were advanced. */
  async execute(): Promise<{ episodes: number }> {
    const due = await this.deps.contingencies.due(this.deps.clock.now(), 50);
    for (const e of due) {
      try {
        await this.advance(e);
      } catch (err) {
        this.deps.logger.error({ err, episode: e.id }, 'error al recuperar la contingencia');
        await this.schedule(e.id, { last_error: String((err as Error).message).slice(0, 500) });
      }
    }
    return { episodes: due.length };
  }

  private async advance(e: Episode): Promise<void> {
    const em = this.deps.orm.em.fork();
    const creds = await mhCredentialsFor(this.deps, em, e.emitter_id, e.environment);
    if (!creds) return this.schedule(e.id, { last_error: 'El emisor no tiene credenciales del MH.' });
    const held = await this.held(em, e.id);
    if (e.status === 'open') {
      if (held.length === 0) return this.complete(e);
      const probe = await this.deps.mhClient.query(e.environment, creds, { tipoDte: held[0].type, codigoGeneracion: held[0].generation_code });
      if (probe.kind === 'unavailable' || probe.kind === 'timeout') return this.schedule(e.id, { last_error: probe.message });
      const endedAt = this.deps.clock.now();
      // MH reads the period to the second and refuses an end that is not after the start: an episode
      // ended within the second it began (a declared one ended at once) ends in the next second.
      const earliestEnd = Math.floor(e.started_at.getTime() / 1000) * 1000 + 1000;
      if (endedAt.getTime() < earliestEnd) return this.schedule(e.id, {}, earliestEnd - endedAt.getTime());
      await this.deps.contingencies.end(e.id, endedAt);
      this.deps.emitterCaches?.forget(e.emitter_id);
      e.status = 'recovering';
      e.ended_at = endedAt;
    }
    // Step 2: normally signed documents.
    for (const d of held.filter((h) => h.model_type === 1)) {
      const q = await this.deps.mhClient.query(e.environment, creds, { tipoDte: d.type, codigoGeneracion: d.generation_code });
      if (q.kind === 'processed') {
        await this.deps.documents.transition(d.id, 'seal', {
          from: ['contingency'],
          set: { reception_stamp: q.seal, processed_at: q.processedAt, mh_response: mhAnswer(q.code, q.message, q.observations), contingency_episode_id: null },
          message: `El MH ya lo tenía sellado (consulta al salir de contingencia): ${q.seal}.`,
        });
      } else if (q.kind === 'not_found') {
        await this.resignAsContingency(e, d);
      } else {
        return this.schedule(e.id, { last_error: 'message' in q ? q.message : 'MH sin respuesta' });
      }
    }
    const remaining = await this.held(em, e.id);
    if (remaining.length === 0) return this.complete(e);
    // Step 3: the event.
    if (e.event_status !== 'accepted') {
      const sent = await this.sendEvent(e, creds, remaining);
      if (!sent) return;
    }
    // Step 4: lotes, then their results.
    const inLotes = new Set(e.lotes.flatMap((l) => l.documentIds));
    const toSend = remaining.filter((d) => !inLotes.has(d.id));
    for (let i = 0; i < toSend.length; i += LOTE_SIZE) {
      const chunk = toSend.slice(i, i + LOTE_SIZE);
      const r = await this.deps.mhClient.sendLote(e.environment, creds, { version: 2, jwsList: chunk.map((c) => c.jws) });
      if (r.kind !== 'accepted') return this.schedule(e.id, { last_error: 'message' in r ? r.message : 'lote no recibido' });
      e.lotes.push({ code: r.loteCode, documentIds: chunk.map((c) => c.id), status: PENDING_LOTE, sentAt: this.deps.clock.now().toISOString() });
      await this.deps.contingencies.recordLotes(e.id, e.lotes, this.deps.clock.now());
      await this.deps.documents.appendEventToMany(em, chunk.map((c) => c.id), 'transmitted', `Enviado al MH en el lote ${r.loteCode}.`, this.deps.clock.now());
    }
    for (const lote of e.lotes.filter((l) => l.status === PENDING_LOTE)) {
      const r = await this.deps.mhClient.queryLote(e.environment, creds, lote.code);
      if (r.kind === 'pending') continue;
      if (r.kind !== 'done') return this.schedule(e.id, { last_error: 'message' in r ? r.message : 'consulta de lote fallida' }, this.deps.config.mh.lotePollMs);
      const byCode = new Map(r.results.map((x) => [x.codigoGeneracion, x.reception]));
      const docs = await this.deps.documents.statusesOf(em, lote.documentIds);
      const unresolved = new Set<string>();
      for (const d of docs) {
        if (d.status !== 'contingency') continue;
        let rec: MhQueryResult | undefined = byCode.get(d.generation_code);
        // A duplicate (an earlier send whose answer was lost), a missing or an unreadable entry: ask MH
        // for that document; its answer is the truth.
        if (!rec || (rec.kind !== 'processed' && rec.kind !== 'rejected')) {
          rec = await this.deps.mhClient.query(e.environment, creds, { tipoDte: d.type, codigoGeneracion: d.generation_code });
        }
        if (rec.kind === 'processed' || rec.kind === 'rejected') await this.settle(d.id, lote.code, rec);
        else unresolved.add(d.id);
      }
      if (unresolved.size > 0) {
        // Wait for MH; documents it still does not know long after the lote go again in a new lote.
        if (this.deps.clock.now().getTime() - Date.parse(lote.sentAt) <= Math.max(60_000, 20 * this.deps.config.mh.lotePollMs)) continue;
        lote.documentIds = lote.documentIds.filter((id) => !unresolved.has(id));
      }
      lote.status = 'done';
      await this.deps.contingencies.recordLotes(e.id, e.lotes, this.deps.clock.now());
    }
    if ((await this.held(em, e.id)).length === 0) return this.complete(e);
    return this.schedule(e.id, {}, this.deps.config.mh.lotePollMs);
  }

  /** A final MH answer for a document held in a lote. */
  private async settle(id: string, loteCode: string, rec: Extract<MhQueryResult, { kind: 'processed' | 'rejected' }>): Promise<void> {
    if (rec.kind === 'processed') {
      await this.deps.documents.transition(id, 'seal', {
        from: ['contingency'],
        set: { reception_stamp: rec.seal, processed_at: rec.processedAt, mh_response: mhAnswer(rec.code, rec.message, rec.observations), contingency_episode_id: null },
        message: `Sellado por el MH en el lote ${loteCode}: ${rec.seal}.`,
      });
      return;
    }
    await this.deps.documents.transition(id, 'reject', {
      from: ['contingency'],
      set: { rejected_at: this.deps.clock.now(), mh_response: mhAnswer(rec.code, rec.message, rec.observations), contingency_episode_id: null },
      message: `Rechazado por el MH en el lote ${loteCode} (${rec.code}): ${rec.message}`,
    });
  }

  private async sendEvent(e: Episode, creds: MhCredentials, held: Held[]): Promise<boolean> {
    const em = this.deps.orm.em.fork();
    const [emitter] = await sql<{ nit: string; name: string; phone: string | null; email: string }>(em, 'select nit, name, phone, email from emitters where id = ?', [e.emitter_id]);
    const first = held[0];
    const [est] = await sql<{ type: string; phone: string | null; email: string | null }>(
      em,
      'select type, phone, email from establishments where emitter_id = ? and code = ?',
      [e.emitter_id, first.establishment_code],
    );
    const code = randomUUID().toUpperCase();
    const json = buildContingencyEvent({
      environment: e.environment,
      generationCode: code,
      transmittedAt: this.deps.clock.now(),
      emitter: { nit: emitter.nit, name: emitter.name, phone: est?.phone ?? emitter.phone ?? '00000000', email: est?.email ?? emitter.email },
      responsible: { name: emitter.name, documentType: '36', documentNumber: emitter.nit },
      establishment: { type: est?.type ?? '02', codeMh: first.establishment_code, pointOfSaleMh: first.point_of_sale_code },
      documents: held.map((h) => ({ type: h.type, generationCode: h.generation_code })),
      outage: { start: e.started_at, end: e.ended_at ?? this.deps.clock.now(), type: e.contingency_type, reason: e.reason },
    });
    const check = validateOfficialJson('contingencia-v4', json);
    if (!check.valid) throw new Error(`BUG: evento de contingencia inválido: ${JSON.stringify(check.errors)}`);
    const { key } = await signingKeyFor(this.deps, em, e.emitter_id, e.environment);
    const r = await this.deps.mhClient.sendContingency(e.environment, creds, signCompact(JSON.stringify(json), key));
    const now = this.deps.clock.now();
    if (r.kind === 'accepted') {
      await this.deps.contingencies.recordEventAccepted(e.id, { generationCode: code, seal: r.seal, response: r.raw }, now);
      e.event_status = 'accepted';
      e.event_sealed_at = now;
      for (const h of held) await this.deps.documents.appendEvent(em, h.id, 'contingency', `Incluido en el evento de contingencia ${code}, sellado por el MH (${r.seal}).`, now);
      return true;
    }
    if (r.kind === 'rejected') {
      const lastError = `El MH rechazó el evento de contingencia: ${r.message} ${r.observations.join('; ')}`.slice(0, 1000);
      // The failure, its `contingency.failed` event and the owners' pending e-mail commit together:
      // the held documents wait for a retry (POST /v1/documents/{id}/retry sends a new event).
      await em.transactional(async (tx) => {
        if (!(await this.deps.contingencies.fail(tx, e.id, { generationCode: code, response: r.raw, lastError }, now))) return;
        await insertOutboxEvent(tx, {
          accountId: e.account_id,
          environment: e.environment,
          type: 'contingency.failed',
          subjectId: e.id,
          data: {
            object: 'contingency',
            id: e.id,
            emitter_id: e.emitter_id,
            environment: e.environment,
            status: 'failed',
            event_status: 'rejected',
            event_generation_code: code,
            mh_response: mhAnswer(null, r.message, r.observations),
            last_error: lastError,
            documents_held: held.map((h) => h.id),
          },
          at: now,
        });
      });
      this.deps.outbox.kick();
      this.deps.logger.error({ episode: e.id, message: r.message, observations: r.observations }, 'el MH rechazó el evento de contingencia');
      return false;
    }
    await this.schedule(e.id, { last_error: r.message });
    return false;
  }

  /** Same document, same codes; only the four contingency fields change (decisions: the one exception to "never re-signed"). */
  private async resignAsContingency(e: Episode, d: Held): Promise<void> {
    const em = this.deps.orm.em.fork();
    const stored = await this.deps.documents.signedJson(em, d.id);
    if (stored === null) return;
    const json = JSON.parse(stored) as { identificacion: Record<string, unknown> };
    json.identificacion.tipoModelo = 2;
    json.identificacion.tipoOperacion = 2;
    json.identificacion.tipoContingencia = e.contingency_type;
    json.identificacion.motivoContin = e.contingency_type === 5 ? (e.reason ?? 'Sin respuesta del MH') : null;
    const text = JSON.stringify(json);
    const { key } = await signingKeyFor(this.deps, em, e.emitter_id, e.environment);
    const jws = signCompact(text, key);
    const now = this.deps.clock.now();
    const documents = this.deps.documents;
    await documents.transaction((tx) =>
      documents.resignAsContingency(
        tx,
        d.id,
        { dte_json: text, jws, contingency_type: e.contingency_type, contingency_reason: (json.identificacion.motivoContin as string | null) ?? null },
        'El MH no lo recibió: re-firmado como documento de contingencia (mismo código de generación y número de control).',
        now,
      ),
    );
  }

  private async held(em: EntityManager, episodeId: string): Promise<Held[]> {
    return this.deps.documents.heldInEpisode(em, episodeId);
  }

  private async schedule(id: string, set: { last_error?: string }, inMs = this.deps.config.mh.contingencyRecheckMs): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.contingencies.schedule(id, new Date(now.getTime() + inMs), set.last_error ?? null, now);
  }

  private async complete(e: Episode): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.contingencies.complete(e.id, now);
    // An episode may complete while still open (nothing held): this process's issuances stop being born in contingency at once.
    this.deps.emitterCaches?.forget(e.emitter_id);
    this.deps.logger.info({ episode: e.id }, 'periodo de contingencia terminado');
  }
}

/**
 * Invalidates a sealed return (CAT-002 18) or special-operations event (17) with MH's invalidation
 * event (invalidacion-schema v3, ADR 0063): `documento.numeroControl` null (an event has none), no
 * replacement (`codigoGeneracionR` null for every reason type), the event's own date as `fecEmi`, and
 * MH's deadline for events (MF-2.0: 23:59:59 of the 10th business day of the month after the event's
 * seal). Sealed → the event is `voided` (webhook `document.return_voided` / `special_operation.voided`);
 * refused → it stays sealed with `void.status` rejected (422 `invalidation_rejected`); no answer →
 * `void.status` pending, sent again by the events' reconciler. Idempotent once voided.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { buildInvalidationEvent } from '../../domain/events/invalidation-event.builder';
import { DTE_EVENT_TYPE_CODE, type DteEventKind } from '../../domain/events/dte-event.types';
import { validateOfficialJson } from '../../domain/dte/schemas/official-schema-validator';
import { createBusinessCalendar, MH_DEFAULT_NON_BUSINESS_DAYS } from '../../domain/mh-rules/business-calendar';
import { allowedEventDates, invalidationDeadline, isWithinDeadline } from '../../domain/mh-rules/invalidation-deadline';
import { DomainError } from '../../domain/shared/domain-error';
import { parseWith } from '../../domain/shared/zod-errors';
import { signCompact } from '../../integrations/signer/jws-signer';
import { EmitterEntity, EstablishmentEntity, PointOfSaleEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import { signingKeyFor } from '../credentials/signing-key';
import { invalidationPersonSchema } from '../invalidation/invalidate-document.service';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { dteEventViewFromRow, type DteEventRow, type DteEventView } from './dte-event-view';
import type { SendDteEventInvalidationService } from './send-dte-event-invalidation.service';

export const invalidateDteEventSchema = z
  .strictObject({
    reasonType: z.enum(['1', '2', '3'], 'El tipo de invalidación es "1" (error en la información), "2" (rescindir la operación) o "3" (otro).'),
    reason: z.string().trim().min(1).max(200).nullish(),
    responsible: invalidationPersonSchema,
    requester: invalidationPersonSchema,
  })
  .superRefine((v, ctx) => {
    if (v.reasonType === '3' && !v.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], params: { code: 'required' }, message: 'El tipo 3 (otro) requiere el motivo.' });
    }
  });

export interface InvalidateDteEventResult {
  event: DteEventView;
  /** sealed (200), pending (202: MH did not answer yet), already (200: it was voided). MH refusing it is the refusal `invalidation_rejected`. */
  outcome: 'sealed' | 'pending' | 'already';
}

/** Which event: a return of a document, or a special-operations event of an issuer. */
export type DteEventTarget = { kind: 'return'; documentId: string; eventId: string } | { kind: 'special_operation'; emitterId: string; eventId: string };

const NAME: Readonly<Record<DteEventKind, string>> = { return: 'un retorno', special_operation: 'un evento de operaciones especiales' };

export class InvalidateDteEventService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly sender: SendDteEventInvalidationService,
  ) {}

  async execute(actor: Actor, target: DteEventTarget, body: unknown): Promise<InvalidateDteEventResult> {
    const row = await this.find(actor, target);
    if (!row) throw DomainError.notFound(NAME[target.kind]);
    if (row.status === 'voided') return { event: dteEventViewFromRow(row), outcome: 'already' };
    const parsed = parseWith(invalidateDteEventSchema, body);
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const v = parsed.value;
    const what = target.kind === 'return' ? 'el retorno' : 'el evento de operaciones especiales';
    if (row.status !== 'sealed' || !row.seal || !row.processed_at) {
      throw new DomainError('dte_event_not_invalidatable', `Solo se invalida un evento sellado por el MH; ${what} está "${row.status}".`);
    }
    if (row.void?.status === 'pending') return { event: dteEventViewFromRow(row), outcome: 'pending' };

    const now = this.deps.clock.now();
    const tipoDte = DTE_EVENT_TYPE_CODE[row.kind];
    const regime = this.deps.config.mh.invalidationRegime;
    const calendar = createBusinessCalendar(this.deps.config.mh.nonBusinessDays ?? MH_DEFAULT_NON_BUSINESS_DAYS);
    const deadline = invalidationDeadline({ tipoDte, sealedAt: new Date(row.processed_at), regime, calendar });
    if (!isWithinDeadline(deadline, now)) {
      const rule = deadline.rule === 'next_day' ? 'el día siguiente al sello' : 'décimo día hábil del mes siguiente al sello';
      throw new DomainError('invalidation_deadline_passed', `El plazo para invalidar ${what} venció el ${deadline.lastDay} a las 23:59:59 (${rule}).`);
    }

    const em = this.deps.orm.em.fork();
    const json = JSON.parse((await this.deps.dteEvents.signedJson(row.id))!) as { emisor: { codEstable?: string; codPuntoVenta?: string } };
    const emitter = await em.findOneOrFail(EmitterEntity, { id: row.emitter_id });
    const place = await this.placeOf(em, row.emitter_id, json.emisor);
    const code = randomUUID().toUpperCase();
    // The event's own date is MH's fecEmi of the target (MF-2.0: exactly it for events).
    const eventDate = allowedEventDates(tipoDte, row.event_date, regime).from;
    const event = buildInvalidationEvent({
      environment: row.environment as '00' | '01',
      generationCode: code,
      eventDate,
      at: now,
      emitter: {
        nit: emitter.nit, name: emitter.name, phone: place.phone ?? emitter.phone ?? '00000000', email: place.email ?? emitter.email,
        establishmentCode: place.establishmentCode, pointOfSaleCode: place.pointOfSaleCode,
      },
      target: {
        type: tipoDte, generationCode: row.generation_code, seal: row.seal, controlNumber: null, issueDate: row.event_date,
        // An event has no receiver of its own (MH-2026-RULES §1.3 names the receiver of a DTE).
        receiver: { documentType: null, documentNumber: null, name: null, phone: null, email: null },
      },
      replacementGenerationCode: null,
      reasonType: Number(v.reasonType) as 1 | 2 | 3,
      reason: v.reason ?? null,
      responsible: v.responsible,
      requester: v.requester,
    });
    const check = validateOfficialJson('invalidacion-v3', event);
    if (!check.valid) throw new Error(`BUG: evento de invalidación inválido: ${JSON.stringify(check.errors)}`);
    const text = JSON.stringify(event);
    const { key } = await signingKeyFor(this.deps, em, row.emitter_id, row.environment);
    const jws = signCompact(text, key);
    const stored = await em.transactional(async (tx) => {
      const r = await this.deps.dteEvents.requestVoid(tx, row.id, { generationCode: code, reasonType: v.reasonType, reason: v.reason ?? null, eventJson: text, jws }, now);
      if (!r) return false;
      await recordAudit(tx, now, { actor }, {
        accountId: actor.accountId,
        action: 'dte_event.invalidation_requested',
        target: { type: row.kind === 'return' ? 'document_return' : 'special_operation', id: row.id },
        details: { generation_code: code, reason_type: v.reasonType },
      });
      return true;
    });
    if (!stored) {
      // Another request got there first: answer the event as it is now.
      const now2 = (await this.find(actor, target))!;
      return { event: dteEventViewFromRow(now2), outcome: now2.status === 'voided' ? 'already' : 'pending' };
    }
    const sent = await this.sender.execute(row.id);
    const after = dteEventViewFromRow((await this.find(actor, target))!);
    if (sent.kind === 'rejected') {
      const observations = sent.mh.observations.length ? ` Observaciones: ${sent.mh.observations.join('; ')}.` : '';
      throw new DomainError('invalidation_rejected', `El MH rechazó el evento de invalidación (${sent.mh.code ?? 'sin código'}): ${sent.mh.message ?? 'sin descripción'}.${observations} ${what[0].toUpperCase()}${what.slice(1)} sigue sellado.`, undefined, {
        mh: { codigoMsg: sent.mh.code, descripcionMsg: sent.mh.message, observaciones: sent.mh.observations },
      });
    }
    return { event: after, outcome: sent.kind === 'sealed' ? 'sealed' : 'pending' };
  }

  /** The event of the caller's account and environment under its parent (a document's return, an issuer's operation), or null. */
  private async find(actor: Actor, target: DteEventTarget): Promise<DteEventRow | null> {
    if (typeof target.eventId !== 'string' || target.eventId.length > 64) return null;
    const row = await this.deps.dteEvents.find(actor, target.eventId);
    if (!row || row.kind !== target.kind) return null;
    if (target.kind === 'return' ? row.document_id !== target.documentId : row.emitter_id !== target.emitterId) return null;
    return row;
  }

  /** The establishment and point of sale the invalidation names: the event's own (a return's), else the issuer's first. */
  private async placeOf(em: ReturnType<ServiceDeps['orm']['em']['fork']>, emitterId: string, emisor: { codEstable?: string; codPuntoVenta?: string }) {
    const est = emisor.codEstable
      ? await em.findOne(EstablishmentEntity, { emitter: emitterId, code: emisor.codEstable })
      : await em.findOne(EstablishmentEntity, { emitter: emitterId }, { orderBy: { code: 'asc' } });
    const pos = emisor.codPuntoVenta ?? (est ? (await em.findOne(PointOfSaleEntity, { establishment: est.id }, { orderBy: { code: 'asc' } }))?.code : null);
    return { establishmentCode: est?.code ?? emisor.codEstable ?? 'M001', pointOfSaleCode: pos ?? 'P001', phone: est?.phone ?? null, email: est?.email ?? null };
  }
}

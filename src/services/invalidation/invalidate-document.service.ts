import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { CatalogCode, hasEntry } from '../../domain/catalog/catalogs';
import { buildInvalidationEvent } from '../../domain/events/invalidation-event.builder';
import { validateOfficialJson } from '../../domain/dte/schemas/official-schema-validator';
import { createBusinessCalendar, MH_DEFAULT_NON_BUSINESS_DAYS } from '../../domain/mh-rules/business-calendar';
import { localDateTime } from '../../domain/mh-rules/el-salvador-time';
import { allowedEventDates, invalidationDeadline, isWithinDeadline } from '../../domain/mh-rules/invalidation-deadline';
import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { parseWith } from '../../domain/shared/zod-errors';
import { signCompact } from '../../integrations/signer/jws-signer';
import { EstablishmentEntity } from '../../persistence/entities';
import { signingKeyFor } from '../credentials/signing-key';
import type { Actor } from '../shared/actor';
import { recordAudit } from '../audit/audit-trail';
import type { ServiceDeps } from '../shared/service-deps';
import type { DocumentView } from '../../domain/documents';
import type { SendInvalidationService } from './send-invalidation.service';

/** A person of the event (who performs it, who requests it): shared with the events' invalidation. */
export const invalidationPersonSchema = z.strictObject({
  name: z.string().trim().min(1, 'Campo obligatorio.').max(100),
  documentType: z.string().refine((v) => hasEntry(CatalogCode.identificationDocumentType, v), {
    params: { code: 'unknown_catalog_code' },
    error: 'Tipo de documento de identificación desconocido (CAT-022).',
  }),
  documentNumber: z.string().trim().min(1, 'Campo obligatorio.').max(20),
});

export const invalidateSchema = z
  .strictObject({
    reasonType: z.enum(['1', '2', '3'], 'El tipo de invalidación es "1" (error en la información), "2" (rescindir la operación) o "3" (otro).'),
    reason: z.string().trim().min(1).max(200).nullish(),
    replacementDocumentId: z.string().max(64).nullish(),
    responsible: invalidationPersonSchema,
    requester: invalidationPersonSchema,
  })
  .superRefine((v, ctx) => {
    if (v.reasonType === '3' && !v.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], params: { code: 'required' }, message: 'El tipo 3 (otro) requiere el motivo.' });
    }
  });

export type InvalidateInput = z.infer<typeof invalidateSchema>;

export interface InvalidateResult {
  document: DocumentView;
  /** sealed (200), pending (202: MH did not answer yet), already (200: it was voided). MH refusing it is the refusal `invalidation_rejected` (422). */
  outcome: 'sealed' | 'pending' | 'already';
}

/**
 * Invalidates a processed document with MH's invalidation event (schema v3): enforces the deadline
 * (MF-2.0: CCF, NR, NC, ND, CR, CL, DCL and CD until 23:59:59 of the 10th business day of the month
 * after the seal; FE, FEX and FSE 3 months), the replacement rules (types 1 and 3 need a processed
 * replacement, except an NC or a CL; type 2 none) and that no active NC/ND points at a CCF or CR, then
 * signs and sends it. Idempotent once voided.
 */
export class InvalidateDocumentService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly sender: SendInvalidationService,
  ) {}

  async execute(actor: Actor, id: string, body: unknown): Promise<InvalidateResult> {
    const em = this.deps.orm.em.fork();
    const documents = this.deps.documents;
    const doc = await documents.findOwn(em, actor, id);
    if (!doc) throw DomainError.notFound('un documento');
    if (doc.status === 'voided') return { document: await this.view(actor, id), outcome: 'already' };
    const parsed = parseWith(invalidateSchema, body);
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const v = parsed.value;
    if (doc.status !== 'processed' || !doc.reception_stamp || !doc.processed_at) {
      throw new DomainError('document_not_invalidatable', `Solo se invalida un documento procesado por el MH (con sello); este está "${doc.status}".`);
    }
    const pending = await this.deps.invalidations.pendingOf(em, doc.id);
    if (pending) return { document: await this.view(actor, id), outcome: 'pending' };

    const now = this.deps.clock.now();
    const calendar = createBusinessCalendar(this.deps.config.mh.nonBusinessDays ?? MH_DEFAULT_NON_BUSINESS_DAYS);
    const deadline = invalidationDeadline({ tipoDte: doc.type, sealedAt: new Date(doc.processed_at), regime: this.deps.config.mh.invalidationRegime, calendar });
    if (!isWithinDeadline(deadline, now)) {
      throw new DomainError(
        'invalidation_deadline_passed',
        `El plazo para invalidar este documento venció el ${deadline.lastDay} a las 23:59:59 (${deadline.rule === 'three_months' ? '3 meses desde el sello' : 'décimo día hábil del mes siguiente al sello'}). ${doc.type === '03' ? 'Ajústelo con una nota de crédito o débito.' : ''}`.trim(),
      );
    }
    let replacementCode: string | null = null;
    // NC and CL are invalidated first and then issued again corrected: they carry no replacement (MH-2026-RULES §1.3).
    const invalidatedFirst = doc.type === '05' || doc.type === '08';
    const needsReplacement = (v.reasonType === '1' || v.reasonType === '3') && !invalidatedFirst;
    if (needsReplacement) {
      if (!v.replacementDocumentId) {
        throw DomainError.field('replacement_required', 'replacementDocumentId', 'Los tipos 1 y 3 requieren el documento que reemplaza al invalidado, ya procesado por el MH (replacement_document_id).');
      }
      const r = await documents.findOwn(em, actor, v.replacementDocumentId);
      if (!r || r.id === doc.id || r.emitter.id !== doc.emitter.id) {
        throw DomainError.field('replacement_required', 'replacementDocumentId', 'El documento de reemplazo no existe o es de otro emisor.');
      }
      if (r.status !== 'processed') {
        throw DomainError.field('replacement_required', 'replacementDocumentId', `El documento de reemplazo debe estar procesado por el MH; está "${r.status}".`);
      }
      replacementCode = r.generation_code;
    } else if (v.replacementDocumentId) {
      throw DomainError.field(
        'replacement_required',
        'replacementDocumentId',
        v.reasonType === '2' ? 'El tipo 2 (rescindir) no lleva documento de reemplazo.' : 'Una nota de crédito o un comprobante de liquidación se invalida primero y luego se emite el corregido: no lleva documento de reemplazo.',
      );
    }
    if (doc.type === '03' || doc.type === '07') {
      const active = await documents.activeNoteRelating(em, actor, doc.generation_code);
      if (active) {
        throw new DomainError('document_not_invalidatable', `El ${doc.type === '03' ? 'CCF' : 'comprobante de retención'} tiene una nota de crédito o débito activa (${active}); invalídela primero.`);
      }
    }

    if (doc.type === '01' || doc.type === '11' || doc.type === '14') {
      const ret = await this.deps.dteEvents.standingReturnOf(em, doc.id);
      if (ret) {
        throw new DomainError('document_not_invalidatable', `El documento tiene un evento de retorno activo (${ret}); MH no invalida un documento con retornos hasta que estos se invaliden.`);
      }
    }

    const dte = JSON.parse((await documents.signedJson(em, doc.id))!) as { receptor: Record<string, unknown> | null };
    const est = await em.findOne(EstablishmentEntity, { emitter: doc.emitter.id, code: doc.establishment_code });
    const range = allowedEventDates(doc.type, doc.issue_date, this.deps.config.mh.invalidationRegime);
    const today = localDateTime(now).date;
    const eventDate = today < range.from ? range.from : today > range.to ? range.to : today;
    const code = randomUUID().toUpperCase();
    const receptor = dte.receptor ?? {};
    const json = buildInvalidationEvent({
      environment: doc.environment as '00' | '01',
      generationCode: code,
      eventDate,
      at: now,
      emitter: {
        nit: doc.emitter.nit,
        name: doc.emitter.name,
        phone: est?.phone ?? doc.emitter.phone ?? '00000000',
        email: est?.email ?? doc.emitter.email,
        establishmentCode: doc.establishment_code,
        pointOfSaleCode: doc.point_of_sale_code,
      },
      target: {
        type: doc.type,
        generationCode: doc.generation_code,
        seal: doc.reception_stamp,
        controlNumber: doc.control_number,
        issueDate: doc.issue_date,
        receiver: {
          documentType: doc.receiver_document_type,
          documentNumber: doc.receiver_document_type === '13' || doc.receiver_document_type === '36' || doc.receiver_document_number ? doc.receiver_document_number : null,
          name: doc.receiver_name,
          phone: typeof receptor.telefono === 'string' ? receptor.telefono : null,
          email: typeof receptor.correo === 'string' ? receptor.correo : null,
        },
      },
      replacementGenerationCode: replacementCode,
      reasonType: Number(v.reasonType) as 1 | 2 | 3,
      reason: v.reason ?? null,
      responsible: v.responsible,
      requester: v.requester,
    });
    const check = validateOfficialJson('invalidacion-v3', json);
    if (!check.valid) throw new Error(`BUG: evento de invalidación inválido: ${JSON.stringify(check.errors)}`);
    const text = JSON.stringify(json);
    const { key } = await signingKeyFor(this.deps, em, doc.emitter.id, doc.environment);
    const jws = signCompact(text, key);
    const invId = newId(IdPrefix.invalidation, now.getTime());
    await documents.transaction(async (tx) => {
      await this.deps.invalidations.request(
        tx,
        {
          id: invId,
          documentId: doc.id,
          generationCode: code,
          reasonType: v.reasonType,
          reason: v.reason ?? null,
          replacementDocumentId: v.replacementDocumentId ?? null,
          responsible: v.responsible,
          requester: v.requester,
          eventJson: text,
          jws,
        },
        `Evento de invalidación ${code} firmado (tipo ${v.reasonType}); se envía al MH.`,
        now,
      );
      await recordAudit(tx.em, now, { actor }, {
        accountId: actor.accountId,
        action: 'document.invalidation_requested',
        target: { type: 'document', id: doc.id },
        details: { invalidation_id: invId, generation_code: code, reason_type: v.reasonType, replacement_document_id: v.replacementDocumentId ?? null },
      });
    }, em);
    const sent = await this.sender.execute(invId);
    if (sent.kind === 'rejected') {
      // The document stays processed with `void.status` rejected (recorded above); the caller gets MH's answer as a refusal.
      const observations = sent.mh.observations.length ? ` Observaciones: ${sent.mh.observations.join('; ')}.` : '';
      throw new DomainError('invalidation_rejected', `El MH rechazó el evento de invalidación (${sent.mh.code ?? 'sin código'}): ${sent.mh.message ?? 'sin descripción'}.${observations} El documento sigue procesado.`, undefined, {
        mh: { codigoMsg: sent.mh.code, descripcionMsg: sent.mh.message, observaciones: sent.mh.observations },
      });
    }
    return { document: await this.view(actor, id), outcome: sent.kind === 'sealed' ? 'sealed' : 'pending' };
  }

  private async view(actor: Actor, id: string): Promise<DocumentView> {
    return (await this.deps.documents.view(actor, id, this.deps.baseUrl()))!;
  }
}

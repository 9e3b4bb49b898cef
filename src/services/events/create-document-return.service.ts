/**
 * Evento de Retorno (CAT-002 18): goods returned on an FE, FEX or FSE the issuer had sealed, without
 * invalidating it. Lines name the original's line by `numItem` with the quantity returned; every
 * line's returnable balance (quantity sold minus the quantity of earlier returns that were not
 * rejected) never goes negative — concurrent returns of one document are serialised on its row.
 * Accepted until RETURN_WINDOW_MONTHS after the original's seal (ADR 0019).
 */
import { randomUUID } from 'node:crypto';
import { dec } from '../../domain/dte/amounts/decimal-math';
import { documentReturnSchema } from '../../domain/events/dte-event-requests.schema';
import { RETURNABLE_TYPES, buildReturnEvent, type ReturnableType } from '../../domain/events/return-event.builder';
import { addDays, addMonthsClamped, instantOfLocal, localDateTime } from '../../domain/mh-rules/el-salvador-time';
import { DomainError, type FieldError } from '../../domain/shared/domain-error';
import { parseWith } from '../../domain/shared/zod-errors';
import { resumedResource } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import type { ReturnOriginalRow } from '../../persistence/documents/document-queries';
import type { DteEventView } from './dte-event-view';
import { DTE_EVENT_RESOURCE, readDteEvent, storeDteEvent, transmitAndView } from './issue-dte-event';
import type { TransmitDteEventService } from './transmit-dte-event.service';

export class CreateDocumentReturnService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly transmitter: TransmitDteEventService,
  ) {}

  async execute(actor: Actor, documentId: string, body: unknown): Promise<DteEventView> {
    const resumed = resumedResource(actor, DTE_EVENT_RESOURCE);
    if (resumed) return (await readDteEvent(this.deps, actor, resumed))!;
    const parsed = parseWith(documentReturnSchema, body);
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const input = parsed.value;
    if (typeof documentId !== 'string' || documentId.length > 64) throw DomainError.notFound('un documento');
    const id = await this.deps.orm.em.fork().transactional(async (tx) => {
      const doc = await this.deps.documents.lockForReturn(tx, { accountId: actor.accountId, environment: actor.environment }, documentId);
      if (!doc) throw DomainError.notFound('un documento');
      this.checkReturnable(doc);
      const previous = await this.deps.dteEvents.standingReturnLines(tx, doc.id);
      const returned = new Map<number, string>();
      for (const lines of previous) for (const l of lines) returned.set(l.numItem, dec(returned.get(l.numItem)).plus(dec(l.quantity)).toFixed());
      const now = this.deps.clock.now();
      const built = buildReturnEvent({
        environment: actor.environment,
        generationCode: randomUUID().toUpperCase(),
        at: now,
        emitter: { nit: doc.emitter_nit, name: doc.emitter_name, establishmentCode: doc.establishment_code, pointOfSaleCode: doc.point_of_sale_code },
        original: { type: doc.type as ReturnableType, generationCode: doc.generation_code, issueDate: doc.issue_date, json: JSON.parse(doc.dte_json), rentaRate: doc.renta },
        lines: input.lines,
        returned,
      });
      if (!built.ok) throw DomainError.validation(built.errors as FieldError[]);
      const body = (JSON.parse(doc.dte_json) as { cuerpoDocumento: { numItem: number; descripcion: string }[] }).cuerpoDocumento;
      return storeDteEvent(this.deps, tx, actor, {
        kind: 'return',
        emitterId: doc.emitter_id,
        documentId: doc.id,
        externalId: input.externalId ?? null,
        generationCode: String((built.json.identificacion as { codigoGeneracion: string }).codigoGeneracion),
        eventDate: localDateTime(now).date,
        lines: built.lines.map((l) => ({ ...l, description: body.find((b) => b.numItem === l.numItem)?.descripcion ?? null })),
        totals: built.totals,
        json: built.json,
      });
    });
    return transmitAndView(this.deps, this.transmitter, actor, id);
  }

  private checkReturnable(doc: ReturnOriginalRow): void {
    if (!(RETURNABLE_TYPES as readonly string[]).includes(doc.type)) {
      throw DomainError.field('not_returnable', 'documentId', 'El evento de retorno se hace sobre una factura (01), una factura de exportación (11) o una factura de sujeto excluido (14).');
    }
    if (doc.status !== 'processed' || !doc.processed_at) {
      throw DomainError.field('not_returnable', 'documentId', `Solo se hace un retorno sobre un documento procesado por el MH (con sello) y no invalidado; este está "${doc.status}".`);
    }
    const sealDate = localDateTime(new Date(doc.processed_at)).date;
    const lastDay = addMonthsClamped(sealDate, this.deps.config.mh.returnWindowMonths);
    if (this.deps.clock.now().getTime() >= instantOfLocal(addDays(lastDay, 1)).getTime()) {
      const months = this.deps.config.mh.returnWindowMonths;
      throw new DomainError('return_window_passed', `El plazo para el retorno venció el ${lastDay} a las 23:59:59 (${months === 1 ? '1 mes' : `${months} meses`} desde el sello del documento).`);
    }
  }
}


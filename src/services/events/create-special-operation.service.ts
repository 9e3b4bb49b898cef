/**
 * Evento de Operaciones Especiales (CAT-002 17): the issuer's report to MH of operations documented
 * outside the DTE system — ranges of simplified invoices (CAT-023 02) and internal-control vouchers
 * (97) — with tipoModelo/tipoOperacion fixed to 1 (during an outage it waits to be sent).
 */
import { randomUUID } from 'node:crypto';
import { specialOperationSchema } from '../../domain/events/dte-event-requests.schema';
import { buildSpecialOperationEvent } from '../../domain/events/special-operation-event.builder';
import { localDateTime } from '../../domain/mh-rules/el-salvador-time';
import { DomainError, type FieldError } from '../../domain/shared/domain-error';
import { parseWith } from '../../domain/shared/zod-errors';
import { loadOwnEmitter } from '../emitters/emitter-access';
import { resumedResource } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import type { DteEventView } from './dte-event-view';
import { DTE_EVENT_RESOURCE, readDteEvent, storeDteEvent, transmitAndView } from './issue-dte-event';
import type { TransmitDteEventService } from './transmit-dte-event.service';

export class CreateSpecialOperationService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly transmitter: TransmitDteEventService,
  ) {}

  async execute(actor: Actor, emitterId: string, body: unknown): Promise<DteEventView> {
    const resumed = resumedResource(actor, DTE_EVENT_RESOURCE);
    if (resumed) return (await readDteEvent(this.deps, actor, resumed))!;
    const parsed = parseWith(specialOperationSchema, body);
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const input = parsed.value;
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, emitterId);
    const now = this.deps.clock.now();
    const built = buildSpecialOperationEvent({
      environment: actor.environment,
      generationCode: randomUUID().toUpperCase(),
      at: now,
      emitter: { nit: emitter.nit, name: emitter.name },
      lines: input.lines,
    });
    if (!built.ok) throw DomainError.validation(built.errors as FieldError[]);
    const id = await em.transactional((tx) =>
      storeDteEvent(this.deps, tx, actor, {
        kind: 'special_operation',
        emitterId: emitter.id,
        documentId: null,
        externalId: input.externalId ?? null,
        generationCode: String((built.json.identificacion as { codigoGeneracion: string }).codigoGeneracion),
        eventDate: localDateTime(now).date,
        lines: input.lines as unknown as Record<string, unknown>[],
        totals: built.totals,
        json: built.json,
      }),
    );
    return transmitAndView(this.deps, this.transmitter, actor, id);
  }
}

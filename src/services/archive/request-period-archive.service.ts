import { z } from 'zod';
import type { PeriodArchiveView } from '../../domain/archive/period-archive-view';
import { localDateOf } from '../../domain/mh-rules/el-salvador-time';
import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { parseWith } from '../../domain/shared/zod-errors';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import { inRequestEnvironment } from '../shared/request-environment';
import type { ServiceDeps } from '../shared/service-deps';
import { parseArchivePeriod, toPeriodArchiveView } from './period-archive-access';

/** The body of `POST /v1/emitters/{id}/archives` and GraphQL's `CreatePeriodArchiveInput` (whose `emitterId` REST carries in the path). */
export const requestPeriodArchiveSchema = z.strictObject({
  period: z.string().max(7).describe('AAAA-MM: el mes que se archiva (no posterior al mes en curso de El Salvador).'),
  environment: z.enum(['00', '01'], 'El ambiente es "00" (pruebas) o "01" (producción).').optional()
    .describe('Ambiente del archivo; con llave de API solo el de la llave (otro: 403 environment_forbidden).'),
});

/**
 * Requests the archive of one month of an emitter (ADR 0072): stores it `queued` and hands it to the
 * `generate-period-archive` job. Each request makes a new archive (the month's documents may have
 * changed since the last one); a replay of the same Idempotency-Key answers the first one.
 */
export class RequestPeriodArchiveService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(caller: Actor, emitterId: string, body: unknown): Promise<PeriodArchiveView> {
    const valid = parseWith(requestPeriodArchiveSchema, body);
    if (!valid.ok) throw DomainError.validation(valid.errors);
    const actor = inRequestEnvironment(caller, valid.value.environment);
    const emitter = await loadOwnEmitter(this.deps.orm.em.fork(), actor, emitterId, 'emitterId');
    const now = this.deps.clock.now();
    const period = parseArchivePeriod(valid.value.period, localDateOf(now).slice(0, 7));
    const row = await this.deps.archives.insert({
      id: newId(IdPrefix.periodArchive, now.getTime()), accountId: actor.accountId, environment: actor.environment, emitterId: emitter.id, period, at: now,
    });
    await this.deps.queue.enqueue('generate-period-archive', { archiveId: row.id });
    return toPeriodArchiveView(row);
  }
}

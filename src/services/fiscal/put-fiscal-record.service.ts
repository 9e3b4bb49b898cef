import { DomainError } from '../../domain/shared/domain-error';
import type { Actor } from '../shared/actor';

import type { PutFiscalRecordsService } from './put-fiscal-records.service';
import type { StoredFiscalRecord } from './fiscal-record-rows';

/** PUT of one fiscal record: the batch's rules for one item, its refusal as a DomainError. */
export class PutFiscalRecordService {
  constructor(private readonly batch: PutFiscalRecordsService) {}

  /** PUT: create or update one record; `created` tells 201 from 200. Refusals are DomainErrors. */
  async execute(actor: Actor, emitterId: string, resource: string, externalId: string, body: unknown): Promise<{ record: StoredFiscalRecord; created: boolean; status: string }> {
    const item = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : body;
    if (item && typeof item === 'object') {
      const given = (item as Record<string, unknown>).externalId;
      if (given !== undefined && given !== externalId) {
        throw DomainError.field('value_mismatch', 'externalId', `El external_id del cuerpo ("${String(given)}") no coincide con el de la ruta ("${externalId}").`);
      }
      (item as Record<string, unknown>).externalId = externalId;
    }
    const [r] = await this.batch.execute(actor, emitterId, resource, [item]);
    if (r.status === 'error') {
      throw new DomainError(r.error!.code, r.error!.message, r.error!.errors);
    }
    return { record: r.record!, created: r.status === 'created', status: r.status };
  }
}

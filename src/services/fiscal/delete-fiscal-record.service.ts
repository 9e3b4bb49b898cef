import { DomainError } from '../../domain/shared/domain-error';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { isLocked,periodStatuses } from './fiscal-periods';

import { checkResource,COLUMNS,periodClosedError,toStored,type Row,type StoredFiscalRecord } from './fiscal-record-rows';

/** Logical deletion of a fiscal record (refused in a closing or closed period). */
export class DeleteFiscalRecordService {
  constructor(private readonly deps: ServiceDeps) {}

  /** Logical deletion; refused when the record's period is closing or closed. */
  async execute(actor: Actor, emitterId: string, resource: string, externalId: string): Promise<StoredFiscalRecord> {
    const res = checkResource(resource);
    const em = this.deps.orm.em.fork();
    await loadOwnEmitter(em, actor, emitterId);
    return em.transactional(async (tx) => {
      const [row] = await sql<Row>(
        tx,
        `select ${COLUMNS} from fiscal_records where emitter_id = ? and environment = ? and resource = ? and external_id = ? and deleted_at is null for update`,
        [emitterId, actor.environment, res, externalId],
      );
      if (!row) throw DomainError.notFound('un registro fiscal', 'externalId');
      const locks = await periodStatuses(tx, emitterId, actor.environment, [row.period]);
      if (isLocked(locks.get(row.period))) {
        const e = periodClosedError(row.period);
        throw new DomainError(e.code, e.message, e.errors);
      }
      const now = this.deps.clock.now();
      await sql(tx, 'update fiscal_records set deleted_at = ?, updated_at = ? where id = ?', [now, now, row.id]);
      return toStored({ ...row, deleted_at: now, updated_at: now });
    });
  }
}

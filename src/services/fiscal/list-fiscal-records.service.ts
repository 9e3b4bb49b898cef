import type { Page,PageRequest } from '../../domain/shared/pagination';
import { toPage } from '../../domain/shared/pagination';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { recordFilterSql,type FilterFieldName,type FiscalRecordFilter } from './fiscal-record-filter';

import { checkResource,COLUMNS,toStored,type Row,type StoredFiscalRecord } from './fiscal-record-rows';

/** The fiscal records of a resource, newest first, cursor-paginated. */
export class ListFiscalRecordsService {
  constructor(private readonly deps: ServiceDeps) {}

  /** Records of a resource (optionally of one period), newest first; deleted ones left out. */
  async execute(actor: Actor, emitterId: string, resource: string, filter: FiscalRecordFilter, page: PageRequest, fieldName?: FilterFieldName): Promise<Page<StoredFiscalRecord>> {
    const res = checkResource(resource);
    const { clauses, params: filterParams } = recordFilterSql(filter, fieldName);
    const em = this.deps.orm.em.fork();
    await loadOwnEmitter(em, actor, emitterId);
    const params: unknown[] = [emitterId, actor.environment, res, ...filterParams];
    let where = `r.emitter_id = ? and r.environment = ? and r.resource = ? and ${clauses.join(' and ')}`;
    if (page.startingAfter) {
      where += ' and r.id < ?';
      params.push(page.startingAfter);
    }
    const rows = await sql<Row>(em, `select ${COLUMNS} from fiscal_records r where ${where} order by r.id desc limit ${page.limit + 1}`, params);
    return toPage(rows.map(toStored), page.limit);
  }
}

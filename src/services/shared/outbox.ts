import type { EntityManager } from '@mikro-orm/core';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { sql } from './sql';

/** Writes an outbox event in the caller's transaction; returns its id (`evt_…`). */
export async function insertOutboxEvent(
  em: EntityManager,
  e: { accountId: string; environment: string; type: string; subjectId: string | null; data: Record<string, unknown>; at: Date },
): Promise<string> {
  const id = newId(IdPrefix.event, e.at.getTime());
  await sql(em, 'insert into outbox_events (id, account_id, environment, type, subject_id, data, created_at) values (?, ?, ?, ?, ?, ?, ?)', [
    id,
    e.accountId,
    e.environment,
    e.type,
    e.subjectId,
    JSON.stringify(e.data),
    e.at,
  ]);
  return id;
}

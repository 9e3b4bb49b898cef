/** Reads of the `dte_events` table other use cases need (this area owns the table). */
import type { EntityManager } from '@mikro-orm/core';
import { sql } from '../shared/sql';

/** A return against the document that was not rejected (sealed or still pending), or null. */
export async function activeReturnOf(em: EntityManager, documentId: string): Promise<string | null> {
  const [r] = await sql<{ id: string }>(em, `select id from dte_events where document_id = ? and kind = 'return' and status <> 'rejected' limit 1`, [documentId]);
  return r?.id ?? null;
}

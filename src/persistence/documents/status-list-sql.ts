import { isDocumentStatus, type DocumentStatus } from '../../domain/documents';

/**
 * A list of the state machine's statuses as SQL text (`'signed', 'sending'`), for the statements and
 * index predicates that need the list in their text (each value is checked to be a status, so nothing
 * else can reach the SQL).
 */
export function statusListSql(statuses: readonly DocumentStatus[]): string {
  if (!statuses.length) throw new Error('BUG: lista de estados vacía');
  for (const s of statuses) if (!isDocumentStatus(s)) throw new Error(`BUG: estado de documento desconocido ${JSON.stringify(s)}`);
  return statuses.map((s) => `'${s}'`).join(', ');
}

import { dbRows } from './db-rows';

/** An Idempotency-Key record as the database keeps it. */
export interface IdempotencyRecordRow {
  state: string;
  owner_lease_id: string | null;
  resources: { type: string; id: string }[];
}

export async function idempotencyRecord(dbUrl: string, key: string): Promise<IdempotencyRecordRow> {
  const [r] = await dbRows<IdempotencyRecordRow>(dbUrl, 'select state, owner_lease_id, resources from idempotency_records where key = $1', [key]);
  return r;
}

/**
 * The state a kill -9 of the process running the request leaves, as the database sees it: the
 * record `in_progress` without a stored response, owned by `owner` (a lease id that no longer
 * exists unless the test inserts it), with the resources its run linked.
 */
export async function crashIdempotentRequest(dbUrl: string, key: string, owner: string | null = 'prc_gone', opts: { forgetResources?: boolean } = {}): Promise<void> {
  const rows = await dbRows(
    dbUrl,
    `update idempotency_records set state = 'in_progress', response_status = null, response_body = null, response_headers = null,
            owner_lease_id = $2 ${opts.forgetResources ? `, resources = '[]'` : ''} where key = $1 returning id`,
    [key, owner],
  );
  if (rows.length !== 1) throw new Error(`no idempotency record for key ${key}`);
}

import type { RunningApp } from '../../src/app';
import { insertOutboxEvent } from '../../src/services/shared/outbox';

export interface TestEvent {
  accountId: string;
  environment: '00' | '01';
  type?: string;
  subjectId?: string | null;
  data?: Record<string, unknown>;
}

/**
 * Writes outbox rows as a use case does (`insertOutboxEvent` in a transaction) and kicks the
 * dispatcher after the commit. Returns the event ids.
 */
export async function insertOutboxEvents(app: RunningApp, events: TestEvent[], opts: { kick?: boolean } = {}): Promise<string[]> {
  const at = new Date();
  const ids = await app.services.deps.orm.em.fork().transactional(async (tx) => {
    const out: string[] = [];
    for (const [i, e] of events.entries()) {
      const subjectId = e.subjectId ?? `doc_test_${i}`;
      out.push(
        await insertOutboxEvent(tx, {
          accountId: e.accountId,
          environment: e.environment,
          type: e.type ?? 'document.processed',
          subjectId,
          data: e.data ?? { id: subjectId, object: 'document', status: 'processed', total: '113.00' },
          at,
        }),
      );
    }
    return out;
  });
  if (opts.kick !== false) app.services.deps.outbox.kick();
  return ids;
}

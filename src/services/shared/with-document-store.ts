import { DocumentStore } from '../../persistence/documents/document-store';
import { ContingencyEpisodeStore } from '../../persistence/contingency/contingency-episode-store';
import { InvalidationStore } from '../../persistence/invalidations/invalidation-store';
import { DteEventStore } from '../../persistence/events/dte-event-store';
import { PeriodArchiveStore } from '../../persistence/archives/period-archive-store';
import { detectDocumentDrift } from '../fiscal/document-drift';
import type { ServiceDeps } from './service-deps';

/**
 * Completes the dependencies with the stores: the document store, wired to the queue, the outbox, the
 * status bus and the books, and the stores of the tables with a state machine of their own.
 */
export function withDocumentStore(base: Omit<ServiceDeps, 'documents' | 'contingencies' | 'invalidations' | 'dteEvents' | 'archives'>): ServiceDeps {
  const documents = new DocumentStore(base.orm, {
    clock: base.clock,
    statusBus: base.statusBus,
    outbox: { kick: () => base.outbox.kick() },
    transmissionDue: base.transmissionDue,
    logger: base.logger,
    booksTouched: detectDocumentDrift,
    emailQueued: (emailId) => {
      base.queue
        .enqueue('deliver-document-email', { emailId })
        .catch((err) => base.logger.warn({ err, email_id: emailId }, 'no se pudo encolar el correo del documento; el barrido lo enviará'));
    },
  });
  return { ...base, documents, contingencies: new ContingencyEpisodeStore(base.orm), invalidations: new InvalidationStore(base.orm, documents), dteEvents: new DteEventStore(base.orm), archives: new PeriodArchiveStore(base.orm) };
}

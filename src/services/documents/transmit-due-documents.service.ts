import type { ServiceDeps } from '../shared/service-deps';
import { mhCredentialsFrom } from './mh-credentials-for';
import { transmitLeaseMs, type TransmitDocumentService, type TransmitOutcome } from './transmit-document.service';

/**
 * The workers' side of async issuance (ADR 0061): claims up to `max` documents waiting for a
 * transmitter in one statement (skip locked: each worker takes its own) and transmits each as the
 * transmit service does — MH asked before any resend, the same signed bytes, the seals stored by the
 * grouped status change. `sent` resolves with each transmission's outcome; the claim itself is what
 * the caller waits for, so a pump can claim again while these run.
 */
export class TransmitDueDocumentsService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly transmitter: TransmitDocumentService,
  ) {}

  async execute(max: number): Promise<{ claimed: number; sent: Promise<TransmitOutcome | null>[] }> {
    if (max <= 0) return { claimed: 0, sent: [] };
    const leaseUntil = new Date(this.deps.clock.now().getTime() + transmitLeaseMs(this.deps.config.mh));
    const docs = await this.deps.documents.claimDue(max, leaseUntil);
    const sent = docs.map(async (doc) => {
      try {
        const creds = mhCredentialsFrom(this.deps, doc.emitter_id, doc.environment, doc);
        if (!creds) return await this.transmitter.failWithoutCredentials(doc);
        return await this.transmitter.executeClaimed(doc, creds);
      } catch (err) {
        this.deps.logger.warn({ err, document_id: doc.id }, 'transmisión de un documento del lote fallida; la retomará el reconciliador');
        return null;
      }
    });
    return { claimed: docs.length, sent };
  }
}

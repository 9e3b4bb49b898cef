import type { TransmissionDueBus, TransmissionDueEvent } from '../../services/ports/transmission-due.port';
import { createLocalChannel, type PgNoticeHub } from './notify-channel';

/** In-process (embedded database, a single process). */
export const createLocalTransmissionDue = (): TransmissionDueBus => createLocalChannel<TransmissionDueEvent>();

/** LISTEN/NOTIFY: an API process's async commit wakes every worker's pump. */
export const createPgTransmissionDue = (hub: PgNoticeHub): TransmissionDueBus => hub.channel<TransmissionDueEvent>('dte_transmission_due');

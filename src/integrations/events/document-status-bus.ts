import type { DocumentStatusBus, DocumentStatusEvent } from '../../services/ports/document-status-bus.port';
import { createLocalChannel, type PgNoticeHub } from './notify-channel';

/** In-process bus (embedded database, tests of a single process). */
export const createLocalStatusBus = (): DocumentStatusBus => createLocalChannel<DocumentStatusEvent>();

/** LISTEN/NOTIFY bus: a status change may also notify from its own statement on `notifyChannel`. */
export const createPgStatusBus = (hub: PgNoticeHub): DocumentStatusBus => hub.channel<DocumentStatusEvent>('dte_document_status');

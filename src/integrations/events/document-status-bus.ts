import type { PoolConfig } from 'pg';
import type { Logger } from '../../config/logger';
import type { DocumentStatusBus, DocumentStatusEvent } from '../../services/shared/document-status-bus.port';
import { createLocalChannel, createPgChannel } from './notify-channel';

/** In-process bus (embedded database, tests of a single process). */
export const createLocalStatusBus = (): DocumentStatusBus => createLocalChannel<DocumentStatusEvent>();

/** LISTEN/NOTIFY bus: a status change may also notify from its own statement on `notifyChannel`. */
export const createPgStatusBus = (pool: PoolConfig, logger: Logger): Promise<DocumentStatusBus> =>
  createPgChannel<DocumentStatusEvent>('dte_document_status', pool, logger);

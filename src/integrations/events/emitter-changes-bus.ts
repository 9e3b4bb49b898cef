import type { EmitterChangedEvent, EmitterChanges } from '../../services/ports/emitter-changes.port';
import { type PgNoticeHub } from './notify-channel';

/** The channel the issuer tables' triggers notify on (migration Migration20261128180000_emitter_changes). */
export const EMITTER_CHANNEL = 'dte_emitter';

/** LISTEN on the issuer tables' channel (real PostgreSQL only: see EmitterChanges). */
export const createPgEmitterChanges = (hub: PgNoticeHub): EmitterChanges => hub.channel<EmitterChangedEvent>(EMITTER_CHANNEL);

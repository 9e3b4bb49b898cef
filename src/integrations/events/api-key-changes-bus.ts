import type { ApiKeyChangedEvent, ApiKeyChanges } from '../../services/ports/api-key-changes.port';
import { type PgNoticeHub } from './notify-channel';

/** The channel the `api_keys` trigger notifies on (migration Migration20261125150359_api_key_changes). */
export const API_KEY_CHANNEL = 'dte_api_key';

/** LISTEN on the `api_keys` trigger's channel (real PostgreSQL only: see ApiKeyChanges). */
export const createPgApiKeyChanges = (hub: PgNoticeHub): ApiKeyChanges => hub.channel<ApiKeyChangedEvent>(API_KEY_CHANNEL);

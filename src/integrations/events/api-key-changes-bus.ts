import type { PoolConfig } from 'pg';
import type { Logger } from '../../config/logger';
import type { ApiKeyChangedEvent, ApiKeyChanges } from '../../services/shared/api-key-changes.port';
import { createPgChannel } from './notify-channel';

/** The channel the `api_keys` trigger notifies on (migration Migration20261125150359_api_key_changes). */
export const API_KEY_CHANNEL = 'dte_api_key';

/** LISTEN on the `api_keys` trigger's channel (real PostgreSQL only: see ApiKeyChanges). */
export const createPgApiKeyChanges = (pool: PoolConfig, logger: Logger): Promise<ApiKeyChanges> => createPgChannel<ApiKeyChangedEvent>(API_KEY_CHANNEL, pool, logger);

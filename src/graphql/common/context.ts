import type { Logger } from '../../config/logger';
import type { Actor } from '../../services/shared/actor';
import type { Services } from '../../services/services';
import type { Loaders } from './loaders';

/** Per-operation context, the same for HTTP, WebSocket and the in-process REST adapter. */
export interface GraphQLContext {
  actor: Actor | null;
  requestId: string;
  logger: Logger;
  services: Services;
  loaders: Loaders;
}

import type { Server } from 'node:http';
import { specifiedRules, validate, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Logger } from '../config/logger';
import { bearerFromConnectionParams } from '../http/bearer-token';
import type { Actor } from '../services/shared/actor';
import type { Services } from '../services/services';
import type { GraphQLContext } from './common/context';
import { depthLimitRule } from './common/depth-limit.rule';
import { createLoaders } from './common/loaders';

/**
 * Subscriptions over graphql-ws on /graphql. The key travels in `connection_init`:
 * `{"Authorization": "Bearer sk_…"}` (name case-insensitive); a missing or bad key closes with 4403.
 */
export function attachGraphQLWebSocket(opts: { httpServer: Server; schema: GraphQLSchema; services: Services; logger: Logger; maxDepth: number }) {
  const wss = new WebSocketServer({ server: opts.httpServer, path: '/graphql' });
  const rules = [...specifiedRules, depthLimitRule(opts.maxDepth)];
  const disposable = useServer<Record<string, unknown>, { actor?: Actor }>(
    {
      schema: opts.schema,
      validate: (schema, document) => validate(schema, document, rules),
      onConnect: async (ctx) => {
        const token = bearerFromConnectionParams(ctx.connectionParams);
        if (!token) return false;
        const actor = await opts.services.authenticateApiKey.execute(token);
        if (!actor) return false;
        ctx.extra.actor = actor;
        return true;
      },
      context: (ctx): GraphQLContext => ({
        actor: ctx.extra.actor ?? null,
        requestId: `ws_${Date.now().toString(36)}`,
        logger: opts.logger,
        services: opts.services,
        loaders: createLoaders(opts.services),
      }),
    },
    wss,
  );
  return {
    close: async () => {
      await disposable.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

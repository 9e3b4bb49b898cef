import type { Server } from 'node:http';
import { specifiedRules, validate, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Logger } from '../config/logger';
import { bearerFromConnectionParams } from '../http/bearer-token';
import { sessionTokenOf } from '../http/session-cookie';
import type { Actor } from '../services/shared/actor';
import type { Services } from '../services/services';
import type { GraphQLContext } from './common/context';
import { depthLimitRule } from './common/depth-limit.rule';
import { createLoaders } from './common/loaders';
import { csrfMatches, isOwnOrigin, SESSION_ENDED_CLOSE, SessionSockets } from './ws-session-sockets';

type WsExtra = {
  actor?: Actor;
  /** Set for a cookie-authenticated socket: the session is checked again at every subscribe. */
  sessionToken?: string;
};

/**
 * Subscriptions over graphql-ws on /graphql. Either scheme: the key in `connection_init`
 * (`{"Authorization": "Bearer sk_…"}`, name case-insensitive; cookies then ignored), or the panel
 * session cookie sent with the upgrade, from the service's own Origin, with `{"csrf_token": "…"}` in
 * `connection_init`. A missing or bad credential closes with 4403; logout or a role change closes the
 * session's sockets with 4401.
 */
export function attachGraphQLWebSocket(opts: { httpServer: Server; schema: GraphQLSchema; services: Services; logger: Logger; maxDepth: number; baseUrl: () => string }) {
  const wss = new WebSocketServer({ server: opts.httpServer, path: '/graphql' });
  const rules = [...specifiedRules, depthLimitRule(opts.maxDepth)];
  const sockets = new SessionSockets(opts.services.deps.sessionEvents);
  const disposable = useServer<Record<string, unknown>, WsExtra>(
    {
      schema: opts.schema,
      validate: (schema, document) => validate(schema, document, rules),
      onConnect: async (ctx) => {
        const token = bearerFromConnectionParams(ctx.connectionParams);
        if (token !== null) {
          if (!token) return false;
          const actor = await opts.services.authenticateApiKey.execute(token);
          if (!actor) return false;
          ctx.extra.actor = actor;
          return true;
        }
        const cookie = sessionTokenOf(ctx.extra.request);
        if (!cookie || !isOwnOrigin(ctx.extra.request, opts.baseUrl())) return false;
        const s = await opts.services.authenticateSession.execute(cookie);
        if (!s || !csrfMatches(ctx.connectionParams, s.session.csrfToken)) return false;
        ctx.extra.actor = s.actor;
        ctx.extra.sessionToken = cookie;
        sockets.add(s.session.id, ctx.extra.socket);
        return true;
      },
      onSubscribe: async (ctx) => {
        // The session may have ended or its user's role changed since the socket opened.
        if (!ctx.extra.sessionToken) return;
        const s = await opts.services.authenticateSession.execute(ctx.extra.sessionToken);
        if (!s) return void ctx.extra.socket.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
        ctx.extra.actor = s.actor;
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
      sockets.dispose();
      await disposable.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import {
  execute, GraphQLError, parse, specifiedRules, subscribe, validate,
  type DocumentNode, type ExecutionArgs, type ExecutionResult, type FormattedExecutionResult, type GraphQLFormattedError, type GraphQLSchema,
} from 'graphql';
import { handleProtocols, makeServer, type SubscribePayload } from 'graphql-ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Logger } from '../config/logger';
import { AUTH_MESSAGES, keyAddressAllowed, originOf, type ApiGuard, type ConnectionCredential } from '../http/api-guard';
import { bearerFromConnectionParams } from '../http/bearer-token';
import { clientAddress, sessionTokenOf } from '../http/session-cookie';
import { clientAddressOf, protocolOf } from '../http/trust-proxy';
import { IDEMPOTENCY_MESSAGES, idempotencyKeyProblem } from '../http/idempotency-key';
import type { Actor, RequestOrigin } from '../services/shared/actor';
import type { Services } from '../services/services';
import type { GraphQLContext } from './common/context';
import { depthLimitRule } from './common/depth-limit.rule';
import { formatGraphQLError, isServiceUnavailable, serviceUnavailableError } from './common/format-error';
import { isConnectionLost } from '../services/shared/database-unavailable';
import { createLoaders } from './common/loaders';
import { operationLimitError, tooDeepRequestError, type OperationLimits } from './common/operation-limits.plugin';
import { operationScopeRefusal, selectedOperation } from './common/operation-scopes';
import { insufficientScopeMessage } from '../domain/identity/insufficient-scope.message';
import { csrfMatches, isOwnOrigin, SESSION_ENDED_CLOSE, SessionSockets } from './ws-session-sockets';

/** Close codes of this door (graphql-ws reserves 4400–4499 for the application). */
export const WS_CLOSE = {
  /** Missing, unknown or revoked key (or a session refused at connection_init). */
  forbidden: 4403,
  /** The panel session behind the socket ended (logout, role change, user removed). */
  sessionEnded: SESSION_ENDED_CLOSE.code,
  /** Too many connections of one key, or too many attempts without a valid key from one address. */
  tooMany: 4429,
  internal: 4500,
} as const;

export interface GraphQLWebSocketOptions {
  httpServer: Server;
  schema: GraphQLSchema;
  services: Services;
  guard: ApiGuard;
  logger: Logger;
  limits: OperationLimits;
  /** Largest message accepted (BODY_LIMIT_BYTES); a larger one closes the socket with 1009. */
  maxPayloadBytes: number;
  /** Operations at once on one connection (GRAPHQL_WS_MAX_SUBSCRIPTIONS). */
  maxSubscriptions: number;
  /** Open connections of one key in this process (GRAPHQL_WS_MAX_CONNECTIONS_PER_KEY). */
  maxConnectionsPerKey: number;
  /** How often the keys of open connections are read again (revocation, scopes); at most 5 s. */
  recheckMs?: number;
  keepAliveMs?: number;
  /** The service's public address: a cookie-authenticated upgrade must come from its origin. */
  baseUrl: () => string;
  /** TRUST_PROXY, compiled: the upgrade request's client address follows the same rule as HTTP. */
  trustProxy?: (address: string, hop: number) => boolean;
}

interface Connection {
  socket: WebSocket;
  credential: ConnectionCredential;
  actor: Actor;
  /** The upgrade request's client address and User-Agent: where every operation on this connection comes from (audit log). */
  origin: RequestOrigin;
  /** Set when the key was found revoked: the socket closes right after the refusal is sent. */
  closeAfterSend?: { code: number; reason: string };
  /** The panel session behind a cookie-authenticated connection. */
  sessionId?: string;
}

interface Extra {
  socket: WebSocket;
  request: IncomingMessage;
  connection?: Connection;
  /** Settles once the operation sent last on this connection has started (`inTurn`). */
  turn?: Promise<void>;
  /** Marks an operation started, by its id, until it has. */
  starting?: Map<string, () => void>;
}

/** A mutation's `extensions.idempotencyKey`, checked before it runs and applied by `idempotentExecute`. */
interface Idempotency {
  key: string;
  fingerprint: unknown[];
}

const typed = (message: string, code: string, extra: Record<string, unknown> = {}) => new GraphQLError(message, { extensions: { code, ...extra } });

/**
 * GraphQL over graphql-ws on /graphql, under the same rules as HTTP. Either scheme: the key in
 * `connection_init` (`{"Authorization": "Bearer sk_…"}`, name case-insensitive; cookies then ignored),
 * or the panel session cookie sent with the upgrade, from the service's own Origin, with
 * `{"csrf_token": "…"}` in `connection_init`. A missing or bad credential closes with 4403. Every
 * operation reads the credential again (a revoked key closes the socket with 4403, an ended session
 * with 4401; scopes and roles are current) and is checked for scope before it starts, depth, cost,
 * unstorable text and the rate limit; a mutation may carry `extensions.idempotencyKey` with the REST
 * semantics. Open connections are re-checked every `recheckMs`, so an idle socket closes too; logout
 * closes a session's sockets at once.
 */
export function attachGraphQLWebSocket(opts: GraphQLWebSocketOptions) {
  const wss = new WebSocketServer({ server: opts.httpServer, path: '/graphql', maxPayload: opts.maxPayloadBytes, handleProtocols });
  const rules = [...specifiedRules, depthLimitRule(opts.limits.maxDepth)];
  const byKey = new Map<string, Set<Connection>>();
  const idempotencyOf = new WeakMap<object, Idempotency>();
  /** An operation's context → marks it started (its subscription listens, or its execution began). */
  const startedOf = new WeakMap<object, () => void>();
  const markStarted = (contextValue: unknown) => {
    if (contextValue && typeof contextValue === 'object') startedOf.get(contextValue)?.();
  };
  const sessionSockets = new SessionSockets(opts.services.deps.sessionEvents);

  const track = (c: Connection) => {
    const set = byKey.get(c.actor.keyId) ?? new Set<Connection>();
    set.add(c);
    byKey.set(c.actor.keyId, set);
  };
  const untrack = (c: Connection | undefined) => {
    if (!c) return;
    const set = byKey.get(c.actor.keyId);
    set?.delete(c);
    if (set && !set.size) byKey.delete(c.actor.keyId);
  };

  const server = makeServer<Record<string, unknown>, Extra>({
    schema: opts.schema,
    execute: (args: ExecutionArgs) => {
      markStarted(args.contextValue);
      return idempotentExecute(args) as Promise<ExecutionResult>;
    },
    subscribe: async (args: ExecutionArgs) => {
      try {
        return await subscribe(args);
      } finally {
        // The source stream exists: the subscription hears every change from now on.
        markStarted(args.contextValue);
      }
    },
    onConnect: async (ctx) => {
      const admitted = await admitConnection(ctx.extra.request, ctx.connectionParams);
      if (!admitted) {
        const rate = await opts.guard.takeAnonymousRate(clientAddress(ctx.extra.request));
        if (rate && !rate.allowed) ctx.extra.socket.close(WS_CLOSE.tooMany, 'Demasiados intentos sin llave valida');
        return false;
      }
      const open = byKey.get(admitted.actor.keyId)?.size ?? 0;
      if (open >= opts.maxConnectionsPerKey) {
        ctx.extra.socket.close(WS_CLOSE.tooMany, `Demasiadas conexiones de esta llave (maximo ${opts.maxConnectionsPerKey})`);
        return false;
      }
      const origin = originOf(ctx.extra.request);
      const connection: Connection = { socket: ctx.extra.socket, credential: admitted.credential, actor: { ...admitted.actor, origin }, origin, sessionId: admitted.sessionId };
      ctx.extra.connection = connection;
      track(connection);
      if (admitted.sessionId) sessionSockets.add(admitted.sessionId, ctx.extra.socket);
      return true;
    },
    onSubscribe: (ctx, id, payload) => inTurn(ctx.extra, id, () => prepare(ctx.extra, Object.keys(ctx.subscriptions).length, payload)),
    onNext: (_ctx, _id, _payload, args, result) => formatResult(result, args),
    onError: (ctx, id, _payload, errors) => {
      ctx.extra.starting?.get(id)?.();
      return errors.map((e) => formatGraphQLError(e.toJSON(), e));
    },
    onComplete: (ctx, id) => ctx.extra.starting?.get(id)?.(),
    onClose: (ctx) => untrack(ctx.extra.connection),
  });

  /**
   * Operations of one connection start in the order they were sent: each is prepared once the one
   * sent before it has started (a subscription listens, a query or mutation began to run; one refused
   * counts as started). A query sent after a subscription therefore runs when the subscription
   * already hears every change: a client that reloads what it shows with that query misses nothing
   * (the panel does so at every (re)connection). Only the start is ordered; operations still run
   * side by side.
   */
  function inTurn(extra: Extra, id: string, prepareOperation: () => Promise<ExecutionArgs | readonly GraphQLError[]>): Promise<ExecutionArgs | readonly GraphQLError[]> {
    const previous = extra.turn ?? Promise.resolve();
    const starting = (extra.starting ??= new Map());
    let started!: () => void;
    extra.turn = new Promise<void>((resolve) => {
      started = () => {
        starting.delete(id);
        resolve();
      };
    });
    starting.set(id, started);
    return previous.then(prepareOperation).then(
      (prepared) => {
        if (Array.isArray(prepared)) started();
        else startedOf.set((prepared as ExecutionArgs).contextValue as object, started);
        return prepared;
      },
      (err: unknown) => {
        started();
        throw err;
      },
    );
  }

  /** The credential of `connection_init` (an API key) or of the upgrade (a session cookie from our own origin, with its CSRF token). */
  async function admitConnection(request: IncomingMessage, params: Readonly<Record<string, unknown>> | undefined): Promise<{ credential: ConnectionCredential; actor: Actor; sessionId?: string } | null> {
    const token = bearerFromConnectionParams(params);
    if (token !== null) {
      const credential: ConnectionCredential = { scheme: 'api_key', token };
      const actor = token ? await opts.guard.reauthenticate(credential) : null;
      // A key with allowed_ips opens no socket from another address (the upgrade's, by TRUST_PROXY).
      return actor && keyAddressAllowed(actor, clientAddress(request)) ? { credential, actor } : null;
    }
    const cookie = sessionTokenOf(request, opts.services.deps.config.publicBaseUrl);
    if (!cookie || !isOwnOrigin(request, opts.baseUrl())) return null;
    const s = await opts.services.authenticateSession.execute(cookie);
    if (!s || !csrfMatches(params, s.session.csrfToken)) return null;
    if (s.session.secondFactor === 'required' || s.session.secondFactor === 'enrolment_required') return null;
    return { credential: { scheme: 'session', cookie }, actor: s.actor, sessionId: s.session.id };
  }

  /** How a connection whose credential no longer holds is closed: 4403 for a key, 4401 for an ended session. */
  const closeFor = (c: Connection) => (c.credential.scheme === 'session' ? { code: SESSION_ENDED_CLOSE.code, reason: SESSION_ENDED_CLOSE.reason } : { code: WS_CLOSE.forbidden, reason: 'Forbidden' });

  /** Everything an operation must pass before it runs; returns its execution arguments or the errors to answer. */
  async function prepare(extra: Extra, running: number, payload: SubscribePayload): Promise<ExecutionArgs | readonly GraphQLError[]> {
    const connection = extra.connection!;
    const requestId = `ws_${randomBytes(12).toString('hex')}`;
    try {
      const found = await opts.guard.reauthenticate(connection.credential);
      const actor = found ? { ...found, origin: connection.origin } : null;
      if (!actor) {
        connection.closeAfterSend = closeFor(connection);
        return [typed(connection.credential.scheme === 'session' ? AUTH_MESSAGES.sessionInvalid : AUTH_MESSAGES.invalid, 'UNAUTHENTICATED')];
      }
      connection.actor = actor;
      const rate = await opts.guard.takeRate(actor);
      if (rate && !rate.allowed) return [typed(AUTH_MESSAGES.rateLimited(rate.resetS), 'RATE_LIMITED', { retryAfter: rate.resetS })];
      if (running > opts.maxSubscriptions) {
        return [typed(`Esta conexión ya tiene ${opts.maxSubscriptions} operaciones o suscripciones abiertas; complete alguna antes de iniciar otra.`, 'TOO_MANY_SUBSCRIPTIONS')];
      }
      const deep = tooDeepRequestError(payload);
      if (deep) return [deep];
      let document: DocumentNode;
      try {
        document = parse(payload.query);
      } catch (err) {
        return [typed((err as Error).message, 'GRAPHQL_PARSE_FAILED')];
      }
      const invalid = validate(opts.schema, document, rules);
      if (invalid.length) return invalid.map((e) => (e.extensions.code ? e : typed(e.message, 'GRAPHQL_VALIDATION_FAILED')));
      if (!selectedOperation(document, payload.operationName)) {
        const message = payload.operationName
          ? `El documento no tiene una operación llamada "${payload.operationName}".`
          : 'El documento tiene varias operaciones: indique cuál ejecutar en operationName.';
        return [typed(message, 'INVALID_REQUEST', { field: 'operationName' })];
      }
      const limited = operationLimitError(opts.schema, document, payload.operationName, payload.variables, opts.limits);
      if (limited) return [limited];
      const refusal = operationScopeRefusal(document, payload.operationName, actor);
      if (refusal?.code === 'insufficient_scope') return [typed(insufficientScopeMessage(refusal.scope, actor.scheme), 'INSUFFICIENT_SCOPE', { requiredScope: refusal.scope })];
      const contextValue: GraphQLContext = { actor, requestId, logger: opts.logger, services: opts.services, loaders: createLoaders(opts.services) };
      const args: ExecutionArgs = { schema: opts.schema, document, operationName: payload.operationName, variableValues: payload.variables, contextValue };
      const idem = idempotencyOfOperation(document, payload);
      if (idem instanceof GraphQLError) return [idem];
      // As over HTTP: a keyed mutation for panel sessions only is refused before its key is spent (without a key the use case refuses it as data).
      if (idem && refusal?.code === 'session_required') return [typed(AUTH_MESSAGES.sessionRequired, 'SESSION_REQUIRED')];
      if (idem) idempotencyOf.set(contextValue, idem);
      return args;
    } catch (err) {
      if (isConnectionLost(err)) return [new GraphQLError(serviceUnavailableError().message, { extensions: serviceUnavailableError().extensions })];
      opts.logger.error({ err, request_id: requestId }, 'error interno al preparar una operación graphql-ws');
      return [typed('Ocurrió un error interno. Si persiste, comuníquese con soporte.', 'INTERNAL_ERROR', { requestId })];
    }
  }

  /** `extensions.idempotencyKey` of a mutation: checked here, applied when it runs (`idempotentExecute`). */
  function idempotencyOfOperation(document: DocumentNode, payload: SubscribePayload): Idempotency | GraphQLError | null {
    const key = payload.extensions?.idempotencyKey;
    if (key === undefined || key === null) return null;
    if (selectedOperation(document, payload.operationName)?.operation !== 'mutation') return null;
    const bad = idempotencyKeyProblem(typeof key === 'string' ? key : String(key), false);
    if (bad || typeof key !== 'string') return typed(bad?.detail ?? 'idempotencyKey debe ser texto.', (bad?.code ?? 'idempotency_key_invalid').toUpperCase(), { field: 'extensions.idempotencyKey' });
    // The same fingerprint as the HTTP door: a repeat is answered the same whichever door it uses.
    return { key, fingerprint: ['GRAPHQL', payload.query, payload.operationName ?? null, payload.variables ?? null] };
  }

  /**
   * Runs an operation; with an Idempotency-Key, through the same service as the HTTP doors: the
   * first run stores its result (as the HTTP door stores its body), a repeat answers it.
   */
  async function idempotentExecute(args: ExecutionArgs): Promise<ExecutionResult | FormattedExecutionResult> {
    const context = args.contextValue as GraphQLContext;
    const idem = idempotencyOf.get(context);
    if (!idem || !context.actor) return execute(args);
    const outcome = await opts.services.runIdempotentRequest.execute(context.actor, idem, async (keyed) => {
      const formatted = formatResult(await execute({ ...args, contextValue: { ...context, actor: keyed } }), args);
      // As over HTTP: a result the database failed is a server error, never stored for replay.
      return { status: isServiceUnavailable(formatted.errors) ? 503 : 200, body: JSON.stringify(formatted), headers: { 'content-type': 'application/json; charset=utf-8' } };
    });
    if (outcome.kind === 'mismatch') return { errors: [typed(IDEMPOTENCY_MESSAGES.mismatch, 'IDEMPOTENCY_KEY_REUSED')] };
    if (outcome.kind === 'in_progress') return { errors: [typed(IDEMPOTENCY_MESSAGES.inProgress, 'IDEMPOTENCY_REQUEST_IN_PROGRESS', { retryAfter: outcome.retryAfterS })] };
    let stored: FormattedExecutionResult;
    try {
      stored = JSON.parse(outcome.response.body) as FormattedExecutionResult;
    } catch {
      // Stored by the HTTP door with a body that is not a GraphQL result (an internal failure).
      stored = { errors: [formatGraphQLError({ message: '' })] };
    }
    return outcome.replayed ? { ...stored, extensions: { ...(stored.extensions ?? {}), idempotencyReplayed: true } } : stored;
  }

  /** Errors as the HTTP door shows them: typed ones as they are, anything else logged and masked. */
  function formatResult(result: ExecutionResult | FormattedExecutionResult, args: ExecutionArgs): FormattedExecutionResult {
    const { errors, ...rest } = result;
    if (!errors?.length) return rest;
    const requestId = (args.contextValue as GraphQLContext | undefined)?.requestId;
    return {
      ...rest,
      errors: errors.map((e) => {
        // A replayed result holds errors already formatted (plain objects).
        if (!(e instanceof GraphQLError)) return formatGraphQLError(e as GraphQLFormattedError);
        if (!e.extensions?.code && e.originalError && !(e.originalError instanceof GraphQLError)) {
          opts.logger.error({ err: e.originalError, request_id: requestId, path: e.path }, 'error interno en GraphQL (graphql-ws)');
          return formatGraphQLError(e.toJSON(), e);
        }
        const json = e.toJSON();
        return formatGraphQLError(e.extensions?.code ? json : { ...json, extensions: { ...json.extensions, code: 'BAD_USER_INPUT' } });
      }),
    };
  }

  wss.on('connection', (socket, request) => {
    // The client address by TRUST_PROXY, once: every operation of the connection acts from there.
    const trust = opts.trustProxy ?? (() => false);
    Object.defineProperty(request, 'ip', { value: clientAddressOf(request, trust), enumerable: true });
    // And its scheme as Express's `req.protocol` gives it (X-Forwarded-Proto from a trusted hop): the session cookie's name depends on it.
    Object.defineProperty(request, 'protocol', { value: protocolOf(request, trust), enumerable: true });
    socket.on('error', (err: Error & { code?: string }) => {
      // A message over maxPayload (1009) or a broken frame: one line, no stack.
      opts.logger.warn({ code: err.code, message: err.message }, 'conexión graphql-ws cerrada por un error del protocolo');
    });
    const keepAlive = opts.keepAliveMs ?? 12_000;
    const ping = setInterval(() => {
      if (socket.readyState === socket.OPEN) socket.ping();
    }, keepAlive);
    ping.unref();
    const extra: Extra = { socket, request };
    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) =>
          new Promise<void>((resolve) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            socket.send(data, () => {
              resolve();
              const close = extra.connection?.closeAfterSend;
              if (close) socket.close(close.code, close.reason);
            });
          }),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (cb) =>
          socket.on('message', async (data) => {
            try {
              await cb(String(data));
            } catch (err) {
              // The database unreachable (at connection_init, say): 1013 "try again later", which clients reconnect after.
              if (isConnectionLost(err)) return socket.close(1013, 'Servicio no disponible; reintente');
              opts.logger.error({ err }, 'error interno en un mensaje graphql-ws');
              socket.close(WS_CLOSE.internal, 'Internal server error');
            }
          }),
      },
      extra,
    );
    socket.once('close', (code, reason) => {
      clearInterval(ping);
      void closed(code, String(reason));
    });
  });

  // Open connections of a revoked key, or of an expired panel session, close within `recheckMs` even when idle; scopes stay current.
  const recheckMs = Math.min(opts.recheckMs ?? 5000, 5000);
  const sweep = setInterval(() => void recheckOpenConnections(), recheckMs);
  sweep.unref();
  async function recheckOpenConnections(): Promise<void> {
    // Sessions: re-read at each operation, closed at once by logout, a role change or the expiry
    // sweep (session events) — and here, without sliding their idle deadline, once the session
    // passed its idle or absolute deadline or its row is gone.
    const bySession = new Map<string, Connection[]>();
    for (const [, set] of byKey) for (const c of set) if (c.sessionId) bySession.set(c.sessionId, [...(bySession.get(c.sessionId) ?? []), c]);
    if (bySession.size) {
      try {
        const live = await opts.services.livePanelSessions.execute([...bySession.keys()]);
        for (const [id, connections] of bySession) if (!live.has(id)) for (const c of connections) c.socket.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
      } catch (err) {
        opts.logger.warn({ err }, 'no se pudo volver a verificar las sesiones de las conexiones graphql-ws');
      }
    }
    for (const [, set] of byKey) {
      const first = set.values().next().value;
      if (!first || first.credential.scheme === 'session') continue;
      try {
        const actor = await opts.guard.reauthenticate(first.credential);
        for (const c of [...set]) {
          if (!actor) c.socket.close(closeFor(c).code, closeFor(c).reason);
          else c.actor = actor;
        }
      } catch (err) {
        opts.logger.warn({ err }, 'no se pudo volver a verificar las llaves de las conexiones graphql-ws');
      }
    }
  }

  return {
    /** Open connections per key id (for tests and metrics). */
    connectionsOf: (keyId: string) => byKey.get(keyId)?.size ?? 0,
    close: async () => {
      clearInterval(sweep);
      sessionSockets.dispose();
      // 1012 "service restart": graphql-ws clients reconnect (to another process behind the proxy).
      for (const client of wss.clients) client.close(1012, 'Reinicio del servicio');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

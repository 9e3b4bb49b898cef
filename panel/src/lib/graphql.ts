/**
 * GraphQL over the service's own /graphql: queries and mutations by HTTP (@urql/core) with the
 * session cookie and X-CSRF-Token, live updates over graphql-ws on the same path (the CSRF token goes
 * in connection_init). Mutations carry the Idempotency-Key of the user action.
 */
import { Client, fetchExchange, type AnyVariables, type CombinedError } from '@urql/core';
import { createClient as createWsClient, type Client as WsClient } from 'graphql-ws';
import { ApiError, NETWORK_ERROR, csrfHeader, sessionLost, type FieldError } from './http';
import { createStore } from './store';

export interface UserError {
  field: string | null;
  code: string;
  message: string;
}

/** Whether live updates are flowing (the socket is open). */
export const liveStatus = createStore<'connecting' | 'live' | 'offline'>('connecting');

let ws: WsClient | null = null;

function wsUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/graphql`;
}

function socket(): WsClient {
  if (ws) return ws;
  ws = createWsClient({
    url: wsUrl(),
    lazy: true,
    lazyCloseTimeout: 3000,
    keepAlive: 15_000,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    connectionParams: () => ({ csrf_token: csrfHeader()['X-CSRF-Token'] ?? '' }),
    on: {
      connecting: () => liveStatus.set('connecting'),
      connected: () => liveStatus.set('live'),
      closed: () => liveStatus.set('offline'),
    },
  });
  return ws;
}

/** Closes the live connection (at logout, or when the environment changes). */
export function closeLiveUpdates(): void {
  ws?.dispose();
  ws = null;
  liveStatus.set('connecting');
}

const client = new Client({
  url: '/graphql',
  preferGetMethod: false,
  requestPolicy: 'network-only',
  fetchOptions: () => ({ credentials: 'same-origin', headers: csrfHeader() }),
  exchanges: [fetchExchange],
});

function toApiError(error: CombinedError): ApiError {
  const first = error.graphQLErrors[0];
  if (first) {
    const code = String(first.extensions?.code ?? 'INTERNAL_ERROR');
    if (code === 'UNAUTHENTICATED') sessionLost();
    return new ApiError(first.message, 0, code.toLowerCase());
  }
  return new ApiError(NETWORK_ERROR, 0, 'network_error');
}

export async function gqlQuery<T>(query: string, variables?: AnyVariables): Promise<T> {
  const r = await client.query<T>(query, variables ?? {}, { requestPolicy: 'network-only' }).toPromise();
  if (r.error) throw toApiError(r.error);
  return r.data as T;
}

/**
 * Runs a mutation and returns its payload (the mutation's single field). A payload with `errors`
 * (a refusal returned as data) throws an ApiError carrying them field by field. `idempotencyKey` is
 * the user action's key; null only for a dry run, which changes nothing.
 */
export async function gqlMutate<P extends { errors?: UserError[] }>(query: string, variables: AnyVariables, idempotencyKey: string | null): Promise<P> {
  const headers: Record<string, string> = { ...csrfHeader() };
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  const r = await client
    .mutation<Record<string, P>>(query, variables, { fetchOptions: { credentials: 'same-origin', headers } })
    .toPromise();
  if (r.error) throw toApiError(r.error);
  const payload = Object.values(r.data ?? {})[0] as P;
  if (payload?.errors?.length) {
    const fields: FieldError[] = payload.errors.map((e) => ({ path: e.field, code: e.code.toLowerCase(), message: e.message }));
    throw new ApiError(payload.errors.map((e) => e.message).join(' '), 422, payload.errors[0].code.toLowerCase(), fields);
  }
  return payload;
}

/** Sent behind a subscription on the same connection: the service answers it once the subscription listens. */
const LISTENING_PROBE = 'query PanelListening { __typename }';

/**
 * Subscribes to a GraphQL subscription; returns the function that stops it.
 *
 * `onListening` runs each time the subscription has started listening on a connection: at first and
 * after every reconnection. The service starts one connection's operations in the order they were
 * sent, so a query sent right behind the subscription is answered only once it listens; that answer
 * calls `onListening`. A screen reloads its data then: what changed before the subscription
 * listened, or while the connection was down, reaches the screen that way, and every later change
 * as an event.
 */
export function gqlSubscribe<T>(query: string, variables: Record<string, unknown>, onData: (data: T) => void, onListening?: () => void): () => void {
  const ws = socket();
  let stopped = false;
  let probe: (() => void) | null = null;
  const stopProbe = () => {
    probe?.();
    probe = null;
  };
  const ignore = () => undefined;
  const stop = ws.subscribe<T>({ query, variables }, { next: (r) => void (!stopped && r.data && onData(r.data)), error: ignore, complete: ignore });
  if (!onListening) return stop;
  const sendProbe = () => {
    if (stopped) return;
    stopProbe();
    let answered = false;
    probe = ws.subscribe(
      { query: LISTENING_PROBE },
      {
        next: () => {
          if (answered || stopped) return;
          answered = true;
          onListening();
        },
        error: ignore,
        complete: ignore,
      },
    );
  };
  // The subscription is (re)sent on a connection as soon as it is acknowledged (promise callbacks);
  // the probe goes in the next task, behind it. A probe caught by a closing connection is dropped,
  // never re-sent ahead of the subscription.
  const offConnected = ws.on('connected', () => window.setTimeout(sendProbe, 0));
  const offClosed = ws.on('closed', stopProbe);
  if (liveStatus.get() === 'live') window.setTimeout(sendProbe, 0);
  return () => {
    stopped = true;
    offConnected();
    offClosed();
    stopProbe();
    stop();
  };
}

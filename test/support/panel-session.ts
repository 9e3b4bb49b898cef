import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { request, type ApiResponse } from './http-client';
import type { TestApp } from './test-app';

/** A logged-in panel session as a browser holds it: the cookie and the CSRF token of GET /v1/auth/session. */
export interface PanelSession {
  cookie: string;
  token: string;
  csrf: string;
  setCookie: string;
  body: Record<string, any>;
}

export async function logIn(url: string, email: string, password: string, headers: Record<string, string> = {}): Promise<PanelSession> {
  const r = await request(url, 'POST', '/v1/auth/login', { body: { email, password }, headers, idempotencyKey: null });
  if (r.status !== 200) throw new Error(`login: ${r.status} ${r.text}`);
  const setCookie = r.headers.get('set-cookie') ?? '';
  // `__Host-service_session` where the service is served over https, `service_session` over http.
  const [, name = 'service_session', token = ''] = /^((?:__Host-)?service_session)=([^;]*)/.exec(setCookie) ?? [];
  return { cookie: `${name}=${token}`, token, csrf: r.body.csrf_token, setCookie, body: r.body };
}

/** A request with the session cookie; `csrf: false` leaves out X-CSRF-Token. */
export function withSession(
  url: string,
  s: Pick<PanelSession, 'cookie' | 'csrf'>,
  method: string,
  path: string,
  opts: { body?: unknown; csrf?: string | false; headers?: Record<string, string>; idempotencyKey?: string | null; raw?: string } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { Cookie: s.cookie, ...(opts.headers ?? {}) };
  const csrf = opts.csrf === undefined ? s.csrf : opts.csrf;
  if (csrf !== false) headers['X-CSRF-Token'] = csrf;
  return request(url, method, path, { body: opts.body, raw: opts.raw, headers, idempotencyKey: opts.idempotencyKey });
}

export function graphqlWithSession(url: string, s: Pick<PanelSession, 'cookie' | 'csrf'>, query: string, variables: Record<string, unknown> = {}, opts: { csrf?: string | false } = {}) {
  return withSession(url, s, 'POST', '/graphql', { body: { query, variables }, csrf: opts.csrf, idempotencyKey: null });
}

/** A graphql-ws client whose upgrade carries the cookie and an Origin (as a browser page would). */
export function sessionWsClient(url: string, cookie: string, origin: string | null, params: Record<string, unknown>, extraHeaders: Record<string, string> = {}): Client {
  const headers: Record<string, string> = { Cookie: cookie, ...extraHeaders };
  if (origin) headers.Origin = origin;
  class BrowserLikeWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  return createClient({ url: url.replace('http', 'ws') + '/graphql', webSocketImpl: BrowserLikeWebSocket, connectionParams: params, retryAttempts: 0, lazy: true });
}

/** Resolves with the close event (code) of a client that is refused or closed by the server. */
export function closeOf(client: Client): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => {
    client.on('closed', (e) => resolve(e as { code: number; reason: string }));
  });
}

/** One logged-in user per role of the test account, and the owner of another account (`stranger`). */
export interface RoleSessions {
  owner: PanelSession;
  member: PanelSession;
  viewer: PanelSession;
  stranger: PanelSession;
  strangerAccount: { id: string; testKey: string; liveKey: string };
}

export async function sessionsByRole(t: TestApp, password: string): Promise<RoleSessions> {
  const strangerAccount = await t.newAccount('Otra cuenta');
  const users: [string, string, string][] = [
    [t.account.id, 'duena@lasbrisas.com.sv', 'owner'],
    [t.account.id, 'miembro@lasbrisas.com.sv', 'member'],
    [t.account.id, 'lectura@lasbrisas.com.sv', 'viewer'],
    [strangerAccount.id, 'dueno@otra.com.sv', 'owner'],
  ];
  for (const [accountId, email, role] of users) await t.app.services.createUser.execute({ accountId, email, password, role });
  const [owner, member, viewer, stranger] = await Promise.all(users.map(([, email]) => logIn(t.url, email, password)));
  return { owner, member, viewer, stranger, strangerAccount };
}

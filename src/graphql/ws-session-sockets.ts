import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import { sameToken } from '../domain/identity/session-token';
import type { SessionEventsBus } from '../services/ports/session-events.port';

/** graphql-ws close code when the panel session behind a socket ended (logout, role change, user removed). */
export const SESSION_ENDED_CLOSE = { code: 4401, reason: 'Sesión terminada' } as const;

/**
 * The open WebSockets of each panel session in this process; an ended session (any process, through
 * the session events bus) closes them at once.
 */
export class SessionSockets {
  private readonly bySession = new Map<string, Set<WebSocket>>();
  private readonly unsubscribe: () => void;

  constructor(bus: SessionEventsBus) {
    this.unsubscribe = bus.subscribe((e) => {
      for (const id of e.sessionIds) this.closeSession(id);
    });
  }

  add(sessionId: string, socket: WebSocket): void {
    let set = this.bySession.get(sessionId);
    if (!set) this.bySession.set(sessionId, (set = new Set()));
    set.add(socket);
    socket.once('close', () => {
      set.delete(socket);
      if (!set.size && this.bySession.get(sessionId) === set) this.bySession.delete(sessionId);
    });
  }

  closeSession(sessionId: string): void {
    const set = this.bySession.get(sessionId);
    if (!set) return;
    this.bySession.delete(sessionId);
    for (const socket of set) socket.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
  }

  dispose(): void {
    this.unsubscribe();
  }
}

/**
 * A cookie-authenticated upgrade must come from the service's own pages: its `Origin` equals the
 * public address's origin (PUBLIC_BASE_URL) or the origin of the Host it was sent to. A cross-site
 * page cannot forge either (browsers set both headers); a missing Origin is refused.
 */
export function isOwnOrigin(req: IncomingMessage, baseUrl: string): boolean {
  const origin = req.headers.origin;
  if (typeof origin !== 'string' || !origin) return false;
  const own = new Set<string>();
  try {
    if (baseUrl) own.add(new URL(baseUrl).origin);
  } catch {
    /* no public address yet */
  }
  const host = req.headers.host;
  if (host) {
    const secure = (req.socket as { encrypted?: boolean }).encrypted || baseUrl.startsWith('https:');
    own.add(`${secure ? 'https' : 'http'}://${host.toLowerCase()}`);
  }
  return own.has(origin.toLowerCase());
}

/** `connection_init` `{"csrf_token": "…"}` (key name case-insensitive) matches the session's token. */
export function csrfMatches(params: Readonly<Record<string, unknown>> | undefined | null, expected: string): boolean {
  if (!params) return false;
  for (const [k, v] of Object.entries(params)) {
    if (k.toLowerCase() === 'csrf_token' && typeof v === 'string') return sameToken(v, expected);
  }
  return false;
}

/**
 * The panel session: the HttpOnly cookie `service_session` is the credential (JavaScript never sees
 * it); this module keeps what GET /v1/auth/session returns, the CSRF token included, in memory only.
 */
import { api, setCsrfToken, whenSessionLost } from './http';
import { closeLiveUpdates } from './graphql';
import { newIdempotencyKey } from './idempotency';
import { createStore } from './store';

export type Role = 'owner' | 'member' | 'viewer';
export type Environment = '00' | '01';

/** `none`/`verified`: a full session; `required`: the code of the app is awaited; `enrolment_required`: the account requires a second factor the user lacks. */
export type SecondFactor = 'none' | 'verified' | 'required' | 'enrolment_required';

export interface Session {
  user: { id: string; email: string; role: Role };
  accountId: string;
  environment: Environment;
  csrfToken: string;
  expiresAt: string;
  secondFactor: SecondFactor;
}

export type SessionState =
  | { kind: 'loading' }
  | { kind: 'anonymous'; notice: string | null }
  | { kind: 'active'; session: Session }
  /** The password was right; the session still owes the code, or enrolling. */
  | { kind: 'second_factor'; session: Session };

interface SessionResource {
  user: { id: string; email: string; role: Role };
  account_id: string;
  environment: Environment;
  csrf_token: string;
  expires_at: string;
  second_factor?: SecondFactor;
}

export const sessionState = createStore<SessionState>({ kind: 'loading' });

function activate(r: SessionResource): Session {
  const session: Session = { user: r.user, accountId: r.account_id, environment: r.environment, csrfToken: r.csrf_token, expiresAt: r.expires_at, secondFactor: r.second_factor ?? 'none' };
  setCsrfToken(session.csrfToken);
  const owes = session.secondFactor === 'required' || session.secondFactor === 'enrolment_required';
  sessionState.set(owes ? { kind: 'second_factor', session } : { kind: 'active', session });
  return session;
}

function end(notice: string | null): void {
  setCsrfToken(null);
  closeLiveUpdates();
  sessionState.set({ kind: 'anonymous', notice });
}

whenSessionLost(() => {
  const kind = sessionState.get().kind;
  if (kind === 'active' || kind === 'second_factor') end('Su sesión terminó. Inicie sesión de nuevo para continuar.');
});

export function currentSession(): Session | null {
  const s = sessionState.get();
  return s.kind === 'active' || s.kind === 'second_factor' ? s.session : null;
}

/** The login's second step: the app's six digits, or a recovery code. */
export async function verifySecondFactor(answer: { code: string } | { recovery_code: string }): Promise<Session> {
  return activate(await api<SessionResource>('POST', '/v1/auth/login/second-factor', { body: answer, anonymous: true }));
}

/** After enrolling (a session that had to): the session is now verified. */
export async function reloadSession(): Promise<Session | null> {
  return loadSession();
}

/**
 * Asks the service whether the cookie is a live session (at page load). The request matches the
 * page's `<link rel="preload" as="fetch">` (same URL, same-origin credentials, no extra header), so
 * the browser hands over the answer it asked for while the scripts loaded.
 */
export async function loadSession(): Promise<Session | null> {
  try {
    return activate(await api<SessionResource>('GET', '/v1/auth/session', { anonymous: true, plain: true }));
  } catch {
    end(null);
    return null;
  }
}

export async function login(email: string, password: string): Promise<Session> {
  return activate(await api<SessionResource>('POST', '/v1/auth/login', { body: { email, password }, anonymous: true }));
}

export async function logout(): Promise<void> {
  try {
    await api('POST', '/v1/auth/logout', { anonymous: true });
  } finally {
    end(null);
  }
}

export async function switchEnvironment(environment: Environment): Promise<void> {
  const r = await api<SessionResource>('PATCH', '/v1/auth/session', { body: { environment }, idempotencyKey: newIdempotencyKey() });
  closeLiveUpdates();
  activate(r);
}

/** What the session's role may do (the service enforces it; the panel hides what would be refused). */
export function can(session: Session, what: 'write' | 'manage'): boolean {
  if (what === 'manage') return session.user.role === 'owner';
  return session.user.role !== 'viewer';
}

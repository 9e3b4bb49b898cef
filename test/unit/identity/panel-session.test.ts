import { LOGIN_THROTTLE, loginThrottle } from '../../../src/domain/identity/login-throttle';
import { passwordProblem } from '../../../src/domain/identity/password-policy';
import { canWrite, scopesOfRole } from '../../../src/domain/identity/roles';
import { DEFAULT_SCOPES } from '../../../src/domain/identity/scopes';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, sessionExpiry } from '../../../src/domain/identity/session-lifetime';
import { generateSessionToken, isWellFormedToken, sameToken } from '../../../src/domain/identity/session-token';
import { clearedSessionCookie, readCookie, sessionCookie } from '../../../src/http/session-cookie';
import { csrfMatches } from '../../../src/graphql/ws-session-sockets';

const MIN = 60_000;
const NOW = Date.UTC(2026, 10, 25, 15, 0, 0);
const ago = (...minutes: number[]) => minutes.map((m) => NOW - m * MIN);

describe('login throttling', () => {
  it.each([
    ['no failures', [], [], { allowed: true }],
    ['4 pair failures', ago(1, 2, 3, 4), ago(1, 2, 3, 4), { allowed: true }],
    ['5 pair failures, oldest 5 min ago: 10 min left', ago(1, 2, 3, 4, 5), ago(1, 2, 3, 4, 5), { allowed: false, retryAfterS: 600, reason: 'pair' }],
    ['6 pair failures: the 5th newest decides', ago(1, 2, 3, 4, 5, 14), ago(1, 2, 3, 4, 5, 14), { allowed: false, retryAfterS: 600, reason: 'pair' }],
    ['5 pair failures, one outside the window', ago(1, 2, 3, 4, 15), ago(1, 2, 3, 4, 15), { allowed: true }],
    ['49 address failures', [], Array.from({ length: 49 }, (_, i) => NOW - i * 1000), { allowed: true }],
    ['50 address failures, oldest 10 min ago', [], [...Array.from({ length: 49 }, (_, i) => NOW - i * 1000), NOW - 10 * MIN], { allowed: false, retryAfterS: 3000, reason: 'ip' }],
    ['both: the later end wins', ago(1, 1, 1, 1, 1), [...Array.from({ length: 49 }, () => NOW - MIN), NOW - 59 * MIN], { allowed: false, retryAfterS: 14 * 60, reason: 'pair' }],
    ['less than a second left rounds up to 1', [NOW - LOGIN_THROTTLE.pairWindowMs + 10, ...ago(1, 1, 1, 1)], [], { allowed: false, retryAfterS: 1, reason: 'pair' }],
  ])('%s', (_label, pair, ip, expected) => {
    expect(loginThrottle(NOW, pair, ip)).toEqual(expected);
  });
});

describe('roles', () => {
  it.each([
    ['owner', ['emitters:read', 'emitters:write', 'documents:read', 'documents:write', 'documents:invalidate', 'webhooks:read', 'webhooks:write', 'fiscal:read', 'fiscal:write', 'fiscal:close'], true],
    ['member', [...DEFAULT_SCOPES, 'documents:invalidate'], true],
    ['viewer', ['emitters:read', 'documents:read', 'webhooks:read', 'fiscal:read'], false],
  ] as const)('%s', (role, scopes, writes) => {
    expect([...scopesOfRole(role)]).toEqual([...scopes]);
    expect(canWrite(role)).toBe(writes);
  });
});

describe('session lifetime', () => {
  it.each([
    ['idle deadline 30 min after the last use', NOW, NOW + 8 * 60 * MIN, NOW + SESSION_IDLE_MS],
    ['never after the absolute end', NOW, NOW + 10 * MIN, NOW + 10 * MIN],
  ])('%s', (_label, seen, absolute, expected) => {
    expect(sessionExpiry(new Date(seen), new Date(absolute)).getTime()).toBe(expected);
  });
  it('absolute lifetime is 8 hours', () => expect(SESSION_ABSOLUTE_MS).toBe(8 * 3600_000));
});

describe('tokens and cookies', () => {
  it('tokens carry 256 random bits and compare in constant time', () => {
    const a = generateSessionToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(isWellFormedToken(a)).toBe(true);
    expect(sameToken(a, a)).toBe(true);
    expect(sameToken(a, generateSessionToken())).toBe(false);
    expect(sameToken(a, undefined)).toBe(false);
    expect(sameToken('', '')).toBe(true);
  });
  it.each([
    ['one cookie', 'service_session=abc', 'abc'],
    ['among others', 'theme=dark; service_session=abc; lang=es', 'abc'],
    ['quoted', 'service_session="abc"', 'abc'],
    ['absent', 'theme=dark', null],
    ['a longer name is another cookie', 'xservice_session=abc', null],
    ['first one wins', 'service_session=a; service_session=b', 'a'],
  ])('readCookie: %s', (_label, header, expected) => {
    expect(readCookie(header, 'service_session')).toBe(expected);
  });
  it.each([
    [false, 'service_session=t; Path=/; Max-Age=28800; HttpOnly; SameSite=Lax'],
    [true, '__Host-service_session=t; Path=/; Max-Age=28800; HttpOnly; SameSite=Lax; Secure'],
  ])('Set-Cookie (secure %s)', (secure, expected) => {
    expect(sessionCookie('t', 28800, secure)).toBe(expected);
    expect(clearedSessionCookie(secure)).toMatch(/^(__Host-)?service_session=; Path=\/; Max-Age=0;.*HttpOnly; SameSite=Lax/);
  });
  it.each([
    ['csrf_token', { csrf_token: 'tok' }, true],
    ['any case', { CSRF_Token: 'tok' }, true],
    ['other value', { csrf_token: 'x' }, false],
    ['missing', {}, false],
    ['not a string', { csrf_token: 1 }, false],
  ])('connection_init %s', (_label, params, ok) => {
    expect(csrfMatches(params, 'tok')).toBe(ok);
  });
});

describe('password policy', () => {
  it.each([
    ['short', 'corta', 'La contraseña debe tener al menos 12 caracteres.'],
    ['eleven characters', 'once-caract', 'La contraseña debe tener al menos 12 caracteres.'],
    ['twelve characters', 'doce-caracte', null],
    ['twelve characters counted as the user sees them (ñ, emoji)', 'contraseña🔒🔒', null],
    ['exactly 200', 'x'.repeat(200), null],
    ['the e-mail itself', 'Ana@Example.com', 'La contraseña no puede ser igual al correo electrónico.'],
    ['over 200', 'x'.repeat(201), 'La contraseña admite hasta 200 caracteres.'],
  ])('%s', (_label, password, problem) => {
    expect(passwordProblem(password, 'ana@example.com')).toBe(problem);
  });
});

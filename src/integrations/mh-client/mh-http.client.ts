/**
 * MhClient over HTTP(S) with Node's fetch. Login is a form post; the token is cached per
 * (environment, NIT, user, password) and renewed before it gets old; on a 401/403 the cache is cleared, the
 * client logs in again and retries the call once. Every call has its own deadline (`timeoutMs`).
 * Logs carry the operation, environment, HTTP status, duration and generation code — never
 * passwords, tokens or JWS contents.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type {
  MhClient, MhContingencyResult, MhCredentials, MhEnvironment, MhFailure, MhLoginFailureCode, MhLoginResult,
  MhLoteQueryResult, MhLoteSendResult, MhQueryResult, MhReception, MhTransmitRequest,
} from '../../services/ports/mh-client.port';
import { BoundedMemo } from '../../domain/shared/bounded-memo';
import { MH_PATHS } from './mh-hosts';
import { httpCall, type HttpOutcome } from './mh-http-transport';
import { failureOf, mapContingency, mapOther, mapReception, receptionFromBody } from './mh-response.mapper';
import { DEFAULT_TOKEN_MAX_AGE_MS, MhTokenCache, normaliseToken } from './mh-token-cache';
import { trimTrailing } from '../../domain/shared/linear-text';

export interface HttpMhClientOptions {
  baseUrls: Record<MhEnvironment, string>;
  /** Per HTTP call; MH's retry rule uses 8000. */
  timeoutMs: number;
  userAgent?: string;
  clock?: { now(): Date };
  logger?: Logger;
  /** Reuse a token at most this long (default 20 h, MH tokens last 24 h). */
  tokenMaxAgeMs?: number;
  /** Told of every HTTP call to MH (metrics, reachability). */
  onCall?: (call: MhCall) => void;
}

/** One HTTP call to MH as an operator counts it. */
export interface MhCall {
  operation: string;
  environment: MhEnvironment;
  /** `response` (any HTTP status), `timeout`, or a network failure kind. */
  outcome: string;
  status: number | null;
  seconds: number;
}

type LoginOutcome = { ok: true; token: string } | { ok: false; code: MhLoginFailureCode; message: string; failure: MhFailure };
type CallOutcome = HttpOutcome | { kind: 'auth_failed'; failure: MhFailure };

export const DEFAULT_USER_AGENT = 'dte-service/0.1 (+mh-client)';

export class HttpMhClient implements MhClient {
  private readonly clock: { now(): Date };
  private readonly tokens: MhTokenCache;
  private readonly logins = new Map<string, Promise<LoginOutcome>>();
  /** SHA-256 fingerprints of the passwords seen (memory only). */
  private readonly fingerprints = new BoundedMemo<string>(256);

  constructor(private readonly opts: HttpMhClientOptions) {
    this.clock = opts.clock ?? { now: () => new Date() };
    this.tokens = new MhTokenCache(opts.tokenMaxAgeMs ?? DEFAULT_TOKEN_MAX_AGE_MS, () => this.clock.now());
  }

  async login(env: MhEnvironment, creds: MhCredentials): Promise<MhLoginResult> {
    this.tokens.clear(this.cacheKey(env, creds));
    const r = await this.authenticate(env, creds);
    return r.ok ? { ok: true } : { ok: false, code: r.code, message: r.message };
  }

  async transmit(env: MhEnvironment, creds: MhCredentials, req: MhTransmitRequest): Promise<MhReception> {
    const body = { ambiente: env, idEnvio: randomInt(1, 2 ** 31 - 1), version: req.version, tipoDte: req.tipoDte, documento: req.jws, codigoGeneracion: req.codigoGeneracion };
    const out = await this.call(env, creds, 'recepciondte', 'POST', req.path ?? MH_PATHS.reception, body, req.codigoGeneracion);
    return out.kind === 'auth_failed' ? out.failure : mapReception(out, this.clock.now());
  }

  async query(env: MhEnvironment, creds: MhCredentials, req: { tipoDte: string; codigoGeneracion: string }): Promise<MhQueryResult> {
    const body = { nitEmisor: creds.nit, tdte: req.tipoDte, codigoGeneracion: req.codigoGeneracion };
    const out = await this.call(env, creds, 'consultadte', 'POST', MH_PATHS.query, body, req.codigoGeneracion);
    if (out.kind === 'auth_failed') return out.failure;
    if (out.kind === 'response' && out.status < 500) {
      const o = out.json as Record<string, unknown> | undefined;
      if (o && typeof o === 'object' && o.codigoMsg === '999' && (o.estado === null || o.estado === undefined)) return { kind: 'not_found', raw: out.json };
    }
    return mapReception(out, this.clock.now());
  }

  async sendLote(env: MhEnvironment, creds: MhCredentials, req: { version: number; jwsList: string[] }): Promise<MhLoteSendResult> {
    const idEnvio = randomUUID().toUpperCase();
    const body = { ambiente: env, idEnvio, version: req.version, nitEmisor: creds.nit, documentos: req.jwsList };
    const out = await this.call(env, creds, 'recepcionlote', 'POST', MH_PATHS.lote, body, null);
    if (out.kind === 'auth_failed') return out.failure;
    if (out.kind !== 'response') return failureOf(out);
    const o = out.json as Record<string, unknown> | undefined;
    if (out.status < 300 && o?.estado === 'RECIBIDO' && typeof o.codigoLote === 'string' && o.codigoLote !== '') {
      return { kind: 'accepted', loteCode: o.codigoLote, raw: out.json };
    }
    const mapped = mapReception(out, this.clock.now());
    return mapped.kind === 'processed' || mapped.kind === 'duplicate' ? mapOther(out) : mapped;
  }

  async queryLote(env: MhEnvironment, creds: MhCredentials, loteCode: string): Promise<MhLoteQueryResult> {
    const out = await this.call(env, creds, 'consultadtelote', 'GET', `${MH_PATHS.loteQuery}${encodeURIComponent(loteCode)}`, undefined, null);
    if (out.kind === 'auth_failed') return out.failure;
    if (out.kind !== 'response') return failureOf(out);
    const o = out.json as Record<string, unknown> | undefined;
    if (out.status < 300 && o && (Array.isArray(o.procesados) || Array.isArray(o.rechazados))) {
      const entries = [...(Array.isArray(o.procesados) ? o.procesados : []), ...(Array.isArray(o.rechazados) ? o.rechazados : [])];
      if (entries.length === 0) return { kind: 'pending' };
      const now = this.clock.now();
      return {
        kind: 'done',
        results: entries.map((e) => ({
          codigoGeneracion: String((e as Record<string, unknown>)?.codigoGeneracion ?? ''),
          reception: receptionFromBody(e, now) ?? { kind: 'unavailable', status: out.status, message: 'Resultado de lote no reconocido' },
        })),
      };
    }
    const mapped = mapReception(out, this.clock.now());
    return mapped.kind === 'processed' || mapped.kind === 'duplicate' ? mapOther(out) : mapped;
  }

  async sendContingency(env: MhEnvironment, creds: MhCredentials, jws: string): Promise<MhContingencyResult> {
    const out = await this.call(env, creds, 'contingencia', 'POST', MH_PATHS.contingency, { nit: creds.nit, documento: jws }, null);
    if (out.kind === 'auth_failed') {
      return out.failure.kind === 'timeout' ? { kind: 'timeout', message: out.failure.message } : { kind: 'unavailable', message: out.failure.message };
    }
    return mapContingency(out);
  }

  async invalidate(env: MhEnvironment, creds: MhCredentials, req: { version: number; jws: string }): Promise<MhReception> {
    const body = { ambiente: env, idEnvio: randomInt(1, 2 ** 31 - 1), version: req.version, documento: req.jws };
    const out = await this.call(env, creds, 'anulardte', 'POST', MH_PATHS.invalidation, body, null);
    return out.kind === 'auth_failed' ? out.failure : mapReception(out, this.clock.now());
  }

  private url(env: MhEnvironment, path: string): string {
    return `${trimTrailing(this.opts.baseUrls[env], '/')}${path}`;
  }

  private async call(env: MhEnvironment, creds: MhCredentials, operation: string, method: 'GET' | 'POST', path: string, body: unknown, code: string | null): Promise<CallOutcome> {
    const key = this.cacheKey(env, creds);
    let token = this.tokens.get(key);
    if (!token) {
      const login = await this.sharedLogin(env, creds);
      if (!login.ok) return { kind: 'auth_failed', failure: login.failure };
      token = login.token;
    }
    const send = (t: string) => this.timed(operation, env, code, () => httpCall({
      method,
      url: this.url(env, path),
      headers: { Authorization: t, 'User-Agent': this.userAgent(), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: this.opts.timeoutMs,
    }));
    let out = await send(token);
    if (out.kind === 'response' && (out.status === 401 || out.status === 403)) {
      this.tokens.clear(key);
      const login = await this.sharedLogin(env, creds);
      if (!login.ok) return { kind: 'auth_failed', failure: login.failure };
      out = await send(login.token);
    }
    return out;
  }

  /** One login at a time per (environment, NIT, user); concurrent callers share it. */
  private sharedLogin(env: MhEnvironment, creds: MhCredentials): Promise<LoginOutcome> {
    const key = this.cacheKey(env, creds);
    let p = this.logins.get(key);
    if (!p) {
      p = this.authenticate(env, creds).finally(() => this.logins.delete(key));
      this.logins.set(key, p);
    }
    return p;
  }

  private async authenticate(env: MhEnvironment, creds: MhCredentials): Promise<LoginOutcome> {
    const out = await this.timed('auth', env, null, () => httpCall({
      method: 'POST',
      url: this.url(env, MH_PATHS.auth),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': this.userAgent(), Accept: 'application/json' },
      body: new URLSearchParams({ user: creds.mhUser, pwd: creds.mhPassword }).toString(),
      timeoutMs: this.opts.timeoutMs,
    }));
    if (out.kind !== 'response') {
      const failure = failureOf(out);
      return { ok: false, code: out.kind === 'timeout' ? 'timeout' : 'unavailable', message: failure.message, failure };
    }
    const o = out.json as Record<string, unknown> | undefined;
    const token = (o?.body as Record<string, unknown> | undefined)?.token;
    if (out.status < 300 && o?.status === 'OK' && typeof token === 'string' && token.trim() !== '') {
      const normalised = normaliseToken(token);
      this.tokens.set(this.cacheKey(env, creds), normalised);
      return { ok: true, token: normalised };
    }
    if (o?.status === 'ERROR' || out.status === 401 || out.status === 403) {
      const message = `El MH rechazó las credenciales: ${typeof o?.message === 'string' ? o.message : 'Usuario no valido'}`;
      return { ok: false, code: 'invalid_credentials', message, failure: { kind: 'unavailable', status: 401, message } };
    }
    const failure = mapOther(out);
    const message = 'message' in failure ? failure.message : 'Respuesta no reconocida del MH';
    return { ok: false, code: out.status >= 500 ? 'unavailable' : 'unexpected_response', message, failure: { kind: 'unavailable', status: out.status, message } };
  }

  private async timed(operation: string, env: MhEnvironment, code: string | null, fn: () => Promise<HttpOutcome>): Promise<HttpOutcome> {
    const started = performance.now();
    const out = await fn();
    this.opts.onCall?.({ operation, environment: env, outcome: out.kind, status: out.kind === 'response' ? out.status : null, seconds: (performance.now() - started) / 1000 });
    this.opts.logger?.info(
      {
        operation, environment: env, codigoGeneracion: code ?? undefined,
        outcome: out.kind, status: out.kind === 'response' ? out.status : null, ms: Math.round(performance.now() - started),
      },
      'llamada al MH',
    );
    return out;
  }

  private userAgent(): string {
    return this.opts.userAgent ?? DEFAULT_USER_AGENT;
  }

  /** Per environment, NIT and user; a fingerprint of the password (memory only) makes changed credentials log in again. */
  private cacheKey(env: MhEnvironment, creds: MhCredentials): string {
    const fingerprint = this.fingerprints.get(creds.mhPassword, (p) => createHash('sha256').update(p, 'utf8').digest('base64url').slice(0, 16));
    return `${env}|${creds.nit}|${creds.mhUser}|${fingerprint}`;
  }
}

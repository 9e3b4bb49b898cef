import { resolve } from 'node:path';
import type { PlanCatalog } from '../domain/billing/plan';
import { envSchema, type RawEnv } from './env.schema';
import { loadPlanCatalog } from './plans-file';
import { parseTrustProxy, type TrustProxySetting } from '../http/trust-proxy';
import { trimTrailing } from '../domain/shared/linear-text';

export type Role = RawEnv['ROLE'];

export interface AppConfig {
  port: number;
  host: string;
  /** Real PostgreSQL; null means the embedded database under dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  masterKeyHex: string | null;
  /** DTE_MASTER_KEY_PREVIOUS: keys secrets may still be sealed with while a rotation runs (opened, never used to seal). */
  masterKeyPreviousHex: string[];
  role: Role;
  logLevel: RawEnv['LOG_LEVEL'];
  /** Base of every absolute link handed out; null = the listening URL. */
  publicBaseUrl: string | null;
  rateLimitPerMinute: number;
  /** Requests without credentials per client address per minute (GraphQL and graphql-ws); 0 = off. */
  rateLimitAnonymousPerMinute: number;
  downloadUrlTtlS: number;
  idempotencyTtlHours: number;
  /** A process that stopped renewing its lease this long is taken to be dead (its requests are resolved). */
  processLeaseTtlMs: number;
  jobLockLifetimeMs: number;
  jobConcurrency: number;
  agendaMongoUrl: string | null;
  shutdownTimeoutMs: number;
  bodyLimitBytes: number;
  graphqlMaxDepth: number;
  graphqlMaxCost: number;
  graphqlWs: {
    /** Subscriptions at once on one graphql-ws connection. */
    maxSubscriptions: number;
    /** Open graphql-ws connections of one API key (per process). */
    maxConnectionsPerKey: number;
  };
  metrics: {
    /** Bearer token /metrics requires; null = none. */
    token: string | null;
    /** A separate listener for /metrics (then the API port does not serve it); null = the API port. */
    port: number | null;
    host: string;
  };
  dbPoolMax: number;
  /** Agenda's connections (JOB_DB_POOL_MAX), its LISTEN connection included. */
  jobDbPoolMax: number;
  mh: {
    mode: 'simulator' | 'remote';
    /** External simulator; null = start one in-process (simulator mode). */
    simulatorUrl: string | null;
    simulatorAllowProduction: boolean;
    /** Remote mode base URLs per environment (defaults: MH's real hosts). */
    baseUrls: { '00': string; '01': string };
    timeoutMs: number;
    resendLimit: number;
    syncWaitMs: number;
    contingencyRecheckMs: number;
    lotePollMs: number;
    /** Non-business days of MH's calendar (yyyy-MM-dd) for invalidation deadlines; null = the built-in list. */
    nonBusinessDays: string[] | null;
    invalidationRegime: 'MF-2.0' | 'MF-1.2';
    /** MH paths of the 2026 events (ADR 0019: the reception endpoint until MH publishes others). */
    eventPaths: { return: string; specialOperation: string };
    /** Months after the original's seal within which a return event is accepted (ADR 0019). */
    returnWindowMonths: number;
  };
  feReceiverThreshold: string;
  webhooks: {
    /** http and loopback/private addresses allowed (local development and tests only). */
    allowPrivateUrls: boolean;
    /** A 2xx must arrive within this. */
    timeoutMs: number;
    /** Retries continue until this long after the first attempt. */
    retryWindowMs: number;
    /** First retry delay ceiling; doubles per attempt (full jitter), capped at 1 h. */
    retryBaseMs: number;
  };
  mail: {
    /** smtp:// or smtps:// URL of a real SMTP server (may carry user:password); null = `.eml` files in DATA_DIR/outbox. */
    smtpUrl: string | null;
    /** Sender of every message (`Nombre <correo@dominio>`). */
    from: string;
    /** First retry delay ceiling; doubles per attempt (full jitter), capped at 1 h. */
    retryBaseMs: number;
    /** Attempts before an e-mail is `failed`. */
    maxAttempts: number;
  };
  /** The public price list (PLANS_FILE or the built-in one). */
  plans: PlanCatalog;
  /** TRUST_PROXY: the hops whose X-Forwarded-For names the client (throttling, rate limits, audit, key addresses). */
  trustProxy: TrustProxySetting;
}

/** MH's real hosts (MH-API-NOTES §1), used in remote mode unless MH_BASE_URL_00/01 are set. */
export const MH_REAL_HOSTS = { '00': 'https://apitest.dtes.mh.gob.sv', '01': 'https://api.dtes.mh.gob.sv' } as const;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuración inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const input: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const v = env[key];
    if (v !== undefined && v.trim() !== '') input[key] = v.trim();
  }
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = String(i.path[0]);
        const shown = name === 'DTE_MASTER_KEY' || name === 'DATABASE_URL' || name === 'SMTP_URL' || name === 'METRICS_TOKEN' ? '(valor oculto)' : JSON.stringify(input[name]);
        return `${name}=${shown}: ${i.message}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.ROLE !== 'all' && !e.DATABASE_URL) {
    problems.push(`ROLE=${e.ROLE}: requiere DATABASE_URL (la base embebida solo admite ROLE=all)`);
  }
  if (e.DATABASE_URL && !e.DTE_MASTER_KEY) {
    problems.push('DTE_MASTER_KEY: es obligatoria cuando se usa DATABASE_URL (64 caracteres hexadecimales, la misma en todas las instancias)');
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (!trustProxy.ok) problems.push(`TRUST_PROXY=${JSON.stringify(e.TRUST_PROXY)}: ${trustProxy.message}`);
  const plans = loadPlanCatalog(e.PLANS_FILE);
  if ('problems' in plans) problems.push(...plans.problems);
  if (problems.length || 'problems' in plans) throw new ConfigError(problems);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL ?? null,
    dataDir: resolve(e.DATA_DIR),
    masterKeyHex: e.DTE_MASTER_KEY ?? null,
    masterKeyPreviousHex: e.DTE_MASTER_KEY_PREVIOUS ? e.DTE_MASTER_KEY_PREVIOUS.split(',') : [],
    role: e.ROLE,
    logLevel: e.LOG_LEVEL,
    publicBaseUrl: e.PUBLIC_BASE_URL ? trimTrailing(e.PUBLIC_BASE_URL, '/') : null,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    rateLimitAnonymousPerMinute: e.RATE_LIMIT_ANONYMOUS_PER_MINUTE,
    downloadUrlTtlS: e.DOWNLOAD_URL_TTL_S,
    idempotencyTtlHours: e.IDEMPOTENCY_TTL_HOURS,
    processLeaseTtlMs: e.PROCESS_LEASE_TTL_MS,
    jobLockLifetimeMs: e.JOB_LOCK_LIFETIME_MS,
    jobConcurrency: e.JOB_CONCURRENCY,
    agendaMongoUrl: e.AGENDA_MONGODB_URL ?? null,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    graphqlMaxDepth: e.GRAPHQL_MAX_DEPTH,
    graphqlMaxCost: e.GRAPHQL_MAX_COST,
    graphqlWs: { maxSubscriptions: e.GRAPHQL_WS_MAX_SUBSCRIPTIONS, maxConnectionsPerKey: e.GRAPHQL_WS_MAX_CONNECTIONS_PER_KEY },
    metrics: { token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT ?? null, host: e.METRICS_HOST },
    dbPoolMax: e.DB_POOL_MAX,
    jobDbPoolMax: e.JOB_DB_POOL_MAX,
    mh: {
      mode: e.MH_MODE,
      simulatorUrl: e.MH_SIMULATOR_URL ? trimTrailing(e.MH_SIMULATOR_URL, '/') : null,
      simulatorAllowProduction: e.MH_SIMULATOR_ALLOW_PRODUCTION,
      baseUrls: { '00': e.MH_BASE_URL_00 ?? MH_REAL_HOSTS['00'], '01': e.MH_BASE_URL_01 ?? MH_REAL_HOSTS['01'] },
      timeoutMs: e.MH_TIMEOUT_MS,
      resendLimit: e.MH_RESEND_LIMIT,
      syncWaitMs: e.SYNC_WAIT_MS,
      contingencyRecheckMs: e.CONTINGENCY_RECHECK_MS,
      lotePollMs: e.LOTE_POLL_MS,
      nonBusinessDays: e.MH_NON_BUSINESS_DAYS ? e.MH_NON_BUSINESS_DAYS.split(/[\s,;]+/).filter(Boolean) : null,
      invalidationRegime: e.MH_INVALIDATION_REGIME,
      eventPaths: { return: e.MH_RETURN_EVENT_PATH, specialOperation: e.MH_SPECIAL_OPERATION_EVENT_PATH },
      returnWindowMonths: e.RETURN_WINDOW_MONTHS,
    },
    feReceiverThreshold: e.FE_RECEIVER_THRESHOLD,
    webhooks: {
      allowPrivateUrls: e.WEBHOOK_ALLOW_PRIVATE_URLS,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryWindowMs: e.WEBHOOK_RETRY_WINDOW_MS,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
    },
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM,
      retryBaseMs: e.EMAIL_RETRY_BASE_MS,
      maxAttempts: e.EMAIL_MAX_ATTEMPTS,
    },
    plans: plans.catalog,
    trustProxy: trustProxy.ok ? trustProxy.value : false,
  };
}

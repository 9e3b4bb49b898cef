import { z } from 'zod';
import { DatabaseUrlError, parseDatabaseUrl } from '../persistence/database-url';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const int = (min: number, max: number) =>
  z.string().regex(/^\d+$/, 'debe ser un número entero').transform(Number).pipe(z.number().int().min(min).max(max));
const url = (protocols: string[]) =>
  z.string().refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `debe ser una URL ${protocols.join(' o ')}`);

/** `Nombre <correo@dominio>` or a bare `correo@dominio` (no line breaks, no quotes). */
export function isMailbox(v: string): boolean {
  const named = /^([^<>\r\n"]{1,200}?)\s*<([^<>\s]+)>$/.exec(v);
  const address = named ? named[2] : v;
  return address.length <= 254 && /^[^\s<>@"(),;:]+@[^\s<>@"(),;:]+$/.test(address);
}

/**
 * Every environment variable the service reads, validated at start. Documented in AGENTS.md.
 * Unset variables take the defaults below; a bad value stops the start naming the variable.
 */
export const envSchema = z.object({
  PORT: int(0, 65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  // libpq's form, several hosts included (`postgres://u:p@h1:5432,h2:5432/db?target_session_attrs=read-write`).
  DATABASE_URL: z
    .string()
    .superRefine((v, ctx) => {
      try {
        parseDatabaseUrl(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: err instanceof DatabaseUrlError ? err.message : 'no es una URL de PostgreSQL' });
      }
    })
    .optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  DTE_MASTER_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, 'debe tener exactamente 64 caracteres hexadecimales (32 bytes)').optional(),
  DTE_MASTER_KEY_PREVIOUS: z
    .string()
    .regex(/^[0-9a-fA-F]{64}(,[0-9a-fA-F]{64})*$/, 'debe ser una o más llaves de 64 caracteres hexadecimales separadas por comas')
    .optional(),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_BASE_URL: url(['http:', 'https:']).optional(),
  RATE_LIMIT_PER_MINUTE: int(0, 10_000_000).default(6000),
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: int(0, 10_000_000).default(600),
  DOWNLOAD_URL_TTL_S: int(1, 86_400).default(300),
  IDEMPOTENCY_TTL_HOURS: int(1, 24 * 30).default(24),
  PROCESS_LEASE_TTL_MS: int(3000, 600_000).default(30_000),
  JOB_LOCK_LIFETIME_MS: int(1000, 3_600_000).default(60_000),
  JOB_CONCURRENCY: int(1, 1000).default(16),
  AGENDA_MONGODB_URL: url(['mongodb:', 'mongodb+srv:']).optional(),
  SHUTDOWN_TIMEOUT_MS: int(0, 600_000).default(15_000),
  BODY_LIMIT_BYTES: int(1024, 100 * 1024 * 1024).default(1024 * 1024),
  GRAPHQL_MAX_DEPTH: int(1, 100).default(12),
  GRAPHQL_MAX_COST: int(1, 1_000_000).default(5000),
  GRAPHQL_WS_MAX_SUBSCRIPTIONS: int(1, 10_000).default(100),
  GRAPHQL_WS_MAX_CONNECTIONS_PER_KEY: int(1, 100_000).default(50),
  METRICS_TOKEN: z.string().regex(/^[\x21-\x7e]{24,512}$/, 'debe tener de 24 a 512 caracteres ASCII visibles, sin espacios').optional(),
  METRICS_PORT: int(0, 65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  DB_POOL_MAX: int(1, 500).default(10),
  JOB_DB_POOL_MAX: int(2, 100).default(4),
  // MH
  MH_MODE: z.enum(['simulator', 'remote']).default('simulator'),
  MH_SIMULATOR_URL: url(['http:', 'https:']).optional(),
  MH_SIMULATOR_ALLOW_PRODUCTION: bool.default(false),
  MH_BASE_URL_00: url(['http:', 'https:']).optional(),
  MH_BASE_URL_01: url(['http:', 'https:']).optional(),
  MH_TIMEOUT_MS: int(100, 600_000).default(8000),
  MH_RESEND_LIMIT: int(0, 10).default(2),
  SYNC_WAIT_MS: int(0, 120_000).default(20_000),
  CONTINGENCY_RECHECK_MS: int(100, 3_600_000).default(60_000),
  LOTE_POLL_MS: int(100, 3_600_000).default(30_000),
  MH_NON_BUSINESS_DAYS: z.string().regex(/^(\d{4}-\d{2}-\d{2})([\s,;]+\d{4}-\d{2}-\d{2})*$/, 'debe ser una lista de fechas yyyy-MM-dd separadas por comas').optional(),
  MH_INVALIDATION_REGIME: z.enum(['MF-2.0', 'MF-1.2']).default('MF-2.0'),
  MH_RETURN_EVENT_PATH: z.string().regex(/^\/[A-Za-z0-9/_-]*$/, 'debe ser una ruta que empiece con /, p. ej. /fesv/recepciondte').default('/fesv/recepciondte'),
  MH_SPECIAL_OPERATION_EVENT_PATH: z.string().regex(/^\/[A-Za-z0-9/_-]*$/, 'debe ser una ruta que empiece con /, p. ej. /fesv/recepciondte').default('/fesv/recepciondte'),
  RETURN_WINDOW_MONTHS: int(1, 36).default(3),
  FE_RECEIVER_THRESHOLD: z.string().regex(/^\d+(\.\d{1,2})?$/, 'debe ser un monto decimal, por ejemplo 25000.00').default('25000.00'),
  // Webhooks
  WEBHOOK_ALLOW_PRIVATE_URLS: bool.default(false),
  WEBHOOK_TIMEOUT_MS: int(100, 120_000).default(15_000),
  WEBHOOK_RETRY_WINDOW_MS: int(1000, 30 * 86_400_000).default(86_400_000),
  WEBHOOK_RETRY_BASE_MS: int(1, 3_600_000).default(30_000),
  // E-mail delivery of documents
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z
    .string()
    .max(320)
    .refine(isMailbox, 'debe ser "Nombre <correo@dominio>" o "correo@dominio"')
    .default('Facturación electrónica <no-reply@localhost>'),
  EMAIL_RETRY_BASE_MS: int(1, 3_600_000).default(30_000),
  EMAIL_MAX_ATTEMPTS: int(1, 50).default(8),
  // Account surface
  PLANS_FILE: z.string().min(1).optional(),
  /** off, a hop count or comma-separated CIDRs (src/http/trust-proxy.ts); checked in loadConfig. */
  TRUST_PROXY: z.string().max(4000).optional(),
});

export type RawEnv = z.infer<typeof envSchema>;

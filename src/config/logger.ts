import pino, { type Logger } from 'pino';
import { serializeError } from './error-serializer';

export type { Logger };

/** Paths that may hold secrets anywhere in a log line; pino replaces them with "[oculto]". */
export const REDACT_PATHS = [
  'authorization',
  'Authorization',
  '*.authorization',
  '*.Authorization',
  'headers.authorization',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'key',
  '*.key',
  'apiKey',
  '*.apiKey',
  'secret',
  '*.secret',
  'password',
  '*.password',
  'private_key_password',
  '*.private_key_password',
  'privateKeyPassword',
  '*.privateKeyPassword',
  'mh_password',
  '*.mh_password',
  'mhPassword',
  '*.mhPassword',
  'certificate',
  '*.certificate',
  'masterKey',
  '*.masterKey',
  'token',
  '*.token',
];

/** Last line of defence: API keys and webhook secrets are masked even inside free text. */
const SECRET_IN_TEXT = /\b(sk_(?:test|live)_|whsec_)[A-Za-z0-9]{4,}/g;

export function maskSecrets(text: string): string {
  return text.replace(SECRET_IN_TEXT, (_m, p: string) => `${p}…`);
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'dte-service' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[oculto]' },
      formatters: { level: (label) => ({ level: label }) },
      hooks: {
        logMethod(args, method) {
          const masked = args.map((a) => (typeof a === 'string' ? maskSecrets(a) : a)) as Parameters<typeof method>;
          method.apply(this, masked);
        },
      },
      serializers: {
        err: (err: Error) => serializeError(err, maskSecrets),
      },
    },
    destination ?? pino.destination({ fd: 1, sync: false }),
  );
}

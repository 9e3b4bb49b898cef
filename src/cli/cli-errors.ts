/**
 * Why a CLI command stopped, in Spanish, whatever stopped it (ADR 0048): every exit other than 0
 * says why on stderr and, with `--json`, as one JSON error document on stdout. An error without a
 * message of its own (Node's AggregateError of a refused connection to every address of a host, an
 * `Error()` thrown bare) is named by what is inside it, never printed as a bare «Error:».
 */
import { ConfigError } from '../config/config';
import { DomainError } from '../domain/shared/domain-error';

export interface CliFailure {
  /** The error taxonomy's code, or one of the CLI's own: `invalid_configuration`, `connection_failed`, `unexpected_error`, `incomplete`. */
  code: string;
  message: string;
  errors: { path: string | null; code: string; message: string }[];
  exitCode: number;
}

/** Node's system error codes a person meets at the command line, in words. */
const SYSTEM_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'la conexión fue rechazada (¿está en marcha y escucha en esa dirección?)',
  ECONNRESET: 'la conexión se cortó',
  ETIMEDOUT: 'no respondió a tiempo',
  ENOTFOUND: 'no se encontró el nombre de la máquina',
  EAI_AGAIN: 'no se pudo resolver el nombre de la máquina',
  EHOSTUNREACH: 'la máquina no es alcanzable',
  EADDRINUSE: 'la dirección ya está en uso',
  EACCES: 'permiso denegado',
  ENOENT: 'no existe el archivo o directorio',
  EPIPE: 'la salida se cerró',
};

interface SystemErrorLike {
  code?: unknown;
  address?: unknown;
  port?: unknown;
  syscall?: unknown;
  message?: unknown;
  errors?: unknown;
  cause?: unknown;
}

function systemText(e: SystemErrorLike): string | null {
  const code = typeof e.code === 'string' ? e.code : null;
  if (!code || !SYSTEM_ERRORS[code]) return null;
  const where = typeof e.address === 'string' ? ` ${e.address}${typeof e.port === 'number' ? `:${e.port}` : ''}` : '';
  return `${e.syscall === 'connect' || code === 'ECONNREFUSED' ? `No se pudo conectar a${where || ' su destino'}` : `Falló una operación${where ? ` con${where}` : ''}`}: ${SYSTEM_ERRORS[code]} (${code}).`;
}

/** A readable Spanish sentence for any thrown value, looking inside errors that carry no message. */
export function explain(err: unknown, depth = 0): string {
  if (depth > 4) return 'error anidado';
  if (err === null || err === undefined) return 'se produjo un error sin descripción';
  if (typeof err !== 'object') return String(err);
  const e = err as SystemErrorLike & { name?: unknown };
  const message = typeof e.message === 'string' ? e.message.trim() : '';
  // An AggregateError (a connection tried on every address of a host): what happened at each.
  if (Array.isArray(e.errors) && e.errors.length) {
    const inner = [...new Set(e.errors.map((x) => explain(x, depth + 1)))];
    return message ? `${message}: ${inner.join('; ')}` : inner.join('; ');
  }
  const system = systemText(e);
  if (system) return system;
  if (e.cause !== undefined && e.cause !== null) {
    const cause = explain(e.cause, depth + 1);
    return message ? `${message} (${cause})` : cause;
  }
  if (message) return message;
  return `se produjo un error sin descripción (${typeof e.name === 'string' && e.name ? e.name : 'Error'})`;
}

const isConnectionProblem = (err: unknown): boolean => {
  const e = err as SystemErrorLike | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'].includes(e.code)) return true;
  return (Array.isArray(e.errors) && e.errors.some(isConnectionProblem)) || (e.cause !== undefined && isConnectionProblem(e.cause));
};

/** The failure a thrown value means for the command: its code, Spanish message, field errors and exit code. */
export function cliFailure(err: unknown): CliFailure {
  if (err instanceof ConfigError) return { code: 'invalid_configuration', message: err.message, errors: err.problems.map((p) => ({ path: null, code: 'invalid_value', message: p })), exitCode: 78 };
  if (err instanceof DomainError) return { code: err.code, message: err.message || explain(err), errors: err.errors.map((e) => ({ path: e.path, code: e.code, message: e.message })), exitCode: 1 };
  if (isConnectionProblem(err)) return { code: 'connection_failed', message: explain(err), errors: [], exitCode: 69 };
  return { code: 'unexpected_error', message: explain(err), errors: [], exitCode: 1 };
}

/** The lines a failure writes to stderr (every one in Spanish). */
export function failureText(f: CliFailure): string {
  const detail = f.errors.length > 1 ? `\n${f.errors.map((e) => `  - ${e.path ? `${e.path}: ` : ''}${e.message}`).join('\n')}` : '';
  return `Error: ${f.message}${detail}\n`;
}

/** The one JSON document `--json` prints on stdout for a failure. */
export function failureJson(f: CliFailure): string {
  return `${JSON.stringify({ error: { code: f.code, message: f.message, errors: f.errors } })}\n`;
}

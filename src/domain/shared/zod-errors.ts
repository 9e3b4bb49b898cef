import { z } from 'zod';
import type { FieldError } from './domain-error';
import { isErrorCode, type ErrorCode } from './error-codes';

z.config(z.locales.es());

/** `['items', 0, 'unitPrice']` → `items[0].unitPrice` */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out ? `.${String(seg)}` : String(seg);
  }
  return out;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'texto',
  number: 'número',
  int: 'número entero',
  boolean: 'booleano (true o false)',
  object: 'objeto',
  array: 'lista',
};

function describeReceived(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'una lista';
  return { string: 'texto', number: 'un número', boolean: 'un booleano', object: 'un objeto' }[typeof input as string] ?? typeof input;
}

/** Converts zod issues to field errors with Spanish messages and the service's error codes. */
export function zodIssuesToFieldErrors(issues: readonly z.core.$ZodIssue[], basePath: readonly PropertyKey[] = []): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of issues) {
    const path = [...basePath, ...issue.path];
    switch (issue.code) {
      case 'invalid_type': {
        const missing = issue.input === undefined;
        out.push({
          path: formatPath(path),
          code: missing ? 'required' : 'invalid_type',
          message: missing
            ? 'Campo obligatorio.'
            : `Se esperaba ${TYPE_NAMES[issue.expected] ?? issue.expected}, se recibió ${describeReceived(issue.input)}.`,
        });
        break;
      }
      case 'unrecognized_keys':
        for (const k of issue.keys) {
          out.push({ path: formatPath([...path, k]), code: 'unknown_field', message: `Campo no admitido: "${k}".` });
        }
        break;
      case 'invalid_union':
      case 'invalid_value':
        out.push({ path: formatPath(path), code: 'invalid_value', message: issue.message });
        break;
      case 'custom': {
        const code = (issue.params as { code?: string } | undefined)?.code;
        out.push({ path: formatPath(path), code: code && isErrorCode(code) ? (code as ErrorCode) : 'invalid_value', message: issue.message });
        break;
      }
      default:
        out.push({ path: formatPath(path), code: 'invalid_format', message: issue.message });
    }
  }
  return out;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

export function parseWith<T>(schema: z.ZodType<T>, input: unknown): ParseResult<T> {
  const r = schema.safeParse(input, { reportInput: true });
  return r.success ? { ok: true, value: r.data } : { ok: false, errors: zodIssuesToFieldErrors(r.error.issues) };
}

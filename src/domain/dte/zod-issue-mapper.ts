/** Zod issues → FieldError (stable snake_case codes, Spanish messages). */
import { isErrorCode } from '../shared/error-codes';
import type { z } from 'zod';
import type { FieldError } from './dte.types';
import { formatPath, joinPath } from './field-path';
import { spanishCount } from '../shared/spanish-count';

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

const TYPE_NAMES: Record<string, string> = {
  string: 'texto', number: 'número', int: 'entero', boolean: 'booleano (true/false)', object: 'objeto', array: 'arreglo',
  record: 'objeto', date: 'fecha', null: 'null', undefined: 'ausente',
};

function limitText(origin: unknown, bound: unknown, tooSmall: boolean): string {
  const n = String(bound);
  const noun = origin === 'string' ? spanishCount(n, 'carácter', 'caracteres') : origin === 'array' || origin === 'set' ? spanishCount(n, 'elemento', 'elementos') : null;
  if (noun) return tooSmall ? `Debe tener al menos ${noun}.` : `Debe tener como máximo ${noun}.`;
  return tooSmall ? `Debe ser mayor o igual a ${n}.` : `Debe ser menor o igual a ${n}.`;
}

/** Per-parse error map: Spanish default messages (schema-level messages take precedence). */
export function spanishIssueMessage(iss: RawIssue): string {
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined) return 'Campo obligatorio.';
      return `Tipo inválido: se esperaba ${TYPE_NAMES[String(iss.expected)] ?? String(iss.expected)}.`;
    case 'invalid_format': {
      const f = String((iss as { format?: string }).format ?? '');
      if (f === 'email') return 'Correo electrónico inválido.';
      if (f === 'datetime') return 'Fecha y hora inválida: use ISO 8601 con zona horaria (p. ej. 2026-01-31T10:15:00-06:00).';
      if (f === 'date') return 'Fecha inválida: use el formato AAAA-MM-DD.';
      return 'Formato inválido.';
    }
    case 'too_small':
      return limitText(iss.origin, iss.minimum, true);
    case 'too_big':
      return limitText(iss.origin, iss.maximum, false);
    case 'invalid_value':
      return `Valor no permitido; valores válidos: ${iss.values.map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'unrecognized_keys':
      return 'Campo no reconocido.';
    case 'invalid_union':
      return 'Valor inválido.';
    default:
      return 'Valor inválido.';
  }
}

/** Converts the issues of a failed parse into FieldErrors. Needs `reportInput: true` on the parse. */
export function issuesToFieldErrors(issues: readonly Issue[]): FieldError[] {
  const out: FieldError[] = [];
  for (const iss of issues) {
    const path = formatPath(iss.path);
    switch (iss.code) {
      case 'unrecognized_keys':
        for (const key of iss.keys) out.push({ path: joinPath(path, key), code: 'unknown_field', message: 'Campo no reconocido.' });
        break;
      case 'invalid_type':
        out.push({ path, code: iss.input === undefined ? 'required' : 'invalid_type', message: iss.message });
        break;
      case 'invalid_format':
        out.push({ path, code: 'invalid_format', message: iss.message });
        break;
      case 'too_small':
      case 'too_big':
        out.push({ path, code: 'out_of_range', message: iss.message });
        break;
      case 'invalid_value':
        out.push({ path, code: 'invalid_value', message: iss.message });
        break;
      case 'custom': {
        const code = (iss.params as { code?: unknown } | undefined)?.code;
        out.push({ path, code: typeof code === 'string' && isErrorCode(code) ? code : 'invalid_value', message: iss.message });
        break;
      }
      default:
        out.push({ path, code: 'invalid_value', message: iss.message });
    }
  }
  return out;
}

/**
 * The fields a customer types on the self-service page (ADR 0064): the receiver's own fiscal data.
 * The owner's `externalId` and the foreign-trade fields (country, person type…) stay with the owner and
 * keep their value. The form posts its fields flat (`address_line`); the merged customer is validated
 * by createCustomerSchema, so the page accepts exactly what the API accepts.
 */
import type { FieldError } from '../shared/domain-error';

export interface SelfServiceField {
  /** The form's input name. */
  name: string;
  /** Path of the field in the customer input (camelCase; `address.line`). */
  path: string;
  label: string;
  hint?: string;
  kind?: 'email' | 'tel' | 'select';
  options?: readonly (readonly [value: string, label: string])[];
}

export const SELF_SERVICE_FIELDS: readonly SelfServiceField[] = [
  { name: 'name', path: 'name', label: 'Nombre o razón social' },
  { name: 'trade_name', path: 'tradeName', label: 'Nombre comercial' },
  {
    name: 'document_type', path: 'documentType', label: 'Tipo de documento', kind: 'select',
    options: [['', '—'], ['36', 'NIT'], ['13', 'DUI'], ['03', 'Pasaporte'], ['02', 'Carné de residente'], ['37', 'Otro']],
  },
  { name: 'document_number', path: 'documentNumber', label: 'Número de documento', hint: 'NIT: 14 dígitos (o 9 si es su DUI), sin guiones. DUI: ########-#.' },
  { name: 'nrc', path: 'nrc', label: 'NRC', hint: 'De 2 a 8 dígitos, sin guiones.' },
  { name: 'economic_activity', path: 'economicActivity', label: 'Actividad económica (código CAT-019)', hint: 'Cinco dígitos, por ejemplo 46900.' },
  { name: 'email', path: 'email', label: 'Correo electrónico', kind: 'email' },
  { name: 'phone', path: 'phone', label: 'Teléfono', kind: 'tel' },
  { name: 'address_department', path: 'address.department', label: 'Departamento (código CAT-012)', hint: 'Por ejemplo 06 (San Salvador).' },
  { name: 'address_municipality', path: 'address.municipality', label: 'Municipio (código CAT-013)' },
  { name: 'address_district', path: 'address.district', label: 'Distrito (código CAT-008)' },
  { name: 'address_line', path: 'address.line', label: 'Dirección (calle, número, colonia)' },
];

const BY_NAME = new Map(SELF_SERVICE_FIELDS.map((f) => [f.name, f]));
const BY_PATH = new Map(SELF_SERVICE_FIELDS.map((f) => [f.path, f]));
const ADDRESS_PARTS = ['department', 'municipality', 'district', 'line'] as const;

/**
 * The posted form as a change of the customer input: every field of the form replaces (empty clears),
 * the address as a whole (all four parts empty clears it). An unknown field, or one posted twice, is
 * refused by name (nothing is saved).
 */
export function formToCustomerChange(
  form: Record<string, unknown>,
  current: Record<string, unknown>,
): { ok: true; value: Record<string, unknown> } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const values = new Map<string, string>();
  for (const [k, v] of Object.entries(form)) {
    if (!BY_NAME.has(k)) errors.push({ path: k, code: 'unknown_field', message: `El campo "${k}" no es de este formulario.` });
    else if (typeof v !== 'string') errors.push({ path: k, code: 'invalid_type', message: 'Envíe este campo una sola vez, como texto.' });
    else values.set(k, v.trim());
  }
  if (errors.length) return { ok: false, errors };
  const out: Record<string, unknown> = { ...current };
  for (const f of SELF_SERVICE_FIELDS) {
    if (f.path.startsWith('address.')) continue;
    const v = values.get(f.name) ?? '';
    if (v === '') delete out[f.path];
    else out[f.path] = v;
  }
  const address = Object.fromEntries(ADDRESS_PARTS.map((p) => [p, values.get(`address_${p}`) ?? '']).filter(([, v]) => v !== ''));
  if (Object.keys(address).length) out.address = address;
  else delete out.address;
  return { ok: true, value: out };
}

/** The form's values for a stored customer input (what the page shows filled in). */
export function customerToFormValues(input: Record<string, unknown>): Record<string, string> {
  const address = (input.address ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    SELF_SERVICE_FIELDS.map((f) => {
      const v = f.path.startsWith('address.') ? address[f.path.slice('address.'.length)] : input[f.path];
      return [f.name, typeof v === 'string' ? v : ''];
    }),
  );
}

/** A validation error's path in the customer input → the form's input name (null: a field not on the form). */
export function formFieldOf(path: string): string | null {
  return BY_PATH.get(path)?.name ?? (BY_NAME.has(path) ? path : null);
}

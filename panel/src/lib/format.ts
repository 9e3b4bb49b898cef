/** Spanish (El Salvador) wording and formats: dates in El Salvador time, amounts from decimal strings. */

import { groupThousands } from './linear-text';

const TZ = 'America/El_Salvador';
const parts = new Intl.DateTimeFormat('en-GB', { timeZone: TZ, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });
const dateOnly = new Intl.DateTimeFormat('es-SV', { timeZone: TZ, day: '2-digit', month: '2-digit', year: 'numeric' });
const ymdParts = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' });

/** "25/11/2026 14:05" in El Salvador time. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const p = Object.fromEntries(parts.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? dateOnly.format(new Date(iso)) : '—';
}

/** Today's date in El Salvador, yyyy-MM-dd. */
export function todayInElSalvador(now = new Date()): string {
  return ymdParts.format(now);
}

/** yyyy-MM of the current El Salvador month. */
export function currentPeriod(now = new Date()): string {
  return todayInElSalvador(now).slice(0, 7);
}

/** "1130.5" → "$1,130.50": grouping done on the string, never through floating point. */
export function formatMoney(amount: string | null | undefined, currency = '$'): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const negative = amount.startsWith('-');
  const [int, frac = ''] = amount.replace(/^[-+]/, '').split('.');
  const grouped = groupThousands(int);
  const decimals = frac.length >= 2 ? frac : frac.padEnd(2, '0');
  return `${negative ? '−' : ''}${currency}${grouped}.${decimals}`;
}

/** A quantity as typed ("2", "1.5", "0.25"), grouped by thousands on the string: never through floating point. */
export function formatDecimal(amount: string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const [int, frac] = amount.split('.');
  // Grouped in one pass (no lookahead over the digits: linear whatever the length).
  const sign = int.startsWith('-') ? '-' : '';
  return `${sign}${groupThousands(sign ? int.slice(1) : int)}${frac ? `.${frac}` : ''}`;
}

export function formatCount(n: number): string {
  return groupThousands(String(n));
}

/** `n` with its noun, singular only for exactly one: «1 fila», «1,250 filas». */
export function countOf(n: number, singular: string, plural: string): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}

export const STATUS_LABELS: Record<string, string> = {
  DRAFT: 'Borrador',
  VALIDATED: 'Validado',
  SIGNED: 'Firmado',
  SENDING: 'Enviando',
  PROCESSED: 'Procesado',
  REJECTED: 'Rechazado',
  CONTINGENCY: 'Contingencia',
  VOIDED: 'Anulado',
  ERROR: 'Error',
};

export type Tone = 'success' | 'danger' | 'warning' | 'info' | 'neutral';

export const STATUS_TONES: Record<string, Tone> = {
  DRAFT: 'neutral',
  VALIDATED: 'info',
  SIGNED: 'info',
  SENDING: 'info',
  PROCESSED: 'success',
  REJECTED: 'danger',
  CONTINGENCY: 'warning',
  VOIDED: 'neutral',
  ERROR: 'danger',
};

export const DOCUMENT_TYPES: Record<string, { short: string; name: string }> = {
  '01': { short: 'FE', name: 'Factura' },
  '03': { short: 'CCF', name: 'Comprobante de crédito fiscal' },
  '04': { short: 'NR', name: 'Nota de remisión' },
  '05': { short: 'NC', name: 'Nota de crédito' },
  '06': { short: 'ND', name: 'Nota de débito' },
  '07': { short: 'CR', name: 'Comprobante de retención' },
  '08': { short: 'CL', name: 'Comprobante de liquidación' },
  '09': { short: 'DCL', name: 'Documento contable de liquidación' },
  '11': { short: 'FEX', name: 'Factura de exportación' },
  '14': { short: 'FSE', name: 'Factura de sujeto excluido' },
  '15': { short: 'CD', name: 'Comprobante de donación' },
};

export function documentTypeName(code: string): string {
  return DOCUMENT_TYPES[code]?.name ?? `Tipo ${code}`;
}

export const EVENT_LABELS: Record<string, string> = {
  created: 'Creado',
  signed: 'Firmado',
  transmitted: 'Enviado al MH',
  retry: 'Reintento',
  sealed: 'Sellado por el MH',
  rejected: 'Rechazado por el MH',
  contingency: 'En contingencia',
  invalidation_requested: 'Invalidación solicitada',
  invalidation_rejected: 'Invalidación rechazada',
  voided: 'Invalidado',
  email_sent: 'Correo enviado',
  email_failed: 'Correo no entregado',
  returned: 'Devolución registrada',
};

/** The environment in words. Only the top bar's badge says «Pruebas», so that label stays unique on screen. */
export const ENVIRONMENT_LABELS: Record<string, string> = { '00': 'Prueba (00)', '01': 'Producción (01)' };

export const ROLE_LABELS: Record<string, string> = { owner: 'Propietario', member: 'Miembro', viewer: 'Solo lectura' };

/** Bytes for people: 1536 → "1.5 KB". */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Whole days from now until an instant (negative once past). */
export function daysUntil(iso: string, now = new Date()): number {
  return Math.floor((new Date(iso).getTime() - now.getTime()) / 86_400_000);
}

const LOWER_WORDS = new Set(['de', 'del', 'la', 'las', 'los', 'el', 'y', 'e']);

/** A catalog name written all in capitals («SAN SALVADOR CENTRO») as a place is written («San Salvador Centro»). */
export function placeName(name: string): string {
  if (name !== name.toUpperCase()) return name;
  let first = true;
  return name
    .toLowerCase()
    .split(/(\s+)/)
    .map((w) => {
      if (!w.trim()) return w;
      const keep = !first && LOWER_WORDS.has(w);
      first = false;
      return keep ? w : w.charAt(0).toUpperCase() + w.slice(1);
    })
    .join('');
}

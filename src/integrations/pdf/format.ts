/**
 * Display formatting for the PDF: amounts are formatted from the JSON numbers' own decimal text
 * (never recomputed, never rounded), dates in El Salvador's local time (UTC−6, no daylight
 * saving) so the output does not depend on the server's time zone, and text made safe for the
 * WinAnsi encoding of PDF standard fonts.
 */
import { formatMhDateTime, instantOfLocal } from '../../domain/mh-rules/el-salvador-time';
import { groupThousands as grouped, trimTrailing } from '../../domain/shared/linear-text';

/** Plain decimal text of a JSON number as JavaScript prints it, without exponent notation. */
export function plainDecimal(value: number): string {
  const text = String(value);
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/i.exec(text);
  if (!m) return text;
  const [, sign, int, frac = '', expText] = m;
  const digits = int + frac;
  const point = int.length + Number(expText);
  let out: string;
  if (point <= 0) out = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  out = out.replace(/^0+(?=\d)/, '');
  if (out.includes('.')) out = trimTrailing(trimTrailing(out, '0'), '.');
  return sign + out;
}

function groupThousands(int: string): string {
  return grouped(int);
}

/**
 * A JSON number shown with at least `minDecimals` decimals (padding with zeros only) and every
 * decimal the JSON carries; thousands separated by commas. Empty text when it is not a number.
 */
export function formatNumber(value: unknown, minDecimals = 2): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  const text = plainDecimal(value);
  const negative = text.startsWith('-');
  const [int, frac = ''] = (negative ? text.slice(1) : text).split('.');
  const decimals = frac.length >= minDecimals ? frac : frac + '0'.repeat(minDecimals - frac.length);
  return `${negative ? '-' : ''}${groupThousands(int)}${decimals ? `.${decimals}` : ''}`;
}

/** Money of the summary: `$1,234.50` (`-$5.00` for a negative value). */
export function formatMoney(value: unknown): string {
  const text = formatNumber(value, 2);
  if (text === '') return '';
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** Quantity as the JSON says it (`2.5`, `1`, `1,000`). */
export function formatQuantity(value: unknown): string {
  return formatNumber(value, 0);
}

/** `dd/MM/yyyy HH:mm:ss` in El Salvador local time. */
export function formatSvDateTime(date: Date): string {
  return formatMhDateTime(date);
}

/** `yyyy-MM-dd` → `dd/MM/yyyy`; other text is returned unchanged. */
export function formatIsoDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : date;
}

/** The instant of `fecEmi` + `horEmi` (El Salvador local time); null when they are malformed. */
export function issueInstant(date: string, time: string): Date | null {
  if (!/^\d{2}:\d{2}:\d{2}$/.test(time)) return null;
  const instant = instantOfLocal(date, time);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** Characters 0x80–0x9F of WinAnsi (cp1252) that standard PDF fonts can draw. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function drawable(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
}

/**
 * Text that the standard fonts (WinAnsi) can draw: Spanish accents and ñ are kept; other letters
 * lose their diacritics (ő → o); tabs become spaces; anything else becomes `?`. Line breaks are
 * kept only when `multiline`.
 */
export function safeText(text: string, multiline = false): string {
  let out = '';
  for (const ch of text.normalize('NFC').replace(/\r\n?/g, '\n')) {
    if (ch === '\n') out += multiline ? '\n' : ' ';
    else if (ch === '\t') out += ' ';
    else if (drawable(ch)) out += ch;
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += base.length > 0 && [...base].every(drawable) ? base : '?';
    }
  }
  return out;
}

/** Catalog names in capitals (`SAN SALVADOR CENTRO`) as title case (`San Salvador Centro`). */
export function titleCase(text: string): string {
  const minor = new Set(['de', 'del', 'la', 'las', 'los', 'el', 'y']);
  return text
    .toLocaleLowerCase('es')
    .split(/(\s+)/)
    .map((word, i) => (i > 0 && minor.has(word) ? word : word.charAt(0).toLocaleUpperCase('es') + word.slice(1)))
    .join('');
}

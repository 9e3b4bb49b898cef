/**
 * Amounts in Spanish words, MH style for `resumen.totalLetras`:
 *   2260.00 → "DOS MIL DOSCIENTOS SESENTA DÓLARES CON 00/100"
 *   1.00    → "UN DÓLAR CON 00/100"
 *
 * Grammar: the words always precede a noun (DÓLAR(ES), MIL, MILLÓN/MILLONES), so "uno" takes its
 * apocopated form: UN, VEINTIÚN, TREINTA Y UN, CIENTO UN (101 → "CIENTO UN DÓLARES"). 100 is CIEN,
 * 101–199 CIENTO…; 1000 is MIL (never "UN MIL"); 10^6 is UN MILLÓN, 2·10^6 DOS MILLONES, 10^9 MIL
 * MILLONES (long scale). No "DE" before DÓLARES ("UN MILLÓN DÓLARES"), as MH's examples write it.
 * Cents are rounded half up to 2 decimals and written as NN/100.
 */
import Decimal from 'decimal.js';

const UNITS = ['', 'UN', 'DOS', 'TRES', 'CUATRO', 'CINCO', 'SEIS', 'SIETE', 'OCHO', 'NUEVE'];
const TEENS = ['DIEZ', 'ONCE', 'DOCE', 'TRECE', 'CATORCE', 'QUINCE', 'DIECISÉIS', 'DIECISIETE', 'DIECIOCHO', 'DIECINUEVE'];
const TWENTIES = [
  'VEINTE', 'VEINTIÚN', 'VEINTIDÓS', 'VEINTITRÉS', 'VEINTICUATRO', 'VEINTICINCO', 'VEINTISÉIS', 'VEINTISIETE', 'VEINTIOCHO', 'VEINTINUEVE',
];
const TENS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const HUNDREDS = [
  '', 'CIENTO', 'DOSCIENTOS', 'TRESCIENTOS', 'CUATROCIENTOS', 'QUINIENTOS', 'SEISCIENTOS', 'SETECIENTOS', 'OCHOCIENTOS', 'NOVECIENTOS',
];

/** Largest amount accepted (exclusive): one billion in the long scale (10^12). */
export const AMOUNT_IN_WORDS_LIMIT = '1000000000000';

function below100(n: number): string {
  if (n < 10) return UNITS[n];
  if (n < 20) return TEENS[n - 10];
  if (n < 30) return TWENTIES[n - 20];
  const unit = n % 10;
  return unit === 0 ? TENS[Math.floor(n / 10)] : `${TENS[Math.floor(n / 10)]} Y ${UNITS[unit]}`;
}

function below1000(n: number): string {
  if (n === 100) return 'CIEN';
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [HUNDREDS[hundreds], rest ? below100(rest) : ''].filter(Boolean).join(' ');
}

function belowMillion(n: number): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const head = thousands === 0 ? '' : thousands === 1 ? 'MIL' : `${below1000(thousands)} MIL`;
  return [head, rest ? below1000(rest) : ''].filter(Boolean).join(' ');
}

/** Spanish words of a whole number 0 ≤ n < 10^12, apocopated ("VEINTIÚN"). */
export function integerInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e12) throw new RangeError(`Número fuera de rango: ${n}`);
  if (n === 0) return 'CERO';
  const millions = Math.floor(n / 1e6);
  const rest = n % 1e6;
  const head = millions === 0 ? '' : millions === 1 ? 'UN MILLÓN' : `${belowMillion(millions)} MILLONES`;
  return [head, rest ? belowMillion(rest) : ''].filter(Boolean).join(' ');
}

/** A total that cannot be written in words (negative, or beyond any amount MH admits): the caller's input, refused by the engine. */
export class AmountInWordsRangeError extends RangeError {
  constructor(readonly amount: string) {
    super(`Monto fuera de rango para expresar en letras: ${amount}`);
  }
}

/** `2260.00` → `DOS MIL DOSCIENTOS SESENTA DÓLARES CON 00/100`. */
export function amountInWords(amount: string | Decimal): string {
  const value = new Decimal(amount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (value.isNegative() || value.gte(AMOUNT_IN_WORDS_LIMIT)) throw new AmountInWordsRangeError(value.toFixed(2));
  const whole = value.floor();
  const cents = value.minus(whole).times(100).toFixed(0).padStart(2, '0');
  const n = whole.toNumber();
  const currency = n === 1 ? 'DÓLAR' : 'DÓLARES';
  return `${integerInWords(n)} ${currency} CON ${cents}/100`;
}

/**
 * Amounts travel as decimal strings; MH's JSON wants numbers. The conversion is checked: the number's
 * shortest representation must be exactly the decimal (JS doubles hold about 15 significant digits).
 */
import Decimal from 'decimal.js';

export class UnrepresentableAmountError extends Error {
  /** The request field the amount comes from (`items[3].unitPrice`, or the line `items[3]`), when known. */
  path: string | undefined;

  constructor(readonly value: string) {
    super(`El monto ${value} no se puede representar exactamente como número JSON`);
  }

  /** The same error, naming the field it comes from. */
  at(path: string): UnrepresentableAmountError {
    this.path = path;
    return this;
  }
}

export function jsonNumber(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n)) throw new UnrepresentableAmountError(value);
  // Up to 15 significant digits always survive the round trip; longer decimals are compared exactly.
  // Quick bound first: the characters other than sign and point are at least the significant digits.
  const digits = value.length - (value.charCodeAt(0) === 45 ? 1 : 0) - (value.includes('.') ? 1 : 0);
  if (digits <= 15) return n;
  if (value.replace(/^-/, '').replace('.', '').replace(/^0+/, '').length <= 15) return n;
  if (!new Decimal(String(n)).eq(value)) throw new UnrepresentableAmountError(value);
  return n;
}

/**
 * What each line of an FE, FEX or FSE can still be returned (pure): the quantity sold minus what the
 * returns not rejected took back, never below zero — the service's rule (docs/document-types.md),
 * shown before asking it. Quantities are decimal text, computed in integers of 10⁻⁸ (MH's item scale).
 */
const SCALE = 8;

function toUnits(text: string): bigint | null {
  const m = /^(-?)(\d+)(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (!m) return null;
  const units = BigInt(m[2]) * 10n ** BigInt(SCALE) + BigInt((m[3] ?? '').padEnd(SCALE, '0'));
  return m[1] ? -units : units;
}

function fromUnits(units: bigint): string {
  const neg = units < 0n;
  const abs = neg ? -units : units;
  const int = abs / 10n ** BigInt(SCALE);
  let frac = (abs % 10n ** BigInt(SCALE)).toString().padStart(SCALE, '0');
  while (frac.endsWith('0')) frac = frac.slice(0, -1);
  return `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

export interface ReturnedLine {
  numItem: number;
  quantity: string;
}

/** numItem → the quantity still returnable. */
export function returnableBalances(items: { number: number; quantity: string | null }[], returns: { status: string; lines: ReturnedLine[] }[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const item of items) {
    let left = toUnits(item.quantity ?? '0') ?? 0n;
    for (const r of returns) {
      if (r.status === 'REJECTED') continue;
      for (const l of r.lines) if (l.numItem === item.number) left -= toUnits(l.quantity) ?? 0n;
    }
    out.set(item.number, fromUnits(left < 0n ? 0n : left));
  }
  return out;
}

/** Whether `wanted` (as typed, already normalized) is a positive quantity within `balance`; null when it is not a number. */
export function withinBalance(wanted: string, balance: string): boolean | null {
  const w = toUnits(wanted);
  const b = toUnits(balance);
  if (w === null || b === null) return null;
  return w > 0n && w <= b;
}

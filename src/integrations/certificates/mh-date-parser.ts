import { EL_SALVADOR_UTC_OFFSET } from '../../domain/mh-rules/el-salvador-time';
import { at, textOf, type XmlNode } from './mh-xml-reader';

/** El Salvador: UTC−6 all year. Dates without a zone in MH files are local time. */
const SV_OFFSET = EL_SALVADOR_UTC_OFFSET;
const ISO = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?))?\s*(Z|[+-]\d{2}:?\d{2}|UTC|GMT)?$/i;
const DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Reads a validity date as MH's Java signer may write it: `java.time.Instant` as decimal epoch
 * seconds (`1700000000.123000000`) or as `<epochSecond>`/`<nano>` children, epoch milliseconds,
 * ISO-8601 with or without zone, `dd/MM/yyyy[ HH:mm[:ss]]`, or `Date.toString()` text.
 * Returns null when absent or unreadable.
 */
export function readMhDate(node: XmlNode | null): Date | null {
  if (!node) return null;
  const epochSecond = textOf(at(node, 'epochSecond')) ?? textOf(at(node, 'seconds'));
  if (epochSecond !== null) {
    const nanos = Number(textOf(at(node, 'nano')) ?? textOf(at(node, 'nanos')) ?? '0');
    return valid(new Date(Number(epochSecond) * 1000 + (Number.isFinite(nanos) ? Math.floor(nanos / 1e6) : 0)));
  }
  const text = textOf(node);
  return text === null ? null : parseDateText(text);
}

export function parseDateText(raw: string): Date | null {
  const text = raw.trim();
  if (/^-?\d+(\.\d+)?$/.test(text)) {
    const n = Number(text);
    const seconds = text.includes('.') || Math.abs(n) < 1e11;
    return valid(new Date(seconds ? Math.round(n * 1000) : n));
  }
  const iso = ISO.exec(text);
  if (iso) {
    const [, date, time, zone] = iso;
    const z = !zone ? SV_OFFSET : /^(Z|UTC|GMT)$/i.test(zone) ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
    const t = (time ?? '00:00').replace(',', '.');
    const withSeconds = t.length === 5 ? `${t}:00` : t;
    const frac = /\.(\d+)$/.exec(withSeconds);
    const normalized = frac ? withSeconds.replace(/\.\d+$/, `.${frac[1].slice(0, 3).padEnd(3, '0')}`) : withSeconds;
    return valid(new Date(`${date}T${normalized}${z}`));
  }
  const dmy = DMY.exec(text);
  if (dmy) {
    const [, d, mo, y, h = '0', mi = '0', s = '0'] = dmy;
    const pad = (v: string) => v.padStart(2, '0');
    return valid(new Date(`${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}${SV_OFFSET}`));
  }
  // Last resort (e.g. Java `Date.toString()`: `Thu Jan 01 00:00:00 CST 2026`); needs a 4-digit year.
  return /\b\d{4}\b/.test(text) ? valid(new Date(Date.parse(text))) : null;
}

function valid(d: Date): Date | null {
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * `selloRecibido`: 40 characters `^[A-Z0-9]{40}$`, shaped as MH's observed seals: 4-digit year of
 * the reception (El Salvador time) + 32 uppercase hexadecimal + 4 alphanumerics
 * (e.g. `2024E68208639D4549FB9FA06E7CB6D57D2A3BED`).
 */
import { randomBytes } from 'node:crypto';
import { localDateTime } from '../../domain/mh-rules/el-salvador-time';

export const MH_SEAL_PATTERN = /^[A-Z0-9]{40}$/;
/** The stricter shape this simulator produces. */
export const SIMULATOR_SEAL_PATTERN = /^[0-9]{4}[0-9A-F]{32}[A-Z0-9]{4}$/;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function generateSeal(at: Date, random: (n: number) => Buffer = randomBytes): string {
  const year = localDateTime(at).date.slice(0, 4);
  const hex = random(16).toString('hex').toUpperCase();
  const tail = [...random(4)].map((b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
  return `${year}${hex}${tail}`;
}

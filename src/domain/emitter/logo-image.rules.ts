/**
 * What an uploaded logo may be (ADR 0046): a PNG or JPEG, by its first bytes (a name or a declared
 * type proves nothing), of at most 512 KB, no smaller than a real image. Pure.
 */
import type { FieldError } from '../shared/domain-error';

export const LOGO_MAX_BYTES = 512 * 1024;

export type LogoMediaType = 'image/png' | 'image/jpeg';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (b: Uint8Array, sig: readonly number[]) => b.length >= sig.length && sig.every((v, i) => b[i] === v);

export function logoMediaType(content: Uint8Array): LogoMediaType | null {
  if (startsWith(content, PNG)) return 'image/png';
  if (startsWith(content, JPEG)) return 'image/jpeg';
  return null;
}

/** The logo's media type, or the refusal at `path` (in Spanish, as the field shows it). */
export function checkLogo(content: Uint8Array, path = 'logo'): { ok: true; mediaType: LogoMediaType } | { ok: false; error: FieldError } {
  if (content.length === 0) return { ok: false, error: { path, code: 'required', message: 'Elija la imagen del logo.' } };
  if (content.length > LOGO_MAX_BYTES) {
    return { ok: false, error: { path, code: 'out_of_range', message: `El logo pesa ${Math.ceil(content.length / 1024)} KB; admite hasta ${LOGO_MAX_BYTES / 1024} KB (reduzca la imagen).` } };
  }
  const mediaType = logoMediaType(content);
  if (!mediaType || content.length < 67) return { ok: false, error: { path, code: 'invalid_format', message: 'El logo debe ser una imagen PNG o JPEG.' } };
  return { ok: true, mediaType };
}

/**
 * `emisor` from the issuer and the establishment of emission. Address, phone and e-mail are the
 * establishment's (falling back to the issuer's phone/e-mail). Every type requires a phone of 8–30
 * characters: an issuer without one cannot issue (error `emitter_incomplete`). FE/CCF also carry
 * codEstable/codPuntoVenta (the MH establishment and point-of-sale codes); NC/ND v4 do not.
 */
import { economicActivityName } from '../../catalog/catalogs';
import type { DteType, FieldError } from '../dte.types';
import type { Address, BuildContext } from './build-context';

export function direccion(a: Address): Record<string, unknown> {
  return { departamento: a.department, municipio: a.municipality, distrito: a.district, complemento: a.line };
}

function incomplete(path: string, message: string): FieldError {
  return { path, code: 'emitter_incomplete', message };
}

export function buildEmisor(type: DteType, ctx: BuildContext): { value: Record<string, unknown> } | { errors: FieldError[] } {
  const { emitter, establishment } = ctx;
  const errors: FieldError[] = [];
  const phone = (establishment.phone ?? emitter.phone ?? '').trim();
  const email = (establishment.email ?? emitter.email ?? '').trim();
  const activity = economicActivityName(emitter.economicActivity);
  const tradeName = emitter.tradeName?.trim() ? emitter.tradeName.trim() : null;
  if (!/^([0-9]{14}|[0-9]{9})$/.test(emitter.nit)) errors.push(incomplete('emitter.nit', 'El NIT del emisor debe tener 14 o 9 dígitos.'));
  if (!/^[0-9]{2,8}$/.test(emitter.nrc)) errors.push(incomplete('emitter.nrc', 'El NRC del emisor debe tener de 2 a 8 dígitos.'));
  if (emitter.name.trim().length === 0 || emitter.name.length > 250) errors.push(incomplete('emitter.name', 'El nombre del emisor debe tener de 1 a 250 caracteres.'));
  if (tradeName !== null && tradeName.length > 150) errors.push(incomplete('emitter.tradeName', 'El nombre comercial del emisor admite hasta 150 caracteres.'));
  if (!activity) errors.push(incomplete('emitter.economicActivity', 'La actividad económica del emisor no existe en el CAT-019.'));
  if (phone.length < 8 || phone.length > 30) {
    errors.push(incomplete('emitter.phone', 'MH exige el teléfono del emisor (8 a 30 caracteres): configúrelo en el emisor o en el establecimiento.'));
  }
  if (email.length < 6 || email.length > 100) errors.push(incomplete('emitter.email', 'MH exige el correo del emisor (6 a 100 caracteres).'));
  if (establishment.address.line.trim().length === 0 || establishment.address.line.length > 200) {
    errors.push(incomplete('establishment.address.line', 'La dirección del establecimiento debe tener de 1 a 200 caracteres.'));
  }
  if (errors.length > 0) return { errors };
  const value: Record<string, unknown> = {
    nit: emitter.nit,
    nrc: emitter.nrc,
    nombre: emitter.name.trim(),
    codActividad: emitter.economicActivity,
    descActividad: activity,
    nombreComercial: tradeName,
    direccion: direccion(establishment.address),
    telefono: phone,
    correo: email,
  };
  if (type === '01' || type === '03') {
    value.codEstable = establishment.code;
    value.codPuntoVenta = ctx.pointOfSale.code;
  }
  return { value };
}

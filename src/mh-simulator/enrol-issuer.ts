/** Enrolment of an issuer (NIT + environment): MH user, password hash and the public key MH verifies signatures with. */
import { createPublicKey } from 'node:crypto';
import { hashPassword } from './auth/password-hash';
import type { MhEnrolment } from './mh-simulator.types';
import type { SimulatorContext } from './simulator-context';

export class EnrolmentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnrolmentError';
  }
}

export async function enrolIssuer(ctx: SimulatorContext, e: MhEnrolment): Promise<void> {
  if (typeof e.nit !== 'string' || !/^(\d{14}|\d{9})$/.test(e.nit)) throw new EnrolmentError('El NIT debe tener 14 o 9 dígitos, sin guiones.');
  if (e.environment !== '00' && e.environment !== '01') throw new EnrolmentError('El ambiente debe ser "00" (pruebas) o "01" (producción).');
  if (typeof e.mhUser !== 'string' || e.mhUser.trim() === '') throw new EnrolmentError('Falta el usuario del MH.');
  if (typeof e.mhPassword !== 'string' || e.mhPassword === '') throw new EnrolmentError('Falta la contraseña del MH.');
  let spki: Buffer;
  try {
    const key = createPublicKey({ key: e.publicKeySpkiDer, format: 'der', type: 'spki' });
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not rsa');
    spki = key.export({ format: 'der', type: 'spki' });
  } catch {
    throw new EnrolmentError('La llave pública debe ser una llave RSA en formato SubjectPublicKeyInfo (DER).');
  }
  await ctx.commit([{
    t: 'enrolment', at: ctx.clock.now().toISOString(), nit: e.nit, environment: e.environment, mhUser: e.mhUser.trim(),
    passwordHash: await hashPassword(e.mhPassword), publicKeySpkiDerBase64: spki.toString('base64'),
  }]);
}

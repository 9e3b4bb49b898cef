import { z } from 'zod';
import type { Environment } from '../../domain/identity/api-key-format';
import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { parseWith } from '../../domain/shared/zod-errors';
import { NIT_PATTERN } from '../../domain/emitter/tax-identifiers';
import { CertificateError, certificateWarnings, MAX_CERTIFICATE_BYTES, parseCertificate } from '../../integrations/certificates/parse-certificate';
import { EmitterCredentialEntity } from '../../persistence/entities';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { credentialStatus, type CredentialStatus } from './credential-status';
import { runMhLogin } from './mh-login';

export interface UploadCredentialsInput {
  environment: unknown;
  certificate: Buffer | null;
  privateKeyPassword: unknown;
  mhUser: unknown;
  mhPassword: unknown;
}

const fieldsSchema = z.strictObject({
  environment: z.enum(['00', '01'], 'El ambiente es "00" (pruebas) o "01" (producción).'),
  privateKeyPassword: z.string('Campo obligatorio.').min(1, 'Campo obligatorio.').max(200),
  mhUser: z.string('Campo obligatorio.').regex(NIT_PATTERN, 'El usuario de la API del MH es el NIT del emisor: 14 dígitos (o 9), sin guiones.'),
  mhPassword: z.string('Campo obligatorio.').min(1, 'Campo obligatorio.').max(100),
});

const PASSWORD_CODES = new Set(['certificate_password_invalid']);

/**
 * Stores an issuer's certificate (MH XML `<CertificadoMH>` or PKCS#12) and MH credentials for one
 * environment: checks the password, that the key matches, the NIT and the validity; seals the key,
 * its password and the MH password; enrols them in the MH simulator when that is the MH in use; and
 * runs a test login. A failed login is reported in the status, not refused.
 */
export class UploadCredentialsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, input: UploadCredentialsInput): Promise<CredentialStatus> {
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, emitterId);
    const parsed = parseWith(fieldsSchema, {
      environment: input.environment,
      privateKeyPassword: input.privateKeyPassword,
      mhUser: input.mhUser,
      mhPassword: input.mhPassword,
    });
    const errors = parsed.ok ? [] : [...parsed.errors];
    if (!input.certificate || input.certificate.length === 0) errors.unshift({ path: 'certificate', code: 'required', message: 'Adjunte el archivo del certificado (XML del MH o .p12/.pfx).' });
    else if (input.certificate.length > MAX_CERTIFICATE_BYTES) errors.unshift({ path: 'certificate', code: 'out_of_range', message: 'El certificado supera 1 MB.' });
    if (errors.length || !parsed.ok) throw DomainError.validation(errors);
    const v = parsed.value;
    const environment = v.environment as Environment;

    let cert;
    try {
      cert = parseCertificate(input.certificate!, v.privateKeyPassword);
    } catch (err) {
      if (err instanceof CertificateError) {
        throw DomainError.field(err.code as never, PASSWORD_CODES.has(err.code) ? 'privateKeyPassword' : 'certificate', err.message);
      }
      throw err;
    }
    if (cert.nit !== emitter.nit) {
      throw DomainError.field('certificate_nit_mismatch', 'certificate', `El certificado es del NIT ${cert.nit} y el emisor tiene el NIT ${emitter.nit}.`);
    }
    const now = this.deps.clock.now();
    if (cert.validUntil && cert.validUntil.getTime() < now.getTime()) {
      throw DomainError.field('certificate_expired', 'certificate', `El certificado venció el ${cert.validUntil.toISOString()}.`);
    }
    if (cert.validFrom && cert.validFrom.getTime() > now.getTime()) {
      throw DomainError.field('certificate_not_yet_valid', 'certificate', `El certificado es válido desde el ${cert.validFrom.toISOString()}.`);
    }

    const secrets = this.deps.secrets;
    const aad = (what: string) => `emitter:${emitter.id}:${environment}:${what}`;
    let credential = await em.findOne(EmitterCredentialEntity, { emitter, environment });
    const sealed = {
      certificateFormat: cert.format,
      certificateNit: cert.nit,
      certificateSubject: cert.subject,
      certificateValidFrom: cert.validFrom,
      certificateValidUntil: cert.validUntil,
      publicKeySpki: cert.publicKeySpkiDer.toString('base64'),
      sealedPrivateKey: secrets.seal(cert.privateKeyPkcs8Der, aad('private-key')),
      sealedKeyPassword: secrets.seal(v.privateKeyPassword, aad('key-password')),
      mhUser: v.mhUser,
      sealedMhPassword: secrets.seal(v.mhPassword, aad('mh-password')),
      updatedAt: now,
    };
    cert.privateKeyPkcs8Der.fill(0);
    if (credential) {
      Object.assign(credential, sealed);
      credential.version += 1;
    } else {
      credential = em.create(EmitterCredentialEntity, { id: newId(IdPrefix.credential, now.getTime()), emitter, environment, ...sealed, mhLoginOk: false, checkedAt: null, message: null, version: 1, createdAt: now });
    }
    const warnings = certificateWarnings(cert, now).map((w) => w.message);
    await this.deps.mhCredentials.enrol({ nit: emitter.nit, environment, mhUser: v.mhUser, mhPassword: v.mhPassword, publicKeySpkiDer: cert.publicKeySpkiDer });
    const login = await runMhLogin(this.deps, environment, { nit: emitter.nit, mhUser: v.mhUser, mhPassword: v.mhPassword });
    credential.mhLoginOk = login.ok;
    credential.checkedAt = this.deps.clock.now();
    credential.message = [`Certificado ${cert.format === 'pkcs12' ? 'PKCS#12' : 'XML del MH'} válido para el NIT ${cert.nit}.`, login.message, ...warnings].join(' ');
    await em.flush();
    this.deps.signingKeys.invalidate(`${emitter.id}:${environment}:`);
    return credentialStatus(credential);
  }
}


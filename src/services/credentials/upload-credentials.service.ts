import { z } from 'zod';
import type { Environment } from '../../domain/identity/api-key-format';
import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { parseWith } from '../../domain/shared/zod-errors';
import { NIT_PATTERN } from '../../domain/emitter/tax-identifiers';
import { CertificateError, certificateWarnings, MAX_CERTIFICATE_BYTES, parseCertificate, type ParsedCertificate } from '../../integrations/certificates/parse-certificate';
import { EmitterCredentialEntity } from '../../persistence/entities';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import { requestEnvironment } from '../shared/request-environment';
import { recordAudit } from '../audit/audit-trail';
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

/** A part left out (absent, null or an empty form field) keeps what is stored. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const fieldsSchema = z.strictObject({
  environment: z.enum(['00', '01'], 'El ambiente es "00" (pruebas) o "01" (producción).'),
  privateKeyPassword: optional(z.string('Texto esperado.').max(200)),
  mhUser: optional(z.string('Texto esperado.').regex(NIT_PATTERN, 'El usuario de la API del MH es el NIT del emisor: 14 dígitos (o 9), sin guiones.')),
  mhPassword: optional(z.string('Texto esperado.').max(100)),
});

const PASSWORD_CODES = new Set(['certificate_password_invalid']);

const PART_LABELS = {
  certificate: 'el archivo del certificado (XML del MH o .p12/.pfx)',
  privateKeyPassword: 'la contraseña de la llave privada',
  mhUser: 'el usuario de la API del MH (NIT)',
  mhPassword: 'la contraseña de la API del MH',
} as const;

/**
 * Stores an issuer's certificate (MH XML `<CertificadoMH>` or PKCS#12) and MH credentials for one
 * environment: checks the password, that the key matches, the NIT and the validity; seals the key,
 * its password and the MH password; enrols them in the MH simulator when that is the MH in use; and
 * runs a test login. A failed login is reported in the status, not refused.
 *
 * The first upload of an environment needs every part. Later uploads may carry only what changes —
 * the certificate with its password, the MH password (and user), or both — and keep the rest: a
 * certificate always comes with its password, since one is checked against the other.
 */
export class UploadCredentialsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, input: UploadCredentialsInput): Promise<CredentialStatus> {
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, emitterId);
    if (input.environment === '00' || input.environment === '01') requestEnvironment(actor, input.environment);
    const parsed = parseWith(fieldsSchema, {
      environment: input.environment,
      privateKeyPassword: input.privateKeyPassword,
      mhUser: input.mhUser,
      mhPassword: input.mhPassword,
    });
    const errors = parsed.ok ? [] : [...parsed.errors];
    const file = input.certificate && input.certificate.length > 0 ? input.certificate : null;
    if (file && file.length > MAX_CERTIFICATE_BYTES) errors.unshift({ path: 'certificate', code: 'out_of_range', message: 'El certificado supera 1 MB.' });
    const environment = (input.environment === '00' || input.environment === '01' ? input.environment : null) as Environment | null;
    // Nothing is stored for an invalid environment: its parts are judged as a first upload's.
    let credential = environment ? await em.findOne(EmitterCredentialEntity, { emitter, environment }) : null;
    const present = (k: 'privateKeyPassword' | 'mhUser' | 'mhPassword') => input[k] !== undefined && input[k] !== null && input[k] !== '';
    const given = { certificate: file !== null, privateKeyPassword: present('privateKeyPassword'), mhUser: present('mhUser'), mhPassword: present('mhPassword') };
    const stored = { certificate: !!credential, privateKeyPassword: !!credential, mhUser: !!credential?.mhUser, mhPassword: !!credential?.sealedMhPassword };
    const parts = Object.keys(given) as (keyof typeof given)[];
    const lacking = parts.filter((k) => !given[k] && !stored[k]);
    if (lacking.length) {
      for (const k of lacking) {
        const message = credential
          ? `Envíe ${PART_LABELS[k]}: falta entre las credenciales guardadas del ambiente ${environment}.`
          : `La primera carga de credenciales de un ambiente requiere ${PART_LABELS[k]}.`;
        errors.push({ path: k, code: 'required', message });
      }
    } else if (given.certificate !== given.privateKeyPassword) {
      const k = given.certificate ? 'privateKeyPassword' : 'certificate';
      errors.push({ path: k, code: 'required', message: `El certificado y la contraseña de su llave privada se cambian juntos: envíe también ${PART_LABELS[k]}.` });
    } else if (parts.every((k) => !given[k])) {
      errors.push({
        path: null,
        code: 'required',
        message: 'No hay nada que actualizar: envíe el certificado con la contraseña de su llave privada, la contraseña (y el usuario) de la API del MH, o ambos. Lo que no envíe se conserva.',
      });
    }
    if (errors.length || !parsed.ok || !environment) throw DomainError.validation(errors);
    const v = parsed.value;

    const cert = file ? this.checkedCertificate(file, v.privateKeyPassword!, emitter.nit) : null;
    const now = this.deps.clock.now();
    const secrets = this.deps.secrets;
    const aad = (what: string) => `emitter:${emitter.id}:${environment}:${what}`;
    const changes: Partial<EmitterCredentialEntity> = { updatedAt: now };
    if (cert) {
      Object.assign(changes, {
        certificateFormat: cert.format,
        certificateNit: cert.nit,
        certificateSubject: cert.subject,
        certificateValidFrom: cert.validFrom,
        certificateValidUntil: cert.validUntil,
        publicKeySpki: cert.publicKeySpkiDer.toString('base64'),
        sealedPrivateKey: secrets.seal(cert.privateKeyPkcs8Der, aad('private-key')),
        sealedKeyPassword: secrets.seal(v.privateKeyPassword!, aad('key-password')),
      });
      cert.privateKeyPkcs8Der.fill(0);
    }
    if (v.mhUser !== undefined) changes.mhUser = v.mhUser;
    if (v.mhPassword !== undefined) changes.sealedMhPassword = secrets.seal(v.mhPassword, aad('mh-password'));
    if (credential) {
      Object.assign(credential, changes);
      credential.version += 1;
    } else {
      credential = em.create(EmitterCredentialEntity, { id: newId(IdPrefix.credential, now.getTime()), emitter, environment, ...(changes as Omit<EmitterCredentialEntity, 'id' | 'emitter' | 'environment'>), mhLoginOk: false, checkedAt: null, message: null, version: 1, createdAt: now });
    }
    const mhUser = credential.mhUser!;
    const mhPassword = v.mhPassword ?? secrets.openText(credential.sealedMhPassword!, aad('mh-password'));
    const publicKeySpkiDer = cert ? cert.publicKeySpkiDer : Buffer.from(credential.publicKeySpki, 'base64');
    const validity = { validFrom: credential.certificateValidFrom, validUntil: credential.certificateValidUntil };
    const warnings = certificateWarnings(validity, now).map((w) => w.message);
    await this.deps.mhCredentials.enrol({ nit: emitter.nit, environment, mhUser, mhPassword, publicKeySpkiDer });
    const login = await runMhLogin(this.deps, environment, { nit: emitter.nit, mhUser, mhPassword });
    credential.mhLoginOk = login.ok;
    credential.checkedAt = this.deps.clock.now();
    const certificateLine = cert
      ? `Certificado ${cert.format === 'pkcs12' ? 'PKCS#12' : 'XML del MH'} válido para el NIT ${cert.nit}.`
      : `Se conserva el certificado guardado (NIT ${credential.certificateNit}).`;
    const mhLine = given.mhPassword || given.mhUser ? '' : 'Se conservan el usuario y la contraseña de la API del MH guardados.';
    credential.message = [certificateLine, mhLine, login.message, ...warnings].filter(Boolean).join(' ');
    await em.begin();
    try {
      await em.flush();
      await recordAudit(em, now, { actor }, {
        accountId: actor.accountId,
        action: 'credentials.uploaded',
        target: { type: 'emitter', id: emitter.id },
        details: { environment, certificate_replaced: Boolean(cert), mh_user_changed: v.mhUser !== undefined, mh_password_changed: v.mhPassword !== undefined, mh_login_ok: login.ok },
      });
      await em.commit();
    } catch (err) {
      await em.rollback();
      throw err;
    }
    this.deps.signingKeys.invalidate(`${emitter.id}:${environment}:`);
    this.deps.emitterCaches?.forget(emitter.id);
    return credentialStatus(credential);
  }

  /** The uploaded certificate, checked: password, key pair, NIT of the issuer and validity today. */
  private checkedCertificate(file: Buffer, password: string, nit: string): ParsedCertificate {
    let cert;
    try {
      cert = parseCertificate(file, password);
    } catch (err) {
      if (err instanceof CertificateError) {
        throw DomainError.field(err.code as never, PASSWORD_CODES.has(err.code) ? 'privateKeyPassword' : 'certificate', err.message);
      }
      throw err;
    }
    if (cert.nit !== nit) {
      throw DomainError.field('certificate_nit_mismatch', 'certificate', `El certificado es del NIT ${cert.nit} y el emisor tiene el NIT ${nit}.`);
    }
    const now = this.deps.clock.now();
    if (cert.validUntil && cert.validUntil.getTime() < now.getTime()) {
      throw DomainError.field('certificate_expired', 'certificate', `El certificado venció el ${cert.validUntil.toISOString()}.`);
    }
    if (cert.validFrom && cert.validFrom.getTime() > now.getTime()) {
      throw DomainError.field('certificate_not_yet_valid', 'certificate', `El certificado es válido desde el ${cert.validFrom.toISOString()}.`);
    }
    return cert;
  }
}

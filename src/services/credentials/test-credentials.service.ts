import type { Environment } from '../../domain/identity/api-key-format';
import { DomainError } from '../../domain/shared/domain-error';
import { EmitterCredentialEntity } from '../../persistence/entities';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import { requestEnvironment } from '../shared/request-environment';
import type { ServiceDeps } from '../shared/service-deps';
import { credentialStatus, type CredentialStatus } from './credential-status';
import { runMhLogin } from './mh-login';

/** Re-runs the MH test login with the stored credentials; updates `checked_at`, `mh_login_ok`, `message`. */
export class TestCredentialsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, environment: unknown): Promise<CredentialStatus> {
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, emitterId);
    if (environment !== '00' && environment !== '01') {
      throw DomainError.field(environment === undefined || environment === null ? 'required' : 'invalid_value', 'environment', 'El ambiente es "00" (pruebas) o "01" (producción).');
    }
    requestEnvironment(actor, environment);
    const credential = await em.findOne(EmitterCredentialEntity, { emitter, environment });
    if (!credential || !credential.sealedMhPassword || !credential.mhUser) {
      throw DomainError.field('credentials_not_configured', 'environment', `El emisor no tiene credenciales para el ambiente ${environment}; súbalas con PUT /v1/emitters/{id}/credentials.`);
    }
    const mhPassword = this.deps.secrets.openText(credential.sealedMhPassword, `emitter:${emitter.id}:${environment}:mh-password`);
    const login = await runMhLogin(this.deps, environment as Environment, { nit: emitter.nit, mhUser: credential.mhUser, mhPassword });
    credential.mhLoginOk = login.ok;
    credential.checkedAt = this.deps.clock.now();
    credential.message = login.message;
    await em.flush();
    this.deps.emitterCaches?.forget(emitter.id);
    return credentialStatus(credential);
  }
}

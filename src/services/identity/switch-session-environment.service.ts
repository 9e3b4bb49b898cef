import type { Environment } from '../../domain/identity/api-key-format';
import { DomainError } from '../../domain/shared/domain-error';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import type { AuthenticatedSession } from './authenticate-session.service';
import type { SessionView } from './session-view';

/** `PATCH /v1/auth/session {environment}`: the panel switches between test (00) and production (01). */
export class SwitchSessionEnvironmentService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(current: AuthenticatedSession, input: { environment?: unknown }): Promise<SessionView> {
    const environment = input.environment;
    if (environment !== '00' && environment !== '01') {
      throw DomainError.field('invalid_value', 'environment', 'El ambiente es "00" (pruebas) o "01" (producción).');
    }
    await sql(this.deps.orm.em.fork(), 'update panel_sessions set environment = ? where id = ?', [environment, current.session.id]);
    return { ...current.session, environment: environment as Environment };
  }
}

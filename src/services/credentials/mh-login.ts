import type { Environment } from '../../domain/identity/api-key-format';
import type { MhLoginCredentials } from '../ports/mh-gateway.port';
import type { ServiceDeps } from '../shared/service-deps';

/** Test login at MH; never throws (an unreachable MH is a status, not an error). */
export async function runMhLogin(deps: ServiceDeps, environment: Environment, creds: MhLoginCredentials): Promise<{ ok: boolean; message: string }> {
  try {
    const r = await deps.mhCredentials.login(environment, creds);
    return r.ok
      ? { ok: true, message: 'Inicio de sesión en la API del MH correcto.' }
      : { ok: false, message: `El MH rechazó el inicio de sesión (${r.code}): ${r.message}` };
  } catch (err) {
    deps.logger.warn({ err }, 'no se pudo probar el inicio de sesión en el MH');
    return { ok: false, message: 'No se pudo contactar al MH para probar el inicio de sesión; reintente con POST …/credentials/test.' };
  }
}

import type { ServiceDeps } from '../shared/service-deps';
import { preparedRows, sqlRows, statementEm } from '../shared/sql';
import { readThrough } from '../shared/notice-cache';
import { CREDENTIAL_ENVIRONMENTS, emptyCredentialStatus, type CredentialStatus } from './credential-status';

interface StatusRow {
  emitter_id: string;
  environment: string;
  certificate_nit: string;
  mh_login_ok: boolean;
  checked_at: Date | null;
  mh_user: string | null;
  certificate_valid_until: Date | null;
  message: string | null;
}

const COLUMNS = 'emitter_id, environment, certificate_nit, mh_login_ok, checked_at, mh_user, certificate_valid_until, message';

/**
 * The credential status of several emitters in one query — one per environment (`00`, `01`;
 * `certificateLoaded: false` where nothing is stored) — in the order of
 * `emitterIds` (the GraphQL door batches the emitters of one operation). The caller has already
 * loaded the emitters through an account-checked service, so only their ids reach here. Only the
 * status columns are read (never the sealed secrets); one emitter — every `GET /v1/emitters/{id}` —
 * is a prepared statement, kept in this process's emitter cache (EmitterCaches).
 */
export class ListCredentialsByEmitterService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(emitterIds: readonly string[]): Promise<CredentialStatus[][]> {
    // One emitter (every GET /v1/emitters/{id}): from this process's emitter cache when it holds it.
    if (emitterIds.length === 1) {
      const id = emitterIds[0];
      return [(await readThrough(this.deps.emitterCaches?.credentials, id, id, async () => (await this.read([id]))[0]))!];
    }
    return this.read(emitterIds);
  }

  private async read(emitterIds: readonly string[]): Promise<CredentialStatus[][]> {
    const em = statementEm(this.deps.orm);
    const rows =
      emitterIds.length === 1
        ? await preparedRows<StatusRow>(em, `select ${COLUMNS} from emitter_credentials where emitter_id = ?`, [emitterIds[0]])
        : await sqlRows<StatusRow>(em, `select ${COLUMNS} from emitter_credentials where emitter_id = any(?::text[])`, [[...emitterIds]]);
    return emitterIds.map((id) =>
      CREDENTIAL_ENVIRONMENTS.map((env) => {
        const stored = rows.find((r) => r.emitter_id === id && r.environment === env);
        return stored
          ? {
              environment: stored.environment,
              certificateLoaded: true,
              certificateNit: stored.certificate_nit,
              mhLoginOk: stored.mh_login_ok,
              checkedAt: stored.checked_at,
              mhUser: stored.mh_user,
              certificateValidUntil: stored.certificate_valid_until,
              message: stored.message,
            }
          : emptyCredentialStatus(env);
      }),
    );
  }
}

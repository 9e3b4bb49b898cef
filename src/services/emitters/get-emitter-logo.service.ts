import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { statementEm, sqlRows } from '../shared/sql';
import { emitterVisibleTo } from './emitter-access';
import { readLogo, type StoredLogo } from './emitter-logo-store';

/** `GET /v1/emitters/{id}/logo`: the issuer's uploaded logo as stored, or null (none, or another account's issuer). */
export class GetEmitterLogoService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string): Promise<StoredLogo | null> {
    if (typeof emitterId !== 'string' || emitterId.length > 64 || !emitterVisibleTo(actor, emitterId)) return null;
    const own = await sqlRows(statementEm(this.deps.orm), 'select id from emitters where id = ? and account_id = ?', [emitterId, actor.accountId]);
    return own.length ? readLogo(this.deps, emitterId) : null;
  }
}

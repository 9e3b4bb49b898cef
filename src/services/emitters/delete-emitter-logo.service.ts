import type { EmitterEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { loadOwnEmitter } from './emitter-access';
import { removeLogo, uploadedLogoUrl } from './emitter-logo-store';

/** Removes the issuer's uploaded logo: its PDFs go without one (a `logo_url` set by hand elsewhere stays). Audited when there was one. */
export class DeleteEmitterLogoService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string): Promise<EmitterEntity> {
    const now = this.deps.clock.now();
    const emitter = await this.deps.orm.em.fork().transactional(async (tx) => {
      const e = await loadOwnEmitter(tx, actor, emitterId);
      if (!(await removeLogo(tx, e.id))) return e;
      if (e.logoUrl === uploadedLogoUrl(this.deps, e.id)) e.logoUrl = null;
      e.updatedAt = now;
      await tx.flush();
      await recordAudit(tx, now, { actor }, { accountId: actor.accountId, action: 'emitter.updated', target: { type: 'emitter', id: e.id }, details: { changed: ['logo'], name: e.name, nit: e.nit, logo: null } });
      return e;
    });
    this.deps.emitterCaches?.forget(emitter.id);
    return emitter;
  }
}

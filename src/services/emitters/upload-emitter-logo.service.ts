import { checkLogo } from '../../domain/emitter/logo-image.rules';
import { DomainError } from '../../domain/shared/domain-error';
import type { EmitterEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { loadOwnEmitter } from './emitter-access';
import { saveLogo, uploadedLogoUrl } from './emitter-logo-store';

/** An uploaded logo as the API shows it (never its bytes: `GET …/logo` serves them). */
export interface UploadedLogo {
  emitterId: string;
  mediaType: string;
  bytes: number;
  sha256: string;
  updatedAt: Date;
  url: string;
}

/**
 * An issuer's logo uploaded from the panel (or `PUT /v1/emitters/{id}/logo`): a PNG or JPEG of at most
 * 512 KB, kept in the database and served by the service, whose URL becomes the issuer's `logo_url`;
 * its PDFs draw it from then on (ADR 0046). Replaces the one before; audited as a change of the issuer.
 */
export class UploadEmitterLogoService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, input: { content: Buffer | string | null | undefined }): Promise<{ emitter: EmitterEntity; logo: UploadedLogo }> {
    const content = typeof input.content === 'string' ? Buffer.from(input.content, 'base64') : (input.content ?? Buffer.alloc(0));
    const em = this.deps.orm.em.fork();
    await loadOwnEmitter(em, actor, emitterId);
    const checked = checkLogo(content, typeof input.content === 'string' ? 'contentBase64' : 'logo');
    if (!checked.ok) throw DomainError.validation([checked.error]);
    const now = this.deps.clock.now();
    const { emitter, logo } = await em.transactional(async (tx) => {
      const e = await loadOwnEmitter(tx, actor, emitterId);
      const saved = await saveLogo(tx, e.id, checked.mediaType, content, now);
      e.logoUrl = uploadedLogoUrl(this.deps, e.id);
      e.updatedAt = now;
      await tx.flush();
      await recordAudit(tx, now, { actor }, {
        accountId: actor.accountId, action: 'emitter.updated', target: { type: 'emitter', id: e.id },
        details: { changed: ['logo'], name: e.name, nit: e.nit, logo: { media_type: checked.mediaType, bytes: saved.bytes, sha256: saved.sha256 } },
      });
      return { emitter: e, logo: { emitterId: e.id, mediaType: checked.mediaType, bytes: saved.bytes, sha256: saved.sha256, updatedAt: now, url: e.logoUrl } };
    });
    this.deps.emitterCaches?.forget(emitter.id);
    return { emitter, logo };
  }
}

import { z } from 'zod';
import { MAX_EMBED_ORIGINS, parseEmbedOrigin } from '../../domain/embed/embed-origin';
import { DomainError } from '../../domain/shared/domain-error';
import { parseWith } from '../../domain/shared/zod-errors';
import { AccountEntity } from '../../persistence/entities';
import { recordAudit, type AuditSubject } from '../audit/audit-trail';
import { requirePanelUser } from '../identity/panel-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';

/** The body of `PUT /v1/embed-origins` and `SetEmbedOriginsInput`: the whole list, replacing the one before. */
export const setEmbedOriginsSchema = z.strictObject({
  origins: z
    .array(z.string('Cada origen es un texto.').max(300, 'Un origen admite hasta 300 caracteres.'), '"origins" es una lista de orígenes (https://dominio[:puerto]).')
    .max(MAX_EMBED_ORIGINS * 2, `Se admiten hasta ${MAX_EMBED_ORIGINS} orígenes.`),
});

/** The origins allowed to frame an account's embed views. */
export interface EmbedOriginsView {
  origins: string[];
}

/**
 * The origins allowed to frame the account's embed views (`Content-Security-Policy:
 * frame-ancestors`, docs/adr/0030); an empty list makes them unframeable. The whole list is replaced,
 * normalised (`https://Erp.Ejemplo.com/` → `https://erp.ejemplo.com`) and without repeats. From the
 * panel (an owner: it is a security setting of the whole account) or the CLI; either way one audit
 * entry, written in the same transaction.
 */
export class SetEmbedOriginsService {
  constructor(private readonly deps: ServiceDeps) {}

  /** From a panel session (owner). */
  async forActor(actor: Actor, body: unknown): Promise<EmbedOriginsView> {
    requirePanelUser(actor, ['owner'], 'cambiar los orígenes que pueden incrustar las vistas de solo lectura');
    const parsed = parseWith(setEmbedOriginsSchema, body ?? {});
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const { origins } = await this.execute({ accountId: actor.accountId, origins: parsed.value.origins, audit: { actor } });
    return { origins };
  }

  async execute(input: { accountId: string; origins: readonly string[]; audit: AuditSubject }): Promise<{ accountId: string; origins: string[] }> {
    const origins: string[] = [];
    for (const [i, text] of input.origins.entries()) {
      const o = parseEmbedOrigin(text);
      if (!o) throw DomainError.field('invalid_format', `origins[${i}]`, `"${text.slice(0, 80)}" no es un origen: use https://dominio[:puerto], sin ruta.`);
      if (!origins.includes(o)) origins.push(o);
    }
    if (origins.length > MAX_EMBED_ORIGINS) throw DomainError.field('out_of_range', 'origins', `Se admiten hasta ${MAX_EMBED_ORIGINS} orígenes.`);
    return this.deps.orm.em.fork().transactional(async (tx) => {
      const account = await tx.findOne(AccountEntity, { id: input.accountId });
      if (!account) throw DomainError.notFound('una cuenta', 'account');
      const before = [...account.embedOrigins];
      account.embedOrigins = origins;
      await tx.flush();
      if (before.join(' ') !== origins.join(' ')) {
        await recordAudit(tx, this.deps.clock.now(), input.audit, {
          accountId: account.id,
          action: 'account.embed_origins_changed',
          target: { type: 'account', id: account.id },
          details: { origins, before },
        });
      }
      return { accountId: account.id, origins };
    });
  }
}

import { MAX_EMBED_ORIGINS, parseEmbedOrigin } from '../../domain/embed/embed-origin';
import { DomainError } from '../../domain/shared/domain-error';
import { AccountEntity } from '../../persistence/entities';
import type { ServiceDeps } from '../shared/service-deps';

/**
 * `accounts set-embed-origins`: the origins allowed to frame the account's embed views
 * (`Content-Security-Policy: frame-ancestors`); an empty list makes them unframeable.
 */
export class SetEmbedOriginsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(input: { accountId: string; origins: readonly string[] }): Promise<{ accountId: string; origins: string[] }> {
    const origins: string[] = [];
    for (const [i, text] of input.origins.entries()) {
      const o = parseEmbedOrigin(text);
      if (!o) throw DomainError.field('invalid_format', `origins[${i}]`, `"${text.slice(0, 80)}" no es un origen: use https://dominio[:puerto], sin ruta.`);
      if (!origins.includes(o)) origins.push(o);
    }
    if (origins.length > MAX_EMBED_ORIGINS) throw DomainError.field('out_of_range', 'origins', `Se admiten hasta ${MAX_EMBED_ORIGINS} orígenes.`);
    const em = this.deps.orm.em.fork();
    const account = await em.findOne(AccountEntity, { id: input.accountId });
    if (!account) throw DomainError.notFound('una cuenta', 'account');
    account.embedOrigins = origins;
    await em.flush();
    return { accountId: account.id, origins };
  }
}

import { DomainError } from '../../domain/shared/domain-error';
import { AccountEntity } from '../../persistence/entities';
import { requirePanelUser } from '../identity/panel-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import type { EmbedOriginsView } from './set-embed-origins.service';

/** The origins allowed to frame the account's embed views, for any user of the panel. */
export class GetEmbedOriginsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor): Promise<EmbedOriginsView> {
    requirePanelUser(actor, ['owner', 'member', 'viewer'], 'ver los orígenes que pueden incrustar las vistas de solo lectura');
    const account = await this.deps.orm.em.fork().findOne(AccountEntity, { id: actor.accountId }, { fields: ['id', 'embedOrigins'] });
    if (!account) throw DomainError.notFound('una cuenta', 'account');
    return { origins: [...account.embedOrigins] };
  }
}

import { DomainError } from '../../domain/shared/domain-error';
import { AccountEntity, ApiKeyEntity } from '../../persistence/entities';
import type { ServiceDeps } from '../shared/service-deps';

export interface ApiKeySummary {
  id: string;
  environment: string;
  prefix: string;
  scopes: string[];
  description: string | null;
  createdAt: Date;
  revokedAt: Date | null;
}

export class ListApiKeysService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(input: { accountId: string }): Promise<ApiKeySummary[]> {
    const em = this.deps.orm.em.fork();
    if (!(await em.findOne(AccountEntity, { id: input.accountId }))) throw DomainError.notFound('una cuenta', 'account');
    const keys = await em.find(ApiKeyEntity, { account: input.accountId }, { orderBy: { id: 'asc' } });
    return keys.map((k) => ({
      id: k.id,
      environment: k.environment,
      prefix: k.displayPrefix,
      scopes: k.scopes,
      description: k.description,
      createdAt: k.createdAt,
      revokedAt: k.revokedAt,
    }));
  }
}

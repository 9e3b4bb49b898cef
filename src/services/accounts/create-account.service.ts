import type { EntityManager } from '@mikro-orm/core';
import { newId, IdPrefix } from '../../domain/shared/ids';
import { DomainError } from '../../domain/shared/domain-error';
import { AccountEntity } from '../../persistence/entities';
import type { AuditSubject } from '../audit/audit-trail';
import type { ServiceDeps } from '../shared/service-deps';
import { CreateApiKeyService, type CreatedApiKey } from './create-api-key.service';
import { DEFAULT_SCOPES, type Scope } from '../../domain/identity/scopes';

export interface CreatedAccount {
  accountId: string;
  name: string;
  keys: { test: CreatedApiKey; live: CreatedApiKey };
}

/**
 * Creates an account with one test and one live key — the default scopes and `documents:invalidate`
 * (the account's first keys void documents as ERP keys always could; keys made later ask for it) —
 * shown only here.
 */
export class CreateAccountService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly keys: CreateApiKeyService,
  ) {}

  /** `audit` (the CLI) records the two new keys as `api_key.created`. */
  async execute(input: { name: string; audit?: AuditSubject }): Promise<CreatedAccount> {
    const name = input.name?.trim();
    if (!name) throw DomainError.field('required', 'name', 'El nombre de la cuenta es obligatorio.');
    if (name.length > 200) throw DomainError.field('invalid_format', 'name', 'El nombre admite hasta 200 caracteres.');
    return this.deps.orm.em.fork().transactional((tx) => this.executeIn(tx, { name, audit: input.audit }));
  }

  /** Same, inside a transaction the caller owns. */
  async executeIn(tx: EntityManager, input: { name: string; audit?: AuditSubject }): Promise<CreatedAccount> {
    const account = tx.create(AccountEntity, { id: newId(IdPrefix.account), name: input.name, createdAt: this.deps.clock.now() });
    await tx.flush();
    const scopes: Scope[] = [...DEFAULT_SCOPES, 'documents:invalidate'];
    const test = await this.keys.executeIn(tx, { accountId: account.id, environment: '00', scopes, audit: input.audit });
    const live = await this.keys.executeIn(tx, { accountId: account.id, environment: '01', scopes, audit: input.audit });
    return { accountId: account.id, name: input.name, keys: { test, live } };
  }
}

import { DomainError } from '../../domain/shared/domain-error';
import { AccountEntity } from '../../persistence/entities';
import type { ServiceDeps } from '../shared/service-deps';

/** `accounts set-plan`: puts an account on a plan of the price list. */
export class SetAccountPlanService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(input: { accountId: string; planCode: string }): Promise<{ accountId: string; planCode: string }> {
    const codes = this.deps.config.plans.plans.map((p) => p.code);
    if (!codes.includes(input.planCode)) throw DomainError.field('invalid_value', 'plan', `El plan es uno de: ${codes.join(', ')}.`);
    const em = this.deps.orm.em.fork();
    const account = await em.findOne(AccountEntity, { id: input.accountId });
    if (!account) throw DomainError.notFound('una cuenta', 'account');
    account.planCode = input.planCode;
    await em.flush();
    return { accountId: account.id, planCode: input.planCode };
  }
}

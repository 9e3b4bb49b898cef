import { overageOf, planOf } from '../../domain/billing/plan';
import { usagePeriodBounds, usagePeriodOf } from '../../domain/billing/usage-period';
import { isValidPeriod } from '../../domain/fiscal';
import { DomainError } from '../../domain/shared/domain-error';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';

export interface Usage {
  period: string;
  environment: string;
  planCode: string;
  included: number;
  used: number;
  remaining: number;
  overageDocuments: number;
  overageAmountExclIva: string;
  byEmitter: { emitterId: string; byType: { type: string; processed: number }[] }[];
  dataRefreshedAt: Date;
}

/**
 * Usage of one El Salvador month in the caller's environment: documents of the account that reached
 * `processed` in the period (voided later still count; dry runs are never stored), per emitter and
 * type, against the account's plan. The test environment is reported and never billed.
 */
export class GetUsageService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, input: { period?: string | null }): Promise<Usage> {
    const now = this.deps.clock.now();
    const period = input.period ?? usagePeriodOf(now);
    if (!isValidPeriod(period)) throw DomainError.field('invalid_format', 'period', 'El período tiene el formato AAAA-MM.');
    const { start, end } = usagePeriodBounds(period);
    const em = this.deps.orm.em.fork();
    const [account] = await sql<{ plan_code: string | null }>(em, 'select plan_code from accounts where id = ?', [actor.accountId]);
    const rows = await this.deps.documents.processedCounts(actor, start, end);
    const plan = planOf(this.deps.config.plans, account?.plan_code ?? null);
    const byEmitter = new Map<string, { type: string; processed: number }[]>();
    let used = 0;
    for (const r of rows) {
      used += r.processed;
      byEmitter.set(r.emitter_id, [...(byEmitter.get(r.emitter_id) ?? []), { type: r.type, processed: r.processed }]);
    }
    const overage = overageOf(plan, used, actor.environment === '01');
    return {
      period,
      environment: actor.environment,
      planCode: plan.code,
      included: plan.includedDocuments,
      used,
      remaining: Math.max(0, plan.includedDocuments - used),
      overageDocuments: overage.overageDocuments,
      overageAmountExclIva: overage.amountExclIva,
      byEmitter: [...byEmitter].map(([emitterId, byType]) => ({ emitterId, byType })),
      dataRefreshedAt: now,
    };
  }
}

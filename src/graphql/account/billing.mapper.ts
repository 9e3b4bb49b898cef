import type { Plan } from '../../domain/billing/plan';
import type { PlanType } from './billing.types';

export function toPlan(p: Plan): PlanType {
  return {
    id: `plan_${p.code}`,
    code: p.code,
    name: p.name,
    currency: p.currency,
    priceExclIva: p.priceExclIva,
    interval: p.interval,
    includedDocuments: p.includedDocuments,
    overage: p.overage.map((t) => ({ upTo: t.upTo, unitPriceExclIva: t.unitPriceExclIva })),
    features: [...p.features],
  };
}

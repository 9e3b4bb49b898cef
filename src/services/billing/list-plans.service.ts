import type { Plan } from '../../domain/billing/plan';
import type { ServiceDeps } from '../shared/service-deps';

/** The public price list (PLANS_FILE or the built-in one), in the file's order. */
export class ListPlansService {
  constructor(private readonly deps: ServiceDeps) {}

  execute(): Plan[] {
    return this.deps.config.plans.plans;
  }
}

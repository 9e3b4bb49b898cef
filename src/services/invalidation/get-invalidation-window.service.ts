import { createBusinessCalendar, MH_DEFAULT_NON_BUSINESS_DAYS } from '../../domain/mh-rules/business-calendar';
import { invalidationDeadline, isWithinDeadline, type InvalidationDeadline } from '../../domain/mh-rules/invalidation-deadline';
import type { ServiceDeps } from '../shared/service-deps';

export interface InvalidationWindow extends InvalidationDeadline {
  /** The deadline has not passed yet (by the service's clock). */
  open: boolean;
}

/**
 * Until when a processed document can still be invalidated (MH's deadline, the same rule the
 * invalidation itself enforces), so a person sees it before asking; null for a document without a seal.
 */
export class GetInvalidationWindowService {
  private readonly calendar;

  constructor(private readonly deps: ServiceDeps) {
    this.calendar = createBusinessCalendar(deps.config.mh.nonBusinessDays ?? MH_DEFAULT_NON_BUSINESS_DAYS);
  }

  execute(doc: { type: string; status: string; processedAt: Date | string | null }): InvalidationWindow | null {
    if (doc.status !== 'processed' || !doc.processedAt) return null;
    const deadline = invalidationDeadline({ tipoDte: doc.type, sealedAt: new Date(doc.processedAt), regime: this.deps.config.mh.invalidationRegime, calendar: this.calendar });
    return { ...deadline, open: isWithinDeadline(deadline, this.deps.clock.now()) };
  }
}

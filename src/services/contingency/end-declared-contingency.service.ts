import { DomainError } from '../../domain/shared/domain-error';
import type { ServiceDeps } from '../shared/service-deps';

/**
 * Ends a contingency declared with DeclareContingencyService: the episode is due at once, so the
 * recovery job (every second) ends it, sends the contingency event and the lotes. Ending one that is
 * already over does nothing.
 */
export class EndDeclaredContingencyService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(input: { episodeId: string }): Promise<void> {
    if (!(await this.deps.contingencies.statusOf(input.episodeId))) throw DomainError.notFound('una contingencia', 'episode');
    await this.deps.contingencies.dueNowIfOpen(input.episodeId, this.deps.clock.now());
  }
}

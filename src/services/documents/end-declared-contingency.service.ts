import { DomainError } from '../../domain/shared/domain-error';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';

/**
 * Ends a contingency declared with DeclareContingencyService: the episode is due at once, so the
 * recovery job (every second) ends it, sends the contingency event and the lotes. Ending one that is
 * already over does nothing.
 */
export class EndDeclaredContingencyService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(input: { episodeId: string }): Promise<void> {
    const em = this.deps.orm.em.fork();
    const [e] = await sql<{ status: string }>(em, 'select status from contingency_episodes where id = ?', [input.episodeId]);
    if (!e) throw DomainError.notFound('una contingencia', 'episode');
    const now = this.deps.clock.now();
    await sql(em, `update contingency_episodes set next_check_at = ?, updated_at = ? where id = ? and status = 'open'`, [now, now, input.episodeId]);
  }
}

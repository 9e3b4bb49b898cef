import { DomainError } from '../../domain/shared/domain-error';
import { newId } from '../../domain/shared/ids';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';

/** How long a declared episode stays open when nobody ends it: MH wants the event within 24 h. */
const DECLARED_MAX_OPEN_MS = 12 * 60 * 60 * 1000;

/**
 * Declares a contingency on purpose (CAT-005 type 5, "otro", with its reason): documents issued while
 * it is open are born as contingency documents and held back, as during an outage. MH is not probed
 * until EndDeclaredContingencyService ends it (or 12 h pass); recovery then sends the contingency event
 * and the lotes as for an outage. Used by the certification battery, which must show MH contingency
 * events. Refused while another episode is open for the emitter and environment.
 */
export class DeclareContingencyService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(input: { emitterId: string; environment: '00' | '01'; reason: string }): Promise<{ episodeId: string }> {
    const reason = input.reason.trim().slice(0, 150);
    if (reason.length < 5) throw DomainError.field('invalid_value', 'reason', 'El motivo de la contingencia debe tener al menos 5 caracteres.');
    const declared = await this.deps.orm.em.fork().transactional(async (tx) => {
      const [emitter] = await sql<{ account_id: string }>(tx, 'select account_id from emitters where id = ?', [input.emitterId]);
      if (!emitter) throw DomainError.notFound('un emisor', 'emitter');
      const episodes = this.deps.contingencies;
      await episodes.lockIssuer(tx, input.emitterId, input.environment);
      const open = await episodes.openOf(tx, input.emitterId, input.environment);
      if (open) throw DomainError.field('invalid_combination', 'emitter', `El emisor ya tiene abierta la contingencia ${open.id}; espere a que termine.`);
      const now = this.deps.clock.now();
      const id = newId('ctg', now.getTime());
      await episodes.open(
        tx,
        { id, accountId: emitter.account_id, emitterId: input.emitterId, environment: input.environment, contingencyType: 5, reason, nextCheckAt: new Date(now.getTime() + DECLARED_MAX_OPEN_MS) },
        now,
      );
      this.deps.logger.info({ episode: id, emitter_id: input.emitterId, environment: input.environment }, 'contingencia declarada');
      return { episodeId: id };
    });
    this.deps.emitterCaches?.forget(input.emitterId);
    return declared;
  }
}

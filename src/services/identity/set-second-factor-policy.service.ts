import { z } from 'zod';
import { DomainError } from '../../domain/shared/domain-error';
import { parseWith } from '../../domain/shared/zod-errors';
import { recordAudit } from '../audit/audit-trail';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { deliverSoon, queueSecurityNotice, type QueuedAccountEmail } from './account-email-outbox';
import { secondFactorNoticeEmail } from './account-emails';
import { requirePanelUser } from './panel-access';

export const secondFactorPolicySchema = z.strictObject({ required: z.boolean() });

/**
 * The owner requires a second factor of every user of the account (or stops requiring it). Users
 * without one enrol at their next login; open sessions go on. Audited, and every user is told.
 */
export class SetSecondFactorPolicyService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, input: unknown): Promise<{ required: boolean }> {
    requirePanelUser(actor, ['owner'], 'cambiar la exigencia de la verificación en dos pasos');
    const parsed = parseWith(secondFactorPolicySchema, input ?? {});
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const { required } = parsed.value;
    const now = this.deps.clock.now();
    const notices = await this.deps.orm.em.fork().transactional(async (tx) => {
      const [account] = await sql<{ second_factor_required: boolean }>(tx, 'select second_factor_required from accounts where id = ? for update', [actor.accountId]);
      if (account.second_factor_required === required) return [] as QueuedAccountEmail[];
      await sql(tx, 'update accounts set second_factor_required = ? where id = ?', [required, actor.accountId]);
      await recordAudit(tx, now, { actor }, { accountId: actor.accountId, action: 'account.second_factor_policy_changed', target: { type: 'account', id: actor.accountId }, details: { required } });
      const users = await sql<{ id: string; email: string }>(tx, 'select id, email from users where account_id = ? and password_hash is not null', [actor.accountId]);
      const out: QueuedAccountEmail[] = [];
      for (const u of users) out.push(await queueSecurityNotice(this.deps, tx, { accountId: actor.accountId, userId: u.id, now, message: secondFactorNoticeEmail(this.deps, u.email, required ? 'required' : 'not_required', now) }));
      return out;
    });
    for (const n of notices) deliverSoon(this.deps, n);
    return { required };
  }
}

import { hashPassword } from '../../integrations/crypto/password-hasher';
import type { AuditAction } from '../../domain/identity/audit-actions';
import { DomainError } from '../../domain/shared/domain-error';
import { recordAudit } from '../audit/audit-trail';
import type { RequestOrigin } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { announceEndedSessions, deleteUserSessions } from './end-user-sessions';
import { accountNameOf, parseNewPassword } from './user-input';
import { spendUserToken, type UserTokenPurpose } from './user-tokens';
import { deliverSoon, queueSecurityNotice } from './account-email-outbox';
import { passwordChangedEmail } from './account-emails';

/**
 * Spends an e-mailed link and sets the user's password, in one transaction: a refused password (422)
 * leaves the link unspent; a spent, expired or unknown link is 410 `link_expired`. Every session of
 * the user ends (a reset also locks out whoever had the old password).
 */
export async function setPasswordByLink(
  deps: ServiceDeps,
  input: { token: unknown; password: unknown; origin: RequestOrigin },
  purpose: UserTokenPurpose,
  action: AuditAction,
): Promise<void> {
  const now = deps.clock.now();
  const result = await deps.orm.em.fork().transactional(async (tx) => {
    const { userId, accountId } = await spendUserToken(tx, purpose, input.token, now);
    const user = (await sql<{ email: string }>(tx, 'select email from users where id = ? for update', [userId]))[0];
    if (!user) throw DomainError.field('link_expired', 'token', 'El enlace ya no es válido: el usuario fue quitado de la cuenta.');
    const hash = await hashPassword(parseNewPassword(input.password, { email: user.email, accountName: await accountNameOf(tx, accountId) }));
    await sql(tx, 'update users set password_hash = ?, updated_at = ? where id = ?', [hash, now, userId]);
    const ended = await deleteUserSessions(tx, userId);
    await recordAudit(tx, now, { anonymous: input.origin, userId, email: user.email }, { accountId, action, target: { type: 'user', id: userId } });
    // A reset changes a password the user had: they are told (an invitation sets the first one).
    const notice = purpose === 'reset' ? await queueSecurityNotice(deps, tx, { accountId, userId, now, message: passwordChangedEmail(deps, user.email, now) }) : null;
    return { ended, notice };
  });
  if (result.notice) deliverSoon(deps, result.notice);
  await announceEndedSessions(deps, result.ended, 'password_changed');
}

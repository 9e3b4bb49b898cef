import { isEmailAddress, normalizeEmail } from '../../domain/identity/email-address';
import { RESET_THROTTLE, resetRetryAfterS } from '../../domain/identity/reset-throttle';
import { recordAudit } from '../audit/audit-trail';
import type { RequestOrigin } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { deliverSoon, queueAccountEmail } from './account-email-outbox';
import { panelLink, passwordResetEmail } from './account-emails';
import { issueUserToken, USER_LINK_TTL_MS } from './user-tokens';

export type PasswordResetRequestResult = { kind: 'accepted' } | { kind: 'throttled'; retryAfterS: number };

/**
 * `POST /v1/auth/password-reset {email}` (public): e-mails a single-use link valid 30 minutes when
 * the e-mail is a user's, and answers the same `accepted` whether it is or not. Throttled per address
 * (429) and per e-mail (silently: still `accepted`, nothing sent) — domain/identity/reset-throttle.ts.
 */
export class RequestPasswordResetService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(input: { email: unknown; origin: RequestOrigin }): Promise<PasswordResetRequestResult> {
    const now = this.deps.clock.now();
    const ip = input.origin.ip ?? 'desconocida';
    const email = typeof input.email === 'string' ? normalizeEmail(input.email).slice(0, 320) : '';
    const since = new Date(now.getTime() - RESET_THROTTLE.windowMs);
    const em = this.deps.orm.em.fork();
    const byIp = await sql<{ requested_at: Date }>(em, 'select requested_at from password_reset_requests where ip = ? and requested_at > ? order by requested_at desc limit ?', [ip, since, RESET_THROTTLE.ipLimit], { dates: true });
    const wait = resetRetryAfterS(now.getTime(), byIp.map((r) => r.requested_at.getTime()), RESET_THROTTLE.ipLimit);
    if (wait !== null) return { kind: 'throttled', retryAfterS: wait };

    const queued = await em.transactional(async (tx) => {
      const byEmail = await sql<{ n: string }>(tx, 'select count(*) as n from password_reset_requests where email = ? and requested_at > ?', [email, since]);
      await sql(tx, 'insert into password_reset_requests (email, ip, requested_at) values (?, ?, ?)', [email, ip, now]);
      if (!isEmailAddress(email) || Number(byEmail[0].n) >= RESET_THROTTLE.emailLimit) return null;
      const user = (await sql<{ id: string; account_id: string; email: string }>(tx, 'select id, account_id, email from users where email = ?', [email]))[0];
      if (!user) return null;
      const token = await issueUserToken(tx, { id: user.id, accountId: user.account_id }, 'reset', now);
      await recordAudit(tx, now, { anonymous: input.origin, userId: user.id, email: user.email }, {
        accountId: user.account_id,
        action: 'user.password_reset_requested',
        target: { type: 'user', id: user.id },
      });
      const message = passwordResetEmail(this.deps, user.email, panelLink(this.deps, 'restablecer-contrasena', token));
      return queueAccountEmail(this.deps, tx, { accountId: user.account_id, userId: user.id, kind: 'password_reset', message, linkExpiresAt: new Date(now.getTime() + USER_LINK_TTL_MS.reset), now });
    });
    if (queued) deliverSoon(this.deps, queued);
    return { kind: 'accepted' };
  }
}

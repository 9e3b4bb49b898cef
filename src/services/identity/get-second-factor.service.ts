import { ROLES } from '../../domain/identity/roles';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { requirePanelUser } from './panel-access';
import { recoveryCodesLeft, totpUser } from './second-factor-store';

export interface SecondFactorView {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
  /** The account's owner requires a second factor of every user. */
  accountRequired: boolean;
  /** What this session still needs: `none`, `verified`, `required` (the code) or `enrolment_required`. */
  session: NonNullable<Actor['secondFactor']>;
}

/** The logged-in user's second factor, and whether the account requires one (also while the session still needs it). */
export class GetSecondFactorService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor): Promise<SecondFactorView> {
    const me = requirePanelUser(actor, ROLES, 'ver su verificación en dos pasos');
    const em = this.deps.orm.em.fork();
    const user = await totpUser(em, me.id);
    const [account] = await sql<{ second_factor_required: boolean }>(em, 'select second_factor_required from accounts where id = ?', [actor.accountId]);
    return {
      enabled: !!user?.totp_enabled_at,
      enabledAt: user?.totp_enabled_at ? new Date(user.totp_enabled_at) : null,
      recoveryCodesLeft: user?.totp_enabled_at ? await recoveryCodesLeft(em, me.id) : 0,
      accountRequired: !!account?.second_factor_required,
      session: actor.secondFactor ?? 'none',
    };
  }
}

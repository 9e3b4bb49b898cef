import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from '../../integrations/crypto/password-hasher';
import { ServiceSettingEntity, UserEntity } from '../../persistence/entities';
import type { DemoKeySealer } from '../accounts/ensure-demo-account.service';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import type { CreateUserService } from './create-user.service';

export const DEMO_USER_EMAIL = 'demo@example.com';
const SETTING = 'demo_user';

/** 16 characters from an alphabet without look-alikes (≈ 90 bits). */
function demoPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  for (const b of randomBytes(32)) if (b < 4 * alphabet.length && out.length < 16) out += alphabet[b % alphabet.length];
  return out.length === 16 ? out : demoPassword();
}

/**
 * On an embedded start: the demo account's owner `demo@example.com` with a password kept sealed in
 * the settings, so the same line works on every start. If the password was changed in the panel it
 * is set back to the printed one (the demo user exists to try the panel at once).
 */
export class EnsureDemoUserService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly sealer: DemoKeySealer,
    private readonly users: CreateUserService,
  ) {}

  async execute(accountId: string): Promise<{ email: string; password: string }> {
    const em = this.deps.orm.em.fork();
    const setting = await em.findOne(ServiceSettingEntity, { key: SETTING });
    let password: string | null = null;
    if (setting) {
      try {
        password = (JSON.parse(setting.value) as { sealedPassword: string }).sealedPassword;
        password = this.sealer.open(password);
      } catch {
        password = null; // sealed with another master key
      }
    }
    password ??= demoPassword();
    const user = await em.findOne(UserEntity, { email: DEMO_USER_EMAIL });
    if (!user) {
      await this.users.execute({ accountId, email: DEMO_USER_EMAIL, password, role: 'owner' });
    } else if (!(await verifyPassword(user.passwordHash, password))) {
      await sql(em, 'update users set password_hash = ?, updated_at = ? where id = ?', [await hashPassword(password), this.deps.clock.now(), user.id]);
    }
    const value = JSON.stringify({ sealedPassword: this.sealer.seal(password) });
    await sql(
      em,
      'insert into service_settings (key, value, updated_at) values (?, ?, ?) on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at',
      [SETTING, value, this.deps.clock.now()],
    );
    return { email: DEMO_USER_EMAIL, password };
  }
}

import { randomBytes } from 'node:crypto';
import { verifyPassword } from '../../integrations/crypto/password-hasher';
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
  // The password rules refuse one holding the e-mail's local part ("demo"): draw again (≈ 1 in 50,000).
  return out.length === 16 && !out.toLowerCase().includes('demo') ? out : demoPassword();
}

/**
 * The embedded default's demo owner `demo@example.com` (panel.md): created once, on the first start,
 * with a password kept sealed in the settings so later starts can print it again — but only while it
 * is still the user's password. Once it is changed (reset link, `users set-password`, the panel) no
 * start resets it or prints a password; once the user is removed no start brings it back.
 * The caller runs it on the embedded database only.
 */
export class EnsureDemoUserService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly sealer: DemoKeySealer,
    private readonly users: CreateUserService,
  ) {}

  async execute(accountId: string): Promise<{ email: string; password: string | null }> {
    const em = this.deps.orm.em.fork();
    const setting = await em.findOne(ServiceSettingEntity, { key: SETTING });
    if (!setting) {
      const password = demoPassword();
      await this.users.execute({ accountId, email: DEMO_USER_EMAIL, password, role: 'owner' });
      const value = JSON.stringify({ sealedPassword: this.sealer.seal(password) });
      await sql(em, 'insert into service_settings (key, value, updated_at) values (?, ?, ?) on conflict (key) do nothing', [SETTING, value, this.deps.clock.now()]);
      return { email: DEMO_USER_EMAIL, password };
    }
    let password: string | null;
    try {
      password = this.sealer.open((JSON.parse(setting.value) as { sealedPassword: string }).sealedPassword);
    } catch {
      password = null; // sealed with another master key
    }
    const user = await em.findOne(UserEntity, { email: DEMO_USER_EMAIL });
    const stillDemo = !!user && password !== null && (await verifyPassword(user.passwordHash, password));
    return { email: DEMO_USER_EMAIL, password: stillDemo ? password : null };
  }
}

import { hashApiKey } from '../../domain/identity/api-key-format';
import { verifyPassword } from '../../integrations/crypto/password-hasher';
import { ServiceSettingEntity, UserEntity } from '../../persistence/entities';
import type { DemoKeySealer } from '../accounts/ensure-demo-account.service';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { announceEndedSessions, deleteUserSessions } from './end-user-sessions';
import { DEMO_USER_EMAIL } from './ensure-demo-user.service';

/**
 * On an operator's database (DATABASE_URL): earlier versions made a demo owner and a demo test key
 * there too and printed both on stdout, the log stream. Those printed secrets are retired at start:
 * the demo key is revoked, and the demo user's password — while it is still the printed one — is
 * cleared (its sessions end; an operator gives it a new one with `users set-password`). A demo user
 * whose password was changed keeps it. Runs once: the settings that held them are deleted.
 */
export class RetirePrintedDemoSecretsService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly sealer: DemoKeySealer,
  ) {}

  async execute(): Promise<{ keyRevoked: boolean; passwordCleared: boolean }> {
    const em = this.deps.orm.em.fork();
    const now = this.deps.clock.now();
    const settings = await em.find(ServiceSettingEntity, { key: { $in: ['demo_account', 'demo_user'] } });
    const value = (key: string) => settings.find((s) => s.key === key)?.value ?? null;
    const open = (sealed: string | undefined) => {
      try {
        return sealed ? this.sealer.open(sealed) : null;
      } catch {
        return null;
      }
    };
    let keyRevoked = false;
    let passwordCleared = false;
    const account = value('demo_account');
    if (account) {
      const key = open((JSON.parse(account) as { sealedKey?: string }).sealedKey);
      if (key) keyRevoked = (await sql(em, 'update api_keys set revoked_at = ? where key_hash = ? and revoked_at is null returning id', [now, hashApiKey(key)])).length > 0;
    }
    const demo = value('demo_user');
    if (demo) {
      const password = open((JSON.parse(demo) as { sealedPassword?: string }).sealedPassword);
      const user = await em.findOne(UserEntity, { email: DEMO_USER_EMAIL });
      if (user && password && (await verifyPassword(user.passwordHash, password))) {
        const ended = await em.transactional(async (tx) => {
          await sql(tx, 'update users set password_hash = null, updated_at = ? where id = ?', [now, user.id]);
          return deleteUserSessions(tx, user.id);
        });
        await announceEndedSessions(this.deps, ended, 'password_changed');
        passwordCleared = true;
      }
    }
    if (settings.length) await sql(em, "delete from service_settings where key in ('demo_account', 'demo_user')");
    if (keyRevoked || passwordCleared) this.deps.logger.warn({ keyRevoked, passwordCleared }, 'se retiraron la llave y la contraseña de demostración que versiones anteriores imprimían con DATABASE_URL');
    return { keyRevoked, passwordCleared };
  }
}

import { hashApiKey } from '../../domain/identity/api-key-format';
import { AccountEntity, ApiKeyEntity, ServiceSettingEntity } from '../../persistence/entities';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import type { CreateAccountService } from './create-account.service';
import type { CreateApiKeyService } from './create-api-key.service';

/** Seals and opens the demo key with the master key (the only key ever kept in recoverable form). */
export interface DemoKeySealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

const SETTING = 'demo_account';

/**
 * On start: makes sure a demo account exists and returns a test key of it that works. Created on
 * the first start; on later starts the sealed key is opened again; if it was revoked a new one is made.
 */
export class EnsureDemoAccountService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly sealer: DemoKeySealer,
    private readonly accounts: CreateAccountService,
    private readonly keys: CreateApiKeyService,
  ) {}

  async execute(): Promise<{ accountId: string; testKey: string; created: boolean }> {
    const em = this.deps.orm.em.fork();
    return em.transactional(async (tx) => {
      await sql(tx, 'select pg_advisory_xact_lock(727001)');
      const setting = await tx.findOne(ServiceSettingEntity, { key: SETTING });
      if (setting) {
        const stored = JSON.parse(setting.value) as { accountId: string; sealedKey: string };
        const account = await tx.findOne(AccountEntity, { id: stored.accountId });
        if (account) {
          let key: string | null = null;
          try {
            key = this.sealer.open(stored.sealedKey);
          } catch {
            key = null; // sealed with another master key
          }
          const row = key ? await tx.findOne(ApiKeyEntity, { keyHash: hashApiKey(key) }) : null;
          if (key && row && !row.revokedAt) return { accountId: account.id, testKey: key, created: false };
          const fresh = await this.keys.executeIn(tx, { accountId: account.id, environment: '00', description: 'demo' });
          setting.value = JSON.stringify({ accountId: account.id, sealedKey: this.sealer.seal(fresh.key) });
          setting.updatedAt = this.deps.clock.now();
          await tx.flush();
          return { accountId: account.id, testKey: fresh.key, created: false };
        }
      }
      const created = await this.accounts.executeIn(tx, { name: 'Cuenta de demostración' });
      const value = JSON.stringify({ accountId: created.accountId, sealedKey: this.sealer.seal(created.keys.test.key) });
      if (setting) {
        setting.value = value;
        setting.updatedAt = this.deps.clock.now();
      } else {
        tx.create(ServiceSettingEntity, { key: SETTING, value, updatedAt: this.deps.clock.now() });
      }
      await tx.flush();
      return { accountId: created.accountId, testKey: created.keys.test.key, created: true };
    });
  }
}

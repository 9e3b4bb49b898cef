import { Migration } from '@mikro-orm/migrations';

/**
 * Every change to an API key that affects authentication (revocation, scopes, environment,
 * account, hash) and every deletion notifies `dte_api_key` with the key's id, whoever writes it
 * (a service, the CLI, an operator's SQL): each process's cache of authenticated keys drops the key
 * (src/services/accounts/api-key-cache.ts). `last_used_at` writes notify nothing.
 */
export class Migration20261125150359_api_key_changes extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create or replace function "api_keys_notify_change"() returns trigger language plpgsql as $$
begin
  perform pg_notify('dte_api_key', json_build_object('id', old.id)::text);
  return null;
end;
$$;`);
    this.addSql(`create trigger "api_keys_changed" after update of "revoked_at", "scopes", "environment", "account_id", "key_hash" on "api_keys" for each row execute function "api_keys_notify_change"();`);
    this.addSql(`create trigger "api_keys_deleted" after delete on "api_keys" for each row execute function "api_keys_notify_change"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "api_keys_deleted" on "api_keys";`);
    this.addSql(`drop trigger if exists "api_keys_changed" on "api_keys";`);
    this.addSql(`drop function if exists "api_keys_notify_change"();`);
  }

}

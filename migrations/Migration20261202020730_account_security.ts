import { Migration } from '@mikro-orm/migrations';

export class Migration20261202020730_account_security extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "user_recovery_codes" ("id" text not null, "user_id" text not null, "code_hash" text not null, "created_at" timestamptz not null, "used_at" timestamptz null, constraint "user_recovery_codes_pkey" primary key ("id"));`);
    this.addSql(`alter table "user_recovery_codes" add constraint "user_recovery_codes_code_hash_unique" unique ("code_hash");`);
    this.addSql(`create index "user_recovery_codes_user_id_index" on "user_recovery_codes" ("user_id");`);

    this.addSql(`alter table "accounts" add column "second_factor_required" boolean not null default false;`);

    this.addSql(`alter table "api_keys" add column "emitter_ids" text[] null, add column "document_types" text[] null, add column "allowed_ips" text[] null, add column "expires_at" timestamptz null;`);
    // Invalidating a document became its own scope: keys that could invalidate (documents:write) keep it.
    this.addSql(`update "api_keys" set "scopes" = array_append("scopes", 'documents:invalidate') where 'documents:write' = any("scopes") and not ('documents:invalidate' = any("scopes"));`);

    this.addSql(`alter table "panel_sessions" add column "second_factor" text not null default 'none';`);

    this.addSql(`alter table "users" add column "totp_sealed_secret" text null, add column "totp_pending_sealed_secret" text null, add column "totp_enabled_at" timestamptz null, add column "totp_last_step" bigint null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "user_recovery_codes" cascade;`);

    this.addSql(`alter table "accounts" drop column "second_factor_required";`);

    this.addSql(`update "api_keys" set "scopes" = array_remove("scopes", 'documents:invalidate');`);
    this.addSql(`alter table "api_keys" drop column "emitter_ids", drop column "document_types", drop column "allowed_ips", drop column "expires_at";`);

    this.addSql(`alter table "panel_sessions" drop column "second_factor";`);

    this.addSql(`alter table "users" drop column "totp_sealed_secret", drop column "totp_pending_sealed_secret", drop column "totp_enabled_at", drop column "totp_last_step";`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261125115250_account_audit_and_user_tokens extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "audit_entries" ("id" text not null, "account_id" text not null, "action" text not null, "actor_type" text not null, "actor_user_id" text null, "actor_email" text null, "actor_key_id" text null, "ip" text null, "user_agent" text null, "target_type" text null, "target_id" text null, "details" jsonb not null, "created_at" timestamptz not null, constraint "audit_entries_pkey" primary key ("id"));`);
    this.addSql(`create index "audit_entries_account_id_id_index" on "audit_entries" ("account_id", "id");`);

    this.addSql(`create table "password_reset_requests" ("id" bigserial primary key, "email" text not null, "ip" text not null, "requested_at" timestamptz not null);`);
    this.addSql(`create index "password_reset_requests_email_requested_at_index" on "password_reset_requests" ("email", "requested_at");`);
    this.addSql(`create index "password_reset_requests_ip_requested_at_index" on "password_reset_requests" ("ip", "requested_at");`);

    this.addSql(`create table "user_tokens" ("id" text not null, "token_hash" text not null, "user_id" text not null, "account_id" text not null, "purpose" text not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, constraint "user_tokens_pkey" primary key ("id"));`);
    this.addSql(`alter table "user_tokens" add constraint "user_tokens_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "user_tokens_user_id_purpose_index" on "user_tokens" ("user_id", "purpose");`);

  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "audit_entries" cascade;`);

    this.addSql(`drop table if exists "password_reset_requests" cascade;`);

    this.addSql(`drop table if exists "user_tokens" cascade;`);

  }

}

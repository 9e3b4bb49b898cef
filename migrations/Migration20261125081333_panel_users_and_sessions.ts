import { Migration } from '@mikro-orm/migrations';

export class Migration20261125081333_panel_users_and_sessions extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "login_failures" ("id" bigserial primary key, "email" text not null, "ip" text not null, "failed_at" timestamptz not null);`);
    this.addSql(`create index "login_failures_ip_failed_at_index" on "login_failures" ("ip", "failed_at");`);
    this.addSql(`create index "login_failures_email_ip_failed_at_index" on "login_failures" ("email", "ip", "failed_at");`);

    this.addSql(`create table "panel_sessions" ("id" text not null, "token_hash" text not null, "user_id" text not null, "account_id" text not null, "environment" text not null, "csrf_token" text not null, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, "expires_at" timestamptz not null, "absolute_expires_at" timestamptz not null, "ip" text null, "user_agent" text null, constraint "panel_sessions_pkey" primary key ("id"));`);
    this.addSql(`alter table "panel_sessions" add constraint "panel_sessions_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "panel_sessions_absolute_expires_at_index" on "panel_sessions" ("absolute_expires_at");`);
    this.addSql(`create index "panel_sessions_user_id_index" on "panel_sessions" ("user_id");`);

    this.addSql(`create table "users" ("id" text not null, "account_id" text not null, "email" text not null, "password_hash" text null, "role" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "last_login_at" timestamptz null, constraint "users_pkey" primary key ("id"));`);
    this.addSql(`create index "users_account_id_index" on "users" ("account_id");`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(`alter table "users" add constraint "users_account_id_foreign" foreign key ("account_id") references "accounts" ("id") on update cascade on delete cascade;`);

  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "login_failures" cascade;`);

    this.addSql(`drop table if exists "panel_sessions" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);

  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261123121018_initial extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "accounts" ("id" text not null, "name" text not null, "created_at" timestamptz not null, constraint "accounts_pkey" primary key ("id"));`);

    this.addSql(`create table "api_keys" ("id" text not null, "account_id" text not null, "environment" text not null, "key_hash" text not null, "display_prefix" text not null, "scopes" text[] not null, "description" text null, "created_at" timestamptz not null, "revoked_at" timestamptz null, constraint "api_keys_pkey" primary key ("id"));`);
    this.addSql(`create index "api_keys_account_id_index" on "api_keys" ("account_id");`);
    this.addSql(`alter table "api_keys" add constraint "api_keys_key_hash_unique" unique ("key_hash");`);

    this.addSql(`create table "emitters" ("id" text not null, "account_id" text not null, "nit" text not null, "nrc" text not null, "name" text not null, "trade_name" text null, "economic_activity" text not null, "establishment_type" text null, "address_department" text not null, "address_municipality" text not null, "address_district" text not null, "address_line" text not null, "phone" text null, "email" text not null, "numbering" text not null default 'per_establishment', "logo_url" text null, "is_large_taxpayer" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "emitters_pkey" primary key ("id"));`);
    this.addSql(`create index "emitters_account_id_id_index" on "emitters" ("account_id", "id");`);
    this.addSql(`alter table "emitters" add constraint "emitters_account_id_nit_unique" unique ("account_id", "nit");`);

    this.addSql(`create table "establishments" ("id" text not null, "emitter_id" text not null, "code" text not null, "name" text null, "type" text not null, "address_department" text not null, "address_municipality" text not null, "address_district" text not null, "address_line" text not null, "phone" text null, "email" text null, "active" boolean not null default true, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "establishments_pkey" primary key ("id"));`);
    this.addSql(`alter table "establishments" add constraint "establishments_emitter_id_code_unique" unique ("emitter_id", "code");`);

    this.addSql(`create table "idempotency_records" ("id" text not null, "account_id" text not null, "environment" text not null, "key" text not null, "request_hash" text not null, "state" text not null, "response_status" int null, "response_body" text null, "response_headers" jsonb null, "locked_at" timestamptz not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, constraint "idempotency_records_pkey" primary key ("id"));`);
    this.addSql(`create index "idempotency_records_expires_at_index" on "idempotency_records" ("expires_at");`);
    this.addSql(`alter table "idempotency_records" add constraint "idempotency_records_account_id_environment_key_unique" unique ("account_id", "environment", "key");`);

    this.addSql(`create table "points_of_sale" ("id" text not null, "establishment_id" text not null, "code" text not null, "name" text null, "active" boolean not null default true, "position" int not null default 0, "documents_count" int not null default 0, "created_at" timestamptz not null, constraint "points_of_sale_pkey" primary key ("id"));`);
    this.addSql(`alter table "points_of_sale" add constraint "points_of_sale_establishment_id_code_unique" unique ("establishment_id", "code");`);

    this.addSql(`create table "service_settings" ("key" text not null, "value" text not null, "updated_at" timestamptz not null, constraint "service_settings_pkey" primary key ("key"));`);

    this.addSql(`alter table "api_keys" add constraint "api_keys_account_id_foreign" foreign key ("account_id") references "accounts" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "emitters" add constraint "emitters_account_id_foreign" foreign key ("account_id") references "accounts" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "establishments" add constraint "establishments_emitter_id_foreign" foreign key ("emitter_id") references "emitters" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "points_of_sale" add constraint "points_of_sale_establishment_id_foreign" foreign key ("establishment_id") references "establishments" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "api_keys" drop constraint "api_keys_account_id_foreign";`);

    this.addSql(`alter table "emitters" drop constraint "emitters_account_id_foreign";`);

    this.addSql(`alter table "establishments" drop constraint "establishments_emitter_id_foreign";`);

    this.addSql(`alter table "points_of_sale" drop constraint "points_of_sale_establishment_id_foreign";`);

    this.addSql(`drop table if exists "accounts" cascade;`);

    this.addSql(`drop table if exists "api_keys" cascade;`);

    this.addSql(`drop table if exists "emitters" cascade;`);

    this.addSql(`drop table if exists "establishments" cascade;`);

    this.addSql(`drop table if exists "idempotency_records" cascade;`);

    this.addSql(`drop table if exists "points_of_sale" cascade;`);

    this.addSql(`drop table if exists "service_settings" cascade;`);
  }

}

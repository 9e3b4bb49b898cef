import { Migration } from '@mikro-orm/migrations';

export class Migration20261202081203_customers_and_products extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "customers" ("id" text not null, "account_id" text not null, "emitter_id" text not null, "external_id" text null, "name" text not null, "trade_name" text null, "document_type" text null, "document_number" text null, "nrc" text null, "email" text null, "receiver" jsonb not null, "search" text generated always as (dte_search_text(name || ' ' || coalesce(trade_name, '') || ' ' || coalesce(document_number, '') || ' ' || coalesce(nrc, '') || ' ' || coalesce(email, ''))) stored null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "last_used_at" timestamptz null, "self_service_completed_at" timestamptz null, constraint "customers_pkey" primary key ("id"));`);
    this.addSql(`create unique index "customers_document_number_idx" on "customers" ("emitter_id", "document_number") where "document_number" is not null;`);
    this.addSql(`create index "customers_search_idx" on "customers" using gin ("search" gin_trgm_ops) with (fastupdate = off);`);
    this.addSql(`create index "customers_emitter_idx" on "customers" ("emitter_id", "id");`);

    this.addSql(`create table "products" ("id" text not null, "account_id" text not null, "emitter_id" text not null, "code" text null, "description" text not null, "type" text null, "unit_code" text not null, "unit_price" text not null, "tax" text null, "taxes" jsonb null, "search" text generated always as (dte_search_text(coalesce(code, '') || ' ' || description)) stored null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "last_used_at" timestamptz null, constraint "products_pkey" primary key ("id"));`);
    this.addSql(`create unique index "products_code_idx" on "products" ("emitter_id", "code") where "code" is not null;`);
    this.addSql(`create index "products_search_idx" on "products" using gin ("search" gin_trgm_ops) with (fastupdate = off);`);
    this.addSql(`create index "products_emitter_idx" on "products" ("emitter_id", "id");`);

    this.addSql(`alter table "customers" add constraint "customers_emitter_id_foreign" foreign key ("emitter_id") references "emitters" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "products" add constraint "products_emitter_id_foreign" foreign key ("emitter_id") references "emitters" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "customers" cascade;`);

    this.addSql(`drop table if exists "products" cascade;`);
  }

}

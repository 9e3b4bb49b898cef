import { Migration } from '@mikro-orm/migrations';

export class Migration20261125124500_certification_runs extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "certification_items" ("run_id" text not null, "item_key" text not null, "kind" text not null, "document_type" text null, "status" text not null, "resource_id" text null, "generation_code" text null, "seal" text null, "mh_response" jsonb null, "updated_at" timestamptz not null, constraint "certification_items_pkey" primary key ("run_id", "item_key"));`);

    this.addSql(`create table "certification_runs" ("id" text not null, "account_id" text not null, "emitter_id" text not null, "environment" text not null, "status" text not null, "sample_limit" int null, "report_pdf" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "completed_at" timestamptz null, constraint "certification_runs_pkey" primary key ("id"));`);
    this.addSql(`create index "certification_runs_emitter_id_environment_created_at_index" on "certification_runs" ("emitter_id", "environment", "created_at");`);

  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "certification_items" cascade;`);

    this.addSql(`drop table if exists "certification_runs" cascade;`);

  }

}

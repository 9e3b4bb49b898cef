import { Migration } from '@mikro-orm/migrations';

export class Migration20261125101932_dte_events extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "dte_events" ("id" text not null, "account_id" text not null, "emitter_id" text not null, "environment" text not null, "kind" text not null, "document_id" text null, "external_id" text null, "status" text not null, "generation_code" text not null, "event_date" text not null, "lines" jsonb not null, "totals" jsonb not null, "event_json" text not null, "jws" text not null, "seal" text null, "mh_response" jsonb null, "transmission_attempts" int not null default 0, "transmit_lease_until" timestamptz null, "processed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "dte_events_pkey" primary key ("id"));`);
    this.addSql(`alter table "dte_events" add constraint "dte_events_generation_code_unique" unique ("generation_code");`);
    this.addSql(`create index "dte_events_emitter_id_environment_kind_index" on "dte_events" ("emitter_id", "environment", "kind");`);
    this.addSql(`create index "dte_events_document_id_index" on "dte_events" ("document_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "dte_events" cascade;`);
  }

}

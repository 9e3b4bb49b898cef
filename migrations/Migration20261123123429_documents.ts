import { Migration } from '@mikro-orm/migrations';

export class Migration20261123123429_documents extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "control_number_counters" ("key" text not null, "emitter_id" text not null, "last_value" bigint not null, constraint "control_number_counters_pkey" primary key ("key"));`);

    this.addSql(`create table "document_events" ("id" text not null, "document_id" text not null, "type" text not null, "at" timestamptz not null, "message" text not null, "data" jsonb null, constraint "document_events_pkey" primary key ("id"));`);
    this.addSql(`create index "document_events_document_id_at_index" on "document_events" ("document_id", "at");`);

    this.addSql(`create table "emitter_credentials" ("id" text not null, "emitter_id" text not null, "environment" text not null, "certificate_format" text not null, "certificate_nit" text not null, "certificate_subject" text null, "certificate_valid_from" timestamptz null, "certificate_valid_until" timestamptz null, "public_key_spki" text not null, "sealed_private_key" text not null, "sealed_key_password" text not null, "mh_user" text null, "sealed_mh_password" text null, "mh_login_ok" boolean not null default false, "checked_at" timestamptz null, "message" text null, "version" int not null default 1, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "emitter_credentials_pkey" primary key ("id"));`);
    this.addSql(`alter table "emitter_credentials" add constraint "emitter_credentials_emitter_id_environment_unique" unique ("emitter_id", "environment");`);

    this.addSql(`create table "documents" ("id" text not null, "account_id" text not null, "emitter_id" text not null, "environment" text not null, "type" text not null, "status" text not null, "external_id" text null, "generation_code" text not null, "control_number" text not null, "establishment_code" text not null, "point_of_sale_code" text not null, "issued_at" timestamptz not null, "issue_date" text not null, "model_type" int not null default 1, "contingency_type" int null, "contingency_reason" text null, "subtotal" numeric(18,2) not null, "iva" numeric(18,2) not null, "total" numeric(18,2) not null, "total_in_words" text not null, "receiver_name" text null, "receiver_document_type" text null, "receiver_document_number" text null, "receiver_nrc" text null, "receiver_email" text null, "related_documents" jsonb not null, "warnings" jsonb not null, "request" jsonb not null, "dte_json" text not null, "jws" text not null, "signed_at" timestamptz null, "reception_stamp" text null, "processed_at" timestamptz null, "mh_response" jsonb null, "transmission_attempts" int not null default 0, "first_transmitted_at" timestamptz null, "rejected_at" timestamptz null, "voided_at" timestamptz null, "void" jsonb null, "replaces_document_id" text null, "replaced_by_document_id" text null, "send_email" boolean not null default false, "fiscal_tags" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "documents_pkey" primary key ("id"));`);
    this.addSql(`alter table "documents" add constraint "documents_generation_code_unique" unique ("generation_code");`);
    this.addSql(`create index "documents_stamp_idx" on "documents" ("reception_stamp");`);
    this.addSql(`create index "documents_control_number_idx" on "documents" ("control_number");`);
    this.addSql(`create index "documents_issue_date_idx" on "documents" ("account_id", "environment", "issue_date", "id");`);
    this.addSql(`create index "documents_external_idx" on "documents" ("account_id", "environment", "external_id");`);
    this.addSql(`create index "documents_status_idx" on "documents" ("account_id", "environment", "status", "id");`);
    this.addSql(`create index "documents_emitter_idx" on "documents" ("account_id", "environment", "emitter_id", "id");`);
    this.addSql(`create index "documents_list_idx" on "documents" ("account_id", "environment", "id");`);

    this.addSql(`alter table "emitter_credentials" add constraint "emitter_credentials_emitter_id_foreign" foreign key ("emitter_id") references "emitters" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "documents" add constraint "documents_emitter_id_foreign" foreign key ("emitter_id") references "emitters" ("id") on update cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "control_number_counters" cascade;`);

    this.addSql(`drop table if exists "document_events" cascade;`);

    this.addSql(`drop table if exists "emitter_credentials" cascade;`);

    this.addSql(`drop table if exists "documents" cascade;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261202080741_recurring_documents extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "recurring_documents" ("id" text not null, "account_id" text not null, "environment" text not null, "emitter_id" text not null, "template" jsonb not null, "frequency" text not null, "day_of_month" int null, "weekday" int null, "starts_on" text not null, "ends_on" text null, "max_count" int null, "send_email" boolean not null, "status" text not null, "next_run_on" text null, "occurrences_count" int not null default 0, "last_occurrence_on" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, constraint "recurring_documents_pkey" primary key ("id"));`);
    this.addSql(`create index "recurring_documents_due_idx" on "recurring_documents" ("next_run_on") where "status" = 'active' and "deleted_at" is null;`);
    this.addSql(`create index "recurring_documents_account_idx" on "recurring_documents" ("account_id", "environment", "id");`);

    this.addSql(`create table "recurring_occurrences" ("id" text not null, "recurring_id" text not null, "account_id" text not null, "environment" text not null, "occurrence_on" text not null, "status" text not null, "document_id" text null, "error_code" text null, "error_message" text null, "errors" jsonb null, "attempts" int not null default 0, "lease_until" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "recurring_occurrences_pkey" primary key ("id"));`);
    this.addSql(`create index "recurring_occurrences_issuing_idx" on "recurring_occurrences" ("lease_until") where "status" = 'issuing';`);
    this.addSql(`create index "recurring_occurrences_list_idx" on "recurring_occurrences" ("recurring_id", "id");`);
    this.addSql(`alter table "recurring_occurrences" add constraint "recurring_occurrences_date_key" unique ("recurring_id", "occurrence_on");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "recurring_documents" cascade;`);

    this.addSql(`drop table if exists "recurring_occurrences" cascade;`);
  }

}

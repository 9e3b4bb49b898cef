import { Migration } from '@mikro-orm/migrations';

/**
 * Fiscal records (purchases, withholdings, external sales) ingested from ERPs, and the status of each
 * fiscal period (a period without a row is open, version 1).
 */
export class Migration20261123160500_fiscal_records extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "fiscal_records" ("id" text not null, "account_id" text not null, "environment" text not null, "emitter_id" text not null, "resource" text not null, "external_id" text not null, "version" int not null, "period" text not null, "accounting_date" text not null, "content_hash" text not null, "body" jsonb not null, "deleted_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "fiscal_records_pkey" primary key ("id"));`);
    this.addSql(`create unique index "fiscal_records_external_uq" on "fiscal_records" ("emitter_id", "environment", "resource", "external_id");`);
    this.addSql(`create index "fiscal_records_period_idx" on "fiscal_records" ("emitter_id", "environment", "period", "resource");`);
    this.addSql(`create table "fiscal_periods" ("emitter_id" text not null, "environment" text not null, "period" text not null, "status" text not null default 'open', "version" int not null default 1, "closed_at" timestamptz null, "reopened_at" timestamptz null, "reopen_reason" text null, "drift" boolean not null default false, "drift_details" jsonb not null default '[]', "updated_at" timestamptz not null default now(), constraint "fiscal_periods_pkey" primary key ("emitter_id", "environment", "period"));`);
    this.addSql(`create index "documents_ledger_idx" on "documents" ("emitter_id", "environment", "issue_date");`);
    this.addSql(`create index "documents_ledger_voided_idx" on "documents" ("emitter_id", "environment", "voided_at") where "voided_at" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "documents_ledger_voided_idx";`);
    this.addSql(`drop index if exists "documents_ledger_idx";`);
    this.addSql(`drop table if exists "fiscal_periods" cascade;`);
    this.addSql(`drop table if exists "fiscal_records" cascade;`);
  }

}

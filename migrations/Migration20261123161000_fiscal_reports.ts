import { Migration } from '@mikro-orm/migrations';

/** Fiscal reports (rows and files), period-close snapshots and embed sessions. */
export class Migration20261123161000_fiscal_reports extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "fiscal_reports" ("id" text not null, "account_id" text not null, "environment" text not null, "emitter_id" text not null, "period" text not null, "type" text not null, "params" jsonb not null, "status" text not null, "input_hash" text not null, "rules_version" text not null, "totals" jsonb null, "warnings" jsonb not null default '[]', "columns" jsonb not null default '[]', "row_count" int not null default 0, "drift" boolean not null default false, "period_version" int not null default 1, "error" text null, "created_at" timestamptz not null, "completed_at" timestamptz null, constraint "fiscal_reports_pkey" primary key ("id"));`);
    this.addSql(`create index "fiscal_reports_lookup_idx" on "fiscal_reports" ("emitter_id", "environment", "period", "type", "input_hash");`);
    this.addSql(`create index "fiscal_reports_period_idx" on "fiscal_reports" ("emitter_id", "environment", "period", "id");`);
    this.addSql(`create table "fiscal_report_rows" ("report_id" text not null, "n" int not null, "cells" jsonb not null, constraint "fiscal_report_rows_pkey" primary key ("report_id", "n"));`);
    this.addSql(`create table "fiscal_report_files" ("report_id" text not null, "format" text not null, "file_name" text not null, "content_type" text not null, "content" bytea not null, "sha256" text not null, "size" int not null, constraint "fiscal_report_files_pkey" primary key ("report_id", "format"));`);
    this.addSql(`create table "fiscal_period_snapshots" ("emitter_id" text not null, "environment" text not null, "period" text not null, "version" int not null, "type" text not null, "report_id" text not null, "content_hash" text not null, "created_at" timestamptz not null, constraint "fiscal_period_snapshots_pkey" primary key ("emitter_id", "environment", "period", "version", "type"));`);
    this.addSql(`create table "embed_sessions" ("id" text not null, "token_hash" text not null, "account_id" text not null, "environment" text not null, "emitter_id" text not null, "report_id" text not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null, constraint "embed_sessions_pkey" primary key ("id"));`);
    this.addSql(`create unique index "embed_sessions_token_idx" on "embed_sessions" ("token_hash");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "embed_sessions" cascade;`);
    this.addSql(`drop table if exists "fiscal_period_snapshots" cascade;`);
    this.addSql(`drop table if exists "fiscal_report_files" cascade;`);
    this.addSql(`drop table if exists "fiscal_report_rows" cascade;`);
    this.addSql(`drop table if exists "fiscal_reports" cascade;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261202161051_period_archives extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "period_archive_chunks" ("archive_id" text not null, "n" int not null, "content" bytea not null, constraint "period_archive_chunks_pkey" primary key ("archive_id", "n"));`);

    this.addSql(`create table "period_archives" ("id" text not null, "account_id" text not null, "environment" text not null, "emitter_id" text not null, "period" text not null, "status" text not null, "documents_total" int not null default 0, "documents_done" int not null default 0, "size" bigint null, "sha256" text null, "error" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "started_at" timestamptz null, "completed_at" timestamptz null, "lease_until" timestamptz null, "lease_token" text null, constraint "period_archives_pkey" primary key ("id"));`);
    this.addSql(`create index "period_archives_pending_idx" on "period_archives" ("status", "created_at") where "status" in ('queued', 'running');`);
    this.addSql(`create index "period_archives_emitter_idx" on "period_archives" ("emitter_id", "environment", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "period_archive_chunks" cascade;`);

    this.addSql(`drop table if exists "period_archives" cascade;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261123130218_lifecycle extends Migration {

  override async up(): Promise<void> {
    // Free-text search of documents (receiver name and document number) at a million rows.
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "documents_receiver_trgm_idx" on "documents" using gin ((coalesce("receiver_name", '') || ' ' || coalesce("receiver_document_number", '')) gin_trgm_ops);`);
    this.addSql(`create table "contingency_episodes" ("id" text not null, "account_id" text not null, "emitter_id" text not null, "environment" text not null, "contingency_type" int not null default 1, "reason" text null, "status" text not null, "started_at" timestamptz not null, "ended_at" timestamptz null, "next_check_at" timestamptz null, "event_generation_code" text null, "event_status" text null, "event_seal" text null, "event_sealed_at" timestamptz null, "event_response" jsonb null, "lotes" jsonb not null, "last_error" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "contingency_episodes_pkey" primary key ("id"));`);
    this.addSql(`create index "contingency_episodes_emitter_id_environment_status_index" on "contingency_episodes" ("emitter_id", "environment", "status");`);
    this.addSql(`create index "contingency_episodes_status_next_check_at_index" on "contingency_episodes" ("status", "next_check_at");`);

    this.addSql(`create table "document_invalidations" ("id" text not null, "document_id" text not null, "generation_code" text not null, "reason_type" text not null, "reason" text null, "replacement_document_id" text null, "responsible" jsonb not null, "requester" jsonb not null, "status" text not null, "event_json" text not null, "jws" text not null, "seal" text null, "mh_response" jsonb null, "attempts" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "document_invalidations_pkey" primary key ("id"));`);
    this.addSql(`alter table "document_invalidations" add constraint "document_invalidations_generation_code_unique" unique ("generation_code");`);
    this.addSql(`create index "document_invalidations_document_id_index" on "document_invalidations" ("document_id");`);

    this.addSql(`create table "outbox_events" ("id" text not null, "account_id" text not null, "environment" text not null, "type" text not null, "subject_id" text null, "data" jsonb not null, "created_at" timestamptz not null, "dispatched_at" timestamptz null, constraint "outbox_events_pkey" primary key ("id"));`);
    this.addSql(`create index "outbox_events_account_idx" on "outbox_events" ("account_id", "environment", "id");`);
    this.addSql(`create index "outbox_events_pending_idx" on "outbox_events" ("dispatched_at", "id");`);

    this.addSql(`alter table "documents" add column "transmit_lease_until" timestamptz null, add column "contingency_episode_id" text null, add column "operation_type" int not null default 1;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "documents_receiver_trgm_idx";`);
    this.addSql(`drop table if exists "contingency_episodes" cascade;`);

    this.addSql(`drop table if exists "document_invalidations" cascade;`);

    this.addSql(`drop table if exists "outbox_events" cascade;`);

    this.addSql(`alter table "documents" drop column "transmit_lease_until", drop column "contingency_episode_id", drop column "operation_type";`);
  }

}

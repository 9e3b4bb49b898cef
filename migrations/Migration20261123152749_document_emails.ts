import { Migration } from '@mikro-orm/migrations';

export class Migration20261123152749_document_emails extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "document_emails" ("id" text not null, "document_id" text not null, "account_id" text not null, "environment" text not null, "source" text not null, "recipients" jsonb not null, "status" text not null, "attempts" int not null default 0, "next_attempt_at" timestamptz null, "lease_until" timestamptz null, "last_error" text null, "message_id" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "sent_at" timestamptz null, constraint "document_emails_pkey" primary key ("id"));`);
    this.addSql(`create index "document_emails_due_idx" on "document_emails" ("status", "next_attempt_at");`);
    this.addSql(`create index "document_emails_document_idx" on "document_emails" ("document_id", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "document_emails" cascade;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261125153008_account_emails extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "account_emails" ("id" text not null, "account_id" text not null, "user_id" text not null, "kind" text not null, "recipient" text not null, "sealed_message" text null, "link_expires_at" timestamptz not null, "status" text not null, "attempts" int not null default 0, "next_attempt_at" timestamptz null, "lease_until" timestamptz null, "last_error" text null, "message_id" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "sent_at" timestamptz null, constraint "account_emails_pkey" primary key ("id"));`);
    this.addSql(`create index "account_emails_due_idx" on "account_emails" ("status", "next_attempt_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "account_emails" cascade;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261125131800_credential_expiry_notices extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "credential_expiry_notices" ("id" text not null, "credential_id" text not null, "account_id" text not null, "emitter_id" text not null, "environment" text not null, "threshold" int not null, "valid_until" timestamptz not null, "days_left" int not null, "announced" boolean not null, "email_sent_at" timestamptz null, "email_attempts" int not null default 0, "email_error" text null, "created_at" timestamptz not null, constraint "credential_expiry_notices_pkey" primary key ("id"));`);
    this.addSql(`create index "credential_expiry_notices_email_pending_idx" on "credential_expiry_notices" ("created_at") where "announced" and "email_sent_at" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "credential_expiry_notices" cascade;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

/** The owners' e-mail when MH refuses a contingency event: pending until sent, retried by the recovery job. */
export class Migration20261125190000_contingency_failure_emails extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "contingency_episodes" add column "failure_email_pending" boolean not null default false, add column "failure_email_attempts" int not null default 0, add column "failure_email_error" text null;`);
    this.addSql(`create index "contingency_episodes_failure_email_idx" on "contingency_episodes" ("updated_at") where "failure_email_pending";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "contingency_episodes_failure_email_idx";`);
    this.addSql(`alter table "contingency_episodes" drop column "failure_email_pending", drop column "failure_email_attempts", drop column "failure_email_error";`);
  }

}

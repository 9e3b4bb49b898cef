import { Migration } from '@mikro-orm/migrations';

/**
 * Leases on fiscal work, so the sweep re-runs only work whose worker is gone: a report being generated
 * and a period being closed hold a lease (`lease_until`, renewed while the work goes on) and a token
 * naming the run that holds it; a run whose lease was taken over cannot write its result.
 */
export class Migration20261123181418_fiscal_work_leases extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "fiscal_reports" add column "started_at" timestamptz null, add column "lease_until" timestamptz null, add column "lease_token" text null;`);
    this.addSql(`create index "fiscal_reports_pending_idx" on "fiscal_reports" ("status", "created_at") where "status" in ('queued', 'running');`);
    this.addSql(`alter table "fiscal_periods" add column "close_lease_until" timestamptz null, add column "close_lease_token" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "fiscal_periods" drop column if exists "close_lease_until", drop column if exists "close_lease_token";`);
    this.addSql(`drop index if exists "fiscal_reports_pending_idx";`);
    this.addSql(`alter table "fiscal_reports" drop column if exists "started_at", drop column if exists "lease_until", drop column if exists "lease_token";`);
  }

}

import { Migration } from '@mikro-orm/migrations';

/**
 * The issuer-and-dates index also carries the type and status: a list filtered by issuer, dates,
 * type and status then checks all four inside the index instead of reading every document of the
 * issuer's range from the table (ADR 0032). The fiscal ledger's reads use the same leading columns.
 */
export class Migration20261125180500_ledger_index_type_status extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "documents_ledger_type_status_idx" on "documents" ("emitter_id", "environment", "issue_date", "type", "status");`);
    this.addSql(`drop index if exists "documents_ledger_idx";`);
  }

  override async down(): Promise<void> {
    this.addSql(`create index "documents_ledger_idx" on "documents" ("emitter_id", "environment", "issue_date");`);
    this.addSql(`drop index if exists "documents_ledger_type_status_idx";`);
  }

}

import { Migration } from '@mikro-orm/migrations';

/** `GET /v1/emitters/{id}/fiscal/reports` without a period walks an emitter's reports newest first. */
export class Migration20261128200713_fiscal_reports_emitter_list extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "fiscal_reports_emitter_idx" on "fiscal_reports" ("emitter_id", "environment", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "fiscal_reports_emitter_idx";`);
  }

}

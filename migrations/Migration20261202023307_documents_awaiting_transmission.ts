import { Migration } from '@mikro-orm/migrations';

export class Migration20261202023307_documents_awaiting_transmission extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "documents_awaiting_transmission_idx" on "documents" ("updated_at") where "status" in ('signed', 'sending');`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "documents_awaiting_transmission_idx";`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261125121942_document_type_index extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "documents_type_idx" on "documents" ("account_id", "environment", "type", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "documents_type_idx";`);
  }

}

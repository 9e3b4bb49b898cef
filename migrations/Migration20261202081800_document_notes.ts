import { Migration } from '@mikro-orm/migrations';

export class Migration20261202081800_document_notes extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "documents" add column "notes" text generated always as (coalesce(request->>'notes', request->'raw'->'extension'->>'observaciones', request->'raw'->'resumen'->>'observaciones')) stored null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "documents" drop column "notes";`);
  }

}

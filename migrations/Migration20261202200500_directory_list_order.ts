import { Migration } from '@mikro-orm/migrations';

/**
 * The directory lists in alphabetical order (name or description, then id): an index in that order
 * per emitter lets a search for a common name read the first matches in order and stop at the page,
 * instead of sorting every match the trigram index finds.
 */
export class Migration20261202200500_directory_list_order extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index if exists "customers_emitter_idx";`);
    this.addSql(`create index "customers_emitter_name_idx" on "customers" ("emitter_id", "name", "id");`);
    this.addSql(`drop index if exists "products_emitter_idx";`);
    this.addSql(`create index "products_emitter_description_idx" on "products" ("emitter_id", "description", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "customers_emitter_name_idx";`);
    this.addSql(`create index "customers_emitter_idx" on "customers" ("emitter_id", "id");`);
    this.addSql(`drop index if exists "products_emitter_description_idx";`);
    this.addSql(`create index "products_emitter_idx" on "products" ("emitter_id", "id");`);
  }

}

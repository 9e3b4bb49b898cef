import { Migration } from '@mikro-orm/migrations';

/**
 * A change to what issuance by reference reads of the directory — a customer's receiver, a product's
 * line fields, either one deleted or moved — notifies `dte_emitter` with the emitter's id, whoever
 * writes it, through the issuer tables' own function: each process's cache of directory references
 * (src/services/emitters/emitter-cache.ts) drops that emitter's entries. A customer's or product's
 * `last_used_at`, which every issuance by reference moves, notifies nothing.
 */
export class Migration20261203150000_directory_changes extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create trigger "customers_changed" after delete or update of "receiver", "emitter_id", "account_id" on "customers" for each row execute function "emitter_notify_change"();`);
    this.addSql(`create trigger "products_changed" after delete or update of "type", "code", "description", "unit_code", "unit_price", "tax", "taxes", "emitter_id", "account_id" on "products" for each row execute function "emitter_notify_change"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "customers_changed" on "customers";`);
    this.addSql(`drop trigger if exists "products_changed" on "products";`);
  }

}

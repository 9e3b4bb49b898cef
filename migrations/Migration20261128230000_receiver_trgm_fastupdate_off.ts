import { Migration } from '@mikro-orm/migrations';

/**
 * The receiver-search trigram index without GIN's pending list. With `fastupdate` on (PostgreSQL's
 * default) new entries pile up in an unsorted list that one unlucky insert or update merges into
 * the index once it passes `gin_pending_list_limit` (4 MB, a few thousand documents): that
 * issuance waited ~0.5 s and the other issuances queued behind its counter lock, and every search
 * scanned the list until then. Each insert now pays for its own ~30 entries, a constant cost.
 */
export class Migration20261128230000_receiver_trgm_fastupdate_off extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter index "documents_receiver_trgm_idx" set (fastupdate = off);`);
    // Entries already pending move into the index now rather than on the next unlucky write.
    this.addSql(`select gin_clean_pending_list('documents_receiver_trgm_idx'::regclass);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter index "documents_receiver_trgm_idx" reset (fastupdate);`);
  }

}

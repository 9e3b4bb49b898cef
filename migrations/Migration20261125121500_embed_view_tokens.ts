import { Migration } from '@mikro-orm/migrations';

export class Migration20261125121500_embed_view_tokens extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "embed_sessions" add column "view_token_hash" text null, add column "view_expires_at" timestamptz null;`);
    this.addSql(`alter table "embed_sessions" alter column "report_id" drop not null;`);
    this.addSql(`create unique index "embed_sessions_view_token_idx" on "embed_sessions" ("view_token_hash");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "embed_sessions_view_token_idx";`);
    this.addSql(`alter table "embed_sessions" drop column "view_token_hash", drop column "view_expires_at";`);
    this.addSql(`delete from "embed_sessions" where "report_id" is null;`);
    this.addSql(`alter table "embed_sessions" alter column "report_id" set not null;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261202155437_customer_edit_links extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "customer_edit_links" ("id" text not null, "token_hash" text not null, "account_id" text not null, "customer_id" text not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null, constraint "customer_edit_links_pkey" primary key ("id"));`);
    this.addSql(`create index "customer_edit_links_customer_idx" on "customer_edit_links" ("customer_id");`);
    this.addSql(`alter table "customer_edit_links" add constraint "customer_edit_links_token_idx" unique ("token_hash");`);

    this.addSql(`alter table "customer_edit_links" add constraint "customer_edit_links_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "customer_edit_links" cascade;`);
  }

}

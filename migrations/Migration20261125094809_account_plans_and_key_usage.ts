import { Migration } from '@mikro-orm/migrations';

export class Migration20261125094809_account_plans_and_key_usage extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "accounts" add column "plan_code" text null, add column "embed_origins" text[] not null default '{}';`);

    this.addSql(`alter table "api_keys" add column "last_used_at" timestamptz null, add column "created_by_user_id" text null;`);

  }

  override async down(): Promise<void> {
    this.addSql(`alter table "accounts" drop column "plan_code", drop column "embed_origins";`);

    this.addSql(`alter table "api_keys" drop column "last_used_at", drop column "created_by_user_id";`);

  }

}

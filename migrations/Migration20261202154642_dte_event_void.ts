import { Migration } from '@mikro-orm/migrations';

export class Migration20261202154642_dte_event_void extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "dte_events" add column "void" jsonb null, add column "voided_at" timestamptz null, add column "void_generation_code" text null, add column "void_event_json" text null, add column "void_jws" text null, add column "void_attempts" int not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "dte_events" drop column "void", drop column "voided_at", drop column "void_generation_code", drop column "void_event_json", drop column "void_jws", drop column "void_attempts";`);
  }

}

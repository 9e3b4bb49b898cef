import { Migration } from '@mikro-orm/migrations';

export class Migration20261202021313_emitter_logos extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "emitter_logos" ("emitter_id" text not null, "media_type" text not null, "content" bytea not null, "bytes" int not null, "sha256" text not null, "updated_at" timestamptz not null, constraint "emitter_logos_pkey" primary key ("emitter_id"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "emitter_logos" cascade;`);
  }

}

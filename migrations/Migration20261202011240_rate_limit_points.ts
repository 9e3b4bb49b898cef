import { Migration } from '@mikro-orm/migrations';

export class Migration20261202011240_rate_limit_points extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "rate_limit_points" ("key" varchar(255) not null, "points" int not null default 0, "expire" bigint null, constraint "rate_limit_points_pkey" primary key ("key"));`);
    this.addSql(`create index "rate_limit_points_expire_index" on "rate_limit_points" ("expire");`);
    // Counters of the current minute: no WAL and no flush per request; a crash or a failover starts the window again.
    this.addSql(`alter table "rate_limit_points" set unlogged;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rate_limit_points" cascade;`);
  }

}

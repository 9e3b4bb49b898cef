import { Migration } from '@mikro-orm/migrations';

/**
 * Process leases (one heartbeated row per running service process) and, on each idempotency record,
 * its owner's lease and the resources the request created, written in the creating transaction.
 */
export class Migration20261125080734_process_leases extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "process_leases" ("id" text not null, "host" text not null, "pid" int not null, "pid_namespace" text null, "process_token" text not null, "role" text not null, "started_at" timestamptz not null, "heartbeat_at" timestamptz not null, "expires_at" timestamptz not null, constraint "process_leases_pkey" primary key ("id"));`);
    this.addSql(`create index "process_leases_expires_at_index" on "process_leases" ("expires_at");`);

    this.addSql(`alter table "idempotency_records" add column "owner_lease_id" text null, add column "resources" jsonb not null default '[]';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "process_leases" cascade;`);

    this.addSql(`alter table "idempotency_records" drop column "owner_lease_id", drop column "resources";`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261123130958_webhooks extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "webhook_endpoints" ("id" text not null, "account_id" text not null, "environment" text not null, "url" text not null, "events" jsonb not null, "secret_sealed" text not null, "previous_secret_sealed" text null, "previous_secret_expires_at" timestamptz null, "disabled" boolean not null default false, "last_delivery_at" timestamptz null, "last_delivery_status" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "webhook_endpoints_pkey" primary key ("id"));`);
    this.addSql(`create index "webhook_endpoints_account_idx" on "webhook_endpoints" ("account_id", "environment", "id");`);

    this.addSql(`create table "webhook_deliveries" ("id" text not null, "endpoint_id" text not null, "account_id" text not null, "environment" text not null, "event_id" text not null, "event_type" text not null, "body" text not null, "status" text not null, "test" boolean not null default false, "attempt_count" int not null default 0, "first_attempt_at" timestamptz null, "next_attempt_at" timestamptz null, "lease_until" timestamptz null, "last_attempt_at" timestamptz null, "last_status" int null, "last_error" text null, "delivered_at" timestamptz null, "failed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "webhook_deliveries_pkey" primary key ("id"));`);
    this.addSql(`create index "webhook_deliveries_due_idx" on "webhook_deliveries" ("status", "next_attempt_at");`);
    this.addSql(`create index "webhook_deliveries_endpoint_idx" on "webhook_deliveries" ("endpoint_id", "id");`);
    this.addSql(`alter table "webhook_deliveries" add constraint "webhook_deliveries_endpoint_event_unique" unique ("endpoint_id", "event_id");`);

    this.addSql(`create table "webhook_attempts" ("id" text not null, "delivery_id" text not null, "number" int not null, "at" timestamptz not null, "status_code" int not null, "duration_ms" int not null, "error" text null, "response_excerpt" text null, constraint "webhook_attempts_pkey" primary key ("id"));`);
    this.addSql(`alter table "webhook_attempts" add constraint "webhook_attempts_delivery_number_unique" unique ("delivery_id", "number");`);

    this.addSql(`alter table "webhook_deliveries" add constraint "webhook_deliveries_endpoint_id_foreign" foreign key ("endpoint_id") references "webhook_endpoints" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "webhook_attempts" add constraint "webhook_attempts_delivery_id_foreign" foreign key ("delivery_id") references "webhook_deliveries" ("id") on update cascade on delete cascade;`);

  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_deliveries" drop constraint "webhook_deliveries_endpoint_id_foreign";`);

    this.addSql(`alter table "webhook_attempts" drop constraint "webhook_attempts_delivery_id_foreign";`);

    this.addSql(`drop table if exists "webhook_endpoints" cascade;`);

    this.addSql(`drop table if exists "webhook_deliveries" cascade;`);

    this.addSql(`drop table if exists "webhook_attempts" cascade;`);

  }

}

import { Migration } from '@mikro-orm/migrations';

/**
 * Every change to what issuance and `GET /v1/emitters/{id}` read of an issuer — the emitter row, its
 * establishments and points of sale (code, activity and place; not the documents count issuance
 * bumps), its credentials, and its contingency episodes opening, closing or changing their type or
 * reason — notifies `dte_emitter` with the emitter's id, whoever writes it (a service, the CLI, an
 * operator's SQL): each process's cache of issuers drops that emitter's entries
 * (src/services/emitters/emitter-cache.ts).
 */
export class Migration20261128180000_emitter_changes extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create or replace function "emitter_notify_change"() returns trigger language plpgsql as $$
declare
  emitter text;
begin
  if tg_table_name = 'emitters' then
    emitter := coalesce(new.id, old.id);
  elsif tg_table_name = 'points_of_sale' then
    select s.emitter_id into emitter from establishments s where s.id = coalesce(new.establishment_id, old.establishment_id);
  else
    emitter := coalesce(new.emitter_id, old.emitter_id);
  end if;
  if emitter is not null then
    perform pg_notify('dte_emitter', json_build_object('id', emitter)::text);
  end if;
  return null;
end;
$$;`);
    this.addSql(`create trigger "emitters_changed" after update or delete on "emitters" for each row execute function "emitter_notify_change"();`);
    this.addSql(`create trigger "establishments_changed" after insert or update or delete on "establishments" for each row execute function "emitter_notify_change"();`);
    this.addSql(`create trigger "points_of_sale_changed" after insert or delete or update of "code", "active", "establishment_id" on "points_of_sale" for each row execute function "emitter_notify_change"();`);
    this.addSql(`create trigger "emitter_credentials_changed" after insert or update or delete on "emitter_credentials" for each row execute function "emitter_notify_change"();`);
    this.addSql(`create trigger "contingency_episodes_changed" after insert or delete or update of "status", "contingency_type", "reason", "emitter_id", "environment" on "contingency_episodes" for each row execute function "emitter_notify_change"();`);
  }

  override async down(): Promise<void> {
    for (const [trigger, table] of [['emitters_changed', 'emitters'], ['establishments_changed', 'establishments'], ['points_of_sale_changed', 'points_of_sale'], ['emitter_credentials_changed', 'emitter_credentials'], ['contingency_episodes_changed', 'contingency_episodes']]) {
      this.addSql(`drop trigger if exists "${trigger}" on "${table}";`);
    }
    this.addSql(`drop function if exists "emitter_notify_change"();`);
  }

}

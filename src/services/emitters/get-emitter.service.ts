import { emitterVisibleTo, keyEmitterForbidden } from './emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { preparedRows, statementEm } from '../shared/sql';
import { readThrough } from '../shared/notice-cache';
import { emitterFieldsOf, type EmitterColumnsRow } from './emitter-row';
import type { EmitterRecord } from './emitter-view';

interface EmitterRow extends EmitterColumnsRow {
  establishment_type: string | null;
  logo_url: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * An emitter of the caller's account, or null (another account's emitter is invisible). One
 * prepared statement by primary key and account, on a read of `GET /v1/emitters/{id}` and
 * `emitter(id)` that this process's emitter cache cannot answer (EmitterCaches): the ORM's query
 * building and identity map cost more than the read itself.
 */
export class GetEmitterService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string): Promise<EmitterRecord | null> {
    if (typeof id !== 'string' || id.length > 64) return null;
    const limitedKey = actor.scheme === 'api_key' && !!actor.keyLimits?.emitterIds;
    if (!emitterVisibleTo(actor, id) && !limitedKey) return null;
    const view = await readThrough(this.deps.emitterCaches?.views, `${actor.accountId}\u0000${id}`, id, () => this.read(actor, id));
    // An emitter of the account outside a limited key's emitter_ids: 403 naming the limit (another account's stays "not found").
    if (view && !emitterVisibleTo(actor, id)) throw keyEmitterForbidden(actor, 'id');
    return view;
  }

  private async read(actor: Actor, id: string): Promise<EmitterRecord | null> {
    const [r] = await preparedRows<EmitterRow>(
      statementEm(this.deps.orm),
      `select id, nit, nrc, name, trade_name, economic_activity, establishment_type, address_department, address_municipality,
              address_district, address_line, phone, email, numbering, logo_url, is_large_taxpayer, created_at, updated_at
         from emitters where id = ? and account_id = ?`,
      [id, actor.accountId],
    );
    if (!r) return null;
    return { ...emitterFieldsOf(r), establishmentType: r.establishment_type, logoUrl: r.logo_url, createdAt: r.created_at, updatedAt: r.updated_at };
  }
}

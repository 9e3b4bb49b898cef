import type { Environment } from '../../domain/identity/api-key-format';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { preparedSql } from '../shared/sql';
import { EMBED_VIEW_SCOPES, EMBED_VIEW_TOKEN_PREFIX, hashEmbedToken, isWellFormedEmbedToken } from './embed-token';

/**
 * Resolves a read-only view token (`vt_…`) to an actor that reads one emitter of one account in
 * one environment: scopes `emitters:read`, `documents:read`, `fiscal:read`, and `onlyEmitterIds` (its one emitter),
 * which every read of emitters, documents and reports honours. Null when unknown or expired.
 */
export class AuthenticateEmbedViewService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(token: string): Promise<Actor | null> {
    if (!token.startsWith(EMBED_VIEW_TOKEN_PREFIX) || !isWellFormedEmbedToken(token)) return null;
    const [row] = await preparedSql<{ id: string; account_id: string; environment: Environment; emitter_id: string; report_id: string | null; view_expires_at: Date }>(
      this.deps.orm.em.fork(),
      'select id, account_id, environment, emitter_id, report_id, view_expires_at from embed_sessions where view_token_hash = ?',
      [hashEmbedToken(token)],
    );
    if (!row || new Date(row.view_expires_at) <= this.deps.clock.now()) return null;
    return {
      accountId: row.account_id,
      environment: row.environment,
      scopes: EMBED_VIEW_SCOPES,
      keyId: row.id,
      scheme: 'embed_view',
      user: null,
      onlyEmitterIds: [row.emitter_id],
    };
  }
}

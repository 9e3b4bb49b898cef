import type { Environment } from '../../domain/identity/api-key-format';
import { DomainError } from '../../domain/shared/domain-error';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { EMBED_VIEW_TTL_S, hashEmbedToken, isWellFormedEmbedToken, newViewToken } from './embed-token';

export interface EmbedView {
  viewToken: string;
  expiresAt: Date;
  emitterId: string;
  reportId: string | null;
  environment: Environment;
}

interface Row {
  id: string;
  used_at: Date | null;
  expires_at: Date;
}

const EXPIRED = 'Este enlace expiró o no es válido: pida uno nuevo a quien se lo compartió.';
const USED = 'Este enlace ya fue usado: cada enlace abre la vista una sola vez. Pida uno nuevo a quien se lo compartió.';

/**
 * Spends an embed link's token once (the page's script does it; a GET of the page spends nothing,
 * so mail scanners and link previews cannot burn it) and hands back a read-only view token. A
 * second spend is `embed_link_used` (410); an expired or unknown token `embed_link_expired` (401).
 * The spend is one conditional UPDATE: two racing exchanges cannot both win.
 */
export class ExchangeEmbedTokenService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(token: unknown): Promise<EmbedView> {
    if (!isWellFormedEmbedToken(token)) throw new DomainError('embed_link_expired', EXPIRED);
    const em = this.deps.orm.em.fork();
    const now = this.deps.clock.now();
    const hash = hashEmbedToken(token);
    const viewToken = newViewToken();
    const viewExpiresAt = new Date(now.getTime() + EMBED_VIEW_TTL_S * 1000);
    const [spent] = await sql<{ emitter_id: string; report_id: string | null; environment: Environment }>(
      em,
      `update embed_sessions set used_at = ?, view_token_hash = ?, view_expires_at = ?
        where token_hash = ? and used_at is null and expires_at > ?
        returning emitter_id, report_id, environment`,
      [now, hashEmbedToken(viewToken), viewExpiresAt, hash, now],
    );
    if (spent) return { viewToken, expiresAt: viewExpiresAt, emitterId: spent.emitter_id, reportId: spent.report_id, environment: spent.environment };
    const [row] = await sql<Row>(em, 'select id, used_at, expires_at from embed_sessions where token_hash = ?', [hash]);
    if (row?.used_at) throw new DomainError('embed_link_used', USED);
    throw new DomainError('embed_link_expired', EXPIRED);
  }
}

import { parseEmbedOrigin } from '../../domain/embed/embed-origin';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';

/** The origins that may frame the embed view of one embed session (by its id, which is not secret). */
export class EmbedFrameAncestorsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(embedSessionId: string): Promise<string[]> {
    if (typeof embedSessionId !== 'string' || embedSessionId.length > 64) return [];
    const rows = await sql<{ embed_origins: string[] }>(
      this.deps.orm.em.fork(),
      'select a.embed_origins from embed_sessions s join accounts a on a.id = s.account_id where s.id = ?',
      [embedSessionId],
    );
    return (rows[0]?.embed_origins ?? []).map(parseEmbedOrigin).filter((o): o is string => o !== null);
  }
}

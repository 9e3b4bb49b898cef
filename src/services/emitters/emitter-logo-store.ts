/**
 * The `emitter_logos` table's one owner (ADR 0046): an issuer's uploaded logo, written, read and
 * removed here only (the upload and delete services, the logo's GET, the document PDF).
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { ServiceDeps } from '../shared/service-deps';
import { sql, sqlRows, statementEm } from '../shared/sql';

export interface StoredLogo {
  mediaType: string;
  content: Buffer;
  sha256: string;
  updatedAt: Date;
}

/** Where the service serves an issuer's uploaded logo: what its `logo_url` says once one is uploaded. */
export function uploadedLogoUrl(deps: ServiceDeps, emitterId: string): string {
  return `${deps.baseUrl().replace(/\/$/, '')}/v1/emitters/${emitterId}/logo`;
}

export async function saveLogo(tx: EntityManager, emitterId: string, mediaType: string, content: Buffer, at: Date): Promise<{ sha256: string; bytes: number }> {
  const sha256 = createHash('sha256').update(content).digest('hex');
  await sql(
    tx,
    `insert into emitter_logos (emitter_id, media_type, content, bytes, sha256, updated_at) values (?, ?, ?, ?, ?, ?)
     on conflict (emitter_id) do update set media_type = excluded.media_type, content = excluded.content, bytes = excluded.bytes, sha256 = excluded.sha256, updated_at = excluded.updated_at`,
    [emitterId, mediaType, content, content.length, sha256, at],
  );
  return { sha256, bytes: content.length };
}

/** Removes the issuer's uploaded logo; whether there was one. */
export async function removeLogo(tx: EntityManager, emitterId: string): Promise<boolean> {
  return (await sql(tx, 'delete from emitter_logos where emitter_id = ? returning emitter_id', [emitterId])).length > 0;
}

/** The issuer's uploaded logo, or null (read outside any transaction). */
export async function readLogo(deps: ServiceDeps, emitterId: string): Promise<StoredLogo | null> {
  const [row] = await sqlRows<{ media_type: string; content: Buffer; sha256: string; updated_at: Date }>(
    statementEm(deps.orm),
    'select media_type, content, sha256, updated_at from emitter_logos where emitter_id = ?',
    [emitterId],
  );
  return row ? { mediaType: row.media_type, content: row.content, sha256: row.sha256, updatedAt: new Date(row.updated_at) } : null;
}
